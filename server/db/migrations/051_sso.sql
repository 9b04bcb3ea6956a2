-- Single sign-on (OpenID Connect, SAML): the provider a user signed in through, the sign-ins in
-- flight, and the SAML assertions already used (replay guard).
ALTER TABLE users ADD COLUMN sso_provider TEXT;

CREATE TABLE sso_requests (
  -- sha256 of the browser-binding cookie: the answer must come back to the browser that asked.
  binding_hash TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('oidc', 'saml')),
  -- OpenID Connect: state, nonce and PKCE verifier; SAML: the AuthnRequest id in state.
  state TEXT NOT NULL,
  nonce TEXT NOT NULL DEFAULT '',
  code_verifier TEXT NOT NULL DEFAULT '',
  redirect_to TEXT NOT NULL,
  expires_at TEXT NOT NULL
);

CREATE TABLE saml_used_assertions (
  assertion_id TEXT PRIMARY KEY,
  expires_at TEXT NOT NULL
);
