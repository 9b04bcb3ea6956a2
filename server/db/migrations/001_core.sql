-- Users and their sessions: the base every other area's tables refer to.
CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE COLLATE NOCASE,
  email TEXT NOT NULL DEFAULT '',
  password_hash TEXT NOT NULL,
  admin INTEGER NOT NULL DEFAULT 0,
  realm TEXT NOT NULL DEFAULT 'internal',
  created_at TEXT NOT NULL,
  password_changed_at TEXT NOT NULL,
  -- Set when the password must be changed before the next sign-in.
  password_expired INTEGER NOT NULL DEFAULT 0,
  credentials_expired INTEGER NOT NULL DEFAULT 0,
  mfa_secret TEXT,
  mfa_enrolled INTEGER NOT NULL DEFAULT 0,
  first_login INTEGER NOT NULL DEFAULT 1,
  profile_updatable INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE sessions (
  -- sha256 of the cookie value: a leaked database does not leak live sessions.
  id_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  -- 'full' once login (and MFA, when needed) is complete; 'mfa' while a code is awaited.
  stage TEXT NOT NULL DEFAULT 'full'
);
CREATE INDEX sessions_user ON sessions(user_id);
