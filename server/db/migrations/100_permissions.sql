-- Registry authorisation (server/permissions): the default permission targets, so that every
-- registry call can be checked against stored grants from the first start on. Admins edit
-- them under Administration > Permissions.
--   readers (auto-join, every user joins it): read everywhere, and cache through remotes;
--   the anonymous user: read everywhere (only while anonymous access is on);
--   the seeded developer account: deploy and delete/overwrite in local repositories.
INSERT OR IGNORE INTO groups (name, description, auto_join, admin_privileges, created_at)
  VALUES ('readers', 'Every user: read on every repository', 1, 0, '2026-01-05T09:00:00.000Z');
INSERT OR IGNORE INTO group_members (group_name, user_id)
  SELECT 'readers', id FROM users;

INSERT OR IGNORE INTO permissions (name, repositories, include_patterns, exclude_patterns, created_at) VALUES
  ('Anything', '["ANY"]', '["**"]', '[]', '2026-01-05T09:00:00.000Z'),
  ('Any Remote', '["ANY REMOTE"]', '["**"]', '[]', '2026-01-05T09:00:00.000Z'),
  ('Local deploy', '["ANY LOCAL"]', '["**"]', '[]', '2026-01-05T09:00:00.000Z');
INSERT OR IGNORE INTO permission_principals (permission_name, kind, principal, actions) VALUES
  ('Anything', 'group', 'readers', '["read"]'),
  ('Anything', 'user', 'anonymous', '["read"]'),
  ('Any Remote', 'group', 'readers', '["read","deploy"]'),
  ('Any Remote', 'user', 'anonymous', '["read","deploy"]'),
  ('Local deploy', 'user', 'developer', '["read","annotate","deploy","delete"]');

-- Every npm version ever published, with its tarball's sha256: a version unpublished stays
-- here, so it can come back only with the very same bytes (npm's rule: a name@version never
-- changes). Published versions already stored are recorded now.
CREATE TABLE npm_published_versions (
  package TEXT NOT NULL,
  version TEXT NOT NULL,
  sha256 TEXT NOT NULL,
  published_at TEXT NOT NULL,
  PRIMARY KEY (package, version)
);
INSERT OR IGNORE INTO npm_published_versions (package, version, sha256, published_at)
  SELECT p.name, v.name, v.digest, v.created
  FROM catalog_versions v
  JOIN catalog_packages p ON p.id = v.package_id
  JOIN npm_version_documents d ON d.version_id = v.id
  WHERE v.digest IS NOT NULL;
