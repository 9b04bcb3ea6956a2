-- When a session that another service vouches for (Crowd's single sign-on) was last confirmed
-- with that service; empty: never since it began (its created_at stands in).
ALTER TABLE sessions ADD COLUMN sso_checked_at TEXT;
