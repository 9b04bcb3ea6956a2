-- An admin can disable a user: every sign-in, session and token of theirs stops working at
-- once, and the account (its grants, its packages' history) stays for when it is enabled again.
ALTER TABLE users ADD COLUMN disabled INTEGER NOT NULL DEFAULT 0;
