-- Administration: proxies, projects, groups and permissions (srvauth).

CREATE TABLE proxies (
  key TEXT PRIMARY KEY,
  host TEXT NOT NULL,
  port INTEGER NOT NULL,
  username TEXT,
  -- Write-only: never answered to clients.
  password TEXT,
  non_proxy_hosts TEXT,
  default_proxy INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE projects (
  key TEXT PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  description TEXT NOT NULL DEFAULT '',
  manage_members INTEGER NOT NULL DEFAULT 1,
  manage_resources INTEGER NOT NULL DEFAULT 1,
  index_resources INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL
);

CREATE TABLE project_members (
  project_key TEXT NOT NULL REFERENCES projects(key) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  roles TEXT NOT NULL,
  PRIMARY KEY (project_key, user_id)
);

CREATE TABLE groups (
  name TEXT PRIMARY KEY COLLATE NOCASE,
  description TEXT NOT NULL DEFAULT '',
  auto_join INTEGER NOT NULL DEFAULT 0,
  admin_privileges INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);

CREATE TABLE group_members (
  group_name TEXT NOT NULL REFERENCES groups(name) ON DELETE CASCADE ON UPDATE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  PRIMARY KEY (group_name, user_id)
);

-- Permission targets: repositories with include/exclude patterns and per-principal actions.
CREATE TABLE permissions (
  name TEXT PRIMARY KEY COLLATE NOCASE,
  repositories TEXT NOT NULL DEFAULT '[]',
  include_patterns TEXT NOT NULL DEFAULT '["**"]',
  exclude_patterns TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL
);

CREATE TABLE permission_principals (
  permission_name TEXT NOT NULL REFERENCES permissions(name) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('user', 'group')),
  principal TEXT NOT NULL COLLATE NOCASE,
  actions TEXT NOT NULL,
  PRIMARY KEY (permission_name, kind, principal)
);
