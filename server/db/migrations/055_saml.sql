-- SAML 2.0 sign-in: the AuthnRequest and LogoutRequest ids the platform issued (an answer
-- must be to one of them, once), and what a SAML session needs to sign out at the provider.
CREATE TABLE saml_requests (
  request_id TEXT PRIMARY KEY,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
);

CREATE TABLE saml_logouts (
  -- sha256 of the HttpOnly cookie set at sign-in: it outlives the session's own cookie so the
  -- SAML logout address can still name the user to the provider after the console signed out.
  binding_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name_id TEXT NOT NULL,
  name_id_format TEXT NOT NULL,
  session_index TEXT NOT NULL DEFAULT '',
  expires_at TEXT NOT NULL
);
CREATE INDEX saml_logouts_name_id ON saml_logouts (name_id);
