-- Whether a repository was added after the instance started (an admin's create or quick setup),
-- so GET /ui/onboarding/initStatus answers hasOnlyDefaultRepos from the repositories themselves
-- instead of always true. Of those there before this migration, the eleven the migrations create
-- are the defaults; any other was added by someone.
ALTER TABLE repositories ADD COLUMN user_added INTEGER NOT NULL DEFAULT 0;
UPDATE repositories SET user_added = 1
  WHERE key NOT IN ('debian-local', 'debian-remote', 'docker', 'docker-local', 'docker-remote', 'generic-local',
    'generic-remote', 'npm', 'npm-local', 'npm-remote', 'release-bundles');
