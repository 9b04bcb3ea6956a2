-- Remote repositories proxy and cache an upstream: their settings beside the record, write-only
-- credentials, the last failure, cached npm documents (with the upstream's ETag), cached files
-- (bytes in the blob store) and downloads per version and day.
ALTER TABLE repositories ADD COLUMN offline INTEGER NOT NULL DEFAULT 0;
-- How long a cached package document is served before it is revalidated upstream.
ALTER TABLE repositories ADD COLUMN metadata_ttl_seconds INTEGER NOT NULL DEFAULT 600;
ALTER TABLE repositories ADD COLUMN connect_timeout_ms INTEGER NOT NULL DEFAULT 10000;
ALTER TABLE repositories ADD COLUMN read_timeout_ms INTEGER NOT NULL DEFAULT 30000;

-- Never returned by the API: written by admins, read only to call the upstream.
CREATE TABLE remote_credentials (
  repo TEXT PRIMARY KEY REFERENCES repositories(key) ON DELETE CASCADE,
  user_name TEXT,
  password TEXT,
  token TEXT
);

CREATE TABLE remote_state (
  repo TEXT PRIMARY KEY REFERENCES repositories(key) ON DELETE CASCADE,
  last_failure TEXT,
  last_failure_at TEXT,
  last_success_at TEXT
);

-- The upstream's package document as fetched (tarball addresses still the upstream's).
CREATE TABLE remote_documents (
  repo TEXT NOT NULL REFERENCES repositories(key) ON DELETE CASCADE,
  name TEXT NOT NULL,
  etag TEXT,
  fetched_at TEXT NOT NULL,
  document TEXT NOT NULL,
  PRIMARY KEY (repo, name)
);

-- Files fetched once from the upstream; the bytes are in the blob store.
CREATE TABLE remote_files (
  repo TEXT NOT NULL REFERENCES repositories(key) ON DELETE CASCADE,
  path TEXT NOT NULL,
  sha256 TEXT NOT NULL REFERENCES blobs(sha256),
  size INTEGER NOT NULL,
  fetched_at TEXT NOT NULL,
  PRIMARY KEY (repo, path)
);
CREATE INDEX remote_files_sha256 ON remote_files(sha256);

-- Successful downloads per version (or file) and UTC day.
CREATE TABLE download_days (
  subject TEXT NOT NULL,
  package_id TEXT,
  day TEXT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (subject, day)
);
CREATE INDEX download_days_day ON download_days(day);

UPDATE repositories SET description = 'Cache of an npm registry: the public one unless the installation names another'
  WHERE key = 'npm-remote';
INSERT INTO repositories (key, package_type, kind, description, url, offline, created, modified)
  SELECT 'generic-remote', 'generic', 'remote', 'Cache of a file server, named when the platform is installed', 'http://127.0.0.1/', 1,
    '2026-01-05T09:00:00.000Z', '2026-01-05T09:00:00.000Z'
  WHERE NOT EXISTS (SELECT 1 FROM repositories WHERE key = 'generic-remote');
