-- Client tokens (server/tokens): what each may do (some repositories or all; read or
-- read+deploy) and a description its owner chose. Tokens made before carry their owner's
-- rights up to deploy on every repository, as they did.
ALTER TABLE access_tokens ADD COLUMN description TEXT NOT NULL DEFAULT '';
-- JSON array of repository keys; NULL: every repository.
ALTER TABLE access_tokens ADD COLUMN scope_repositories TEXT;
ALTER TABLE access_tokens ADD COLUMN scope_access TEXT NOT NULL DEFAULT 'deploy';
CREATE INDEX access_tokens_user ON access_tokens(user_id, kind);
