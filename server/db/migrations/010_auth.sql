-- Auth, sessions and platform settings (srvauth). Tokens are stored as sha256 only.

ALTER TABLE users ADD COLUMN mfa_required INTEGER NOT NULL DEFAULT 0;
-- Last accepted TOTP time step: a code cannot be replayed within its window.
ALTER TABLE users ADD COLUMN mfa_last_counter INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN last_login_at TEXT;
ALTER TABLE users ADD COLUMN api_key TEXT;
ALTER TABLE users ADD COLUMN has_seen_getting_started INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN wizard_closed INTEGER NOT NULL DEFAULT 0;

-- Remember-me decides the cookie's lifetime; unlocked_until is the profile-unlock window.
ALTER TABLE sessions ADD COLUMN remember INTEGER NOT NULL DEFAULT 0;
ALTER TABLE sessions ADD COLUMN unlocked_until TEXT;

-- Single-use tokens mailed to people: password reset links and invitations.
CREATE TABLE mail_tokens (
  token_hash TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('reset', 'invitation')),
  user_id INTEGER REFERENCES users(id) ON DELETE CASCADE,
  email TEXT NOT NULL DEFAULT '',
  created_by INTEGER REFERENCES users(id) ON DELETE SET NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT
);

-- Tokens the platform issues to clients (CLI login, identity tokens).
CREATE TABLE access_tokens (
  id TEXT PRIMARY KEY,
  token_hash TEXT NOT NULL UNIQUE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
);

-- A CLI login: the browser (signed in) approves the CLI's session id and gets a code the
-- person types into the CLI; the CLI exchanges session + code once for a token.
CREATE TABLE cli_sessions (
  session TEXT PRIMARY KEY,
  client_name TEXT NOT NULL,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  code_hash TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT
);

-- Failed-attempt counters per key (e.g. login:<ip>:<user>), shared by every cluster node.
CREATE TABLE rate_limits (
  key TEXT PRIMARY KEY,
  window_start INTEGER NOT NULL,
  count INTEGER NOT NULL
);

-- Instance settings as JSON documents (general configuration, SAML, OAuth providers…).
CREATE TABLE settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
