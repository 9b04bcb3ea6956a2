-- Repositories as records (local, remote, virtual), the content-addressed blob store's index,
-- generic artifacts, npm dist-tags and version documents. The catalogue's existing versions
-- name their repository in catalog_versions.repo; the seeded rows below own them.
CREATE TABLE repositories (
  key TEXT PRIMARY KEY,
  package_type TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('local', 'remote', 'virtual')),
  description TEXT NOT NULL DEFAULT '',
  includes_pattern TEXT NOT NULL DEFAULT '**/*',
  excludes_pattern TEXT NOT NULL DEFAULT '',
  -- remote only: another platform's repository address (never fetched from here).
  url TEXT,
  -- virtual only: where deployments to the virtual repository go.
  default_deployment_repo TEXT,
  created TEXT NOT NULL,
  modified TEXT NOT NULL
);

-- A virtual repository's members, in resolution order.
CREATE TABLE repository_members (
  virtual_key TEXT NOT NULL REFERENCES repositories(key) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  member_key TEXT NOT NULL REFERENCES repositories(key),
  PRIMARY KEY (virtual_key, position),
  UNIQUE (virtual_key, member_key)
);
CREATE INDEX repository_members_member ON repository_members(member_key);

-- One row per distinct content (sha256); the bytes live in <data>/blobs/<aa>/<bb>/<sha256>.
CREATE TABLE blobs (
  sha256 TEXT PRIMARY KEY,
  sha1 TEXT NOT NULL,
  md5 TEXT NOT NULL,
  size INTEGER NOT NULL,
  created TEXT NOT NULL
);

-- Files deployed to a repository outside any package (generic repositories, console deploys).
CREATE TABLE artifacts (
  repo TEXT NOT NULL REFERENCES repositories(key) ON DELETE CASCADE,
  path TEXT NOT NULL,
  sha256 TEXT NOT NULL REFERENCES blobs(sha256),
  size INTEGER NOT NULL,
  mime_type TEXT NOT NULL,
  created TEXT NOT NULL,
  modified TEXT NOT NULL,
  deployed_by TEXT NOT NULL,
  PRIMARY KEY (repo, path)
);
CREATE INDEX artifacts_sha256 ON artifacts(sha256);

-- Who deployed a catalogue file and when it was stored (published npm versions).
ALTER TABLE catalog_files ADD COLUMN deployed_by TEXT;

-- npm: the version document as published (the packument's versions entries) and dist-tags.
CREATE TABLE npm_version_documents (
  version_id TEXT PRIMARY KEY REFERENCES catalog_versions(id) ON DELETE CASCADE,
  document TEXT NOT NULL
);
CREATE TABLE npm_dist_tags (
  repo TEXT NOT NULL,
  package TEXT NOT NULL,
  tag TEXT NOT NULL,
  version TEXT NOT NULL,
  PRIMARY KEY (repo, package, tag)
);

-- Build-info documents as deployed (PUT /artifactory/api/build), beside catalog_builds' summary.
ALTER TABLE catalog_builds ADD COLUMN document TEXT;

INSERT INTO repositories (key, package_type, kind, description, url, default_deployment_repo, created, modified) VALUES
  ('npm-local', 'npm', 'local', 'npm packages published here', NULL, NULL, '2026-01-05T09:00:00.000Z', '2026-01-05T09:00:00.000Z'),
  ('npm-remote', 'npm', 'remote', 'Cache of the public npm registry', 'https://registry.npmjs.org', NULL, '2026-01-05T09:00:00.000Z', '2026-01-05T09:00:00.000Z'),
  ('npm', 'npm', 'virtual', 'npm-local then npm-remote', NULL, 'npm-local', '2026-01-05T09:00:00.000Z', '2026-01-05T09:00:00.000Z'),
  ('debian-local', 'debian', 'local', 'Debian packages built here', NULL, NULL, '2026-01-05T09:00:00.000Z', '2026-01-05T09:00:00.000Z'),
  ('debian-remote', 'debian', 'remote', 'Cache of the Debian archive', 'https://deb.debian.org/debian', NULL, '2026-01-05T09:00:00.000Z', '2026-01-05T09:00:00.000Z'),
  ('docker-local', 'docker', 'local', 'Container images', NULL, NULL, '2026-01-05T09:00:00.000Z', '2026-01-05T09:00:00.000Z'),
  ('generic-local', 'generic', 'local', 'Any file, stored as deployed', NULL, NULL, '2026-01-05T09:00:00.000Z', '2026-01-05T09:00:00.000Z'),
  ('release-bundles', 'releasebundles', 'local', 'Release bundles', NULL, NULL, '2026-01-05T09:00:00.000Z', '2026-01-05T09:00:00.000Z');
INSERT INTO repository_members (virtual_key, position, member_key) VALUES ('npm', 0, 'npm-local'), ('npm', 1, 'npm-remote');
