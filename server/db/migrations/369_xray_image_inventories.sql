-- What a container image's layers hold, read once per tagged version (a new push of the tag
-- replaces the version and with it this row): the OS release, and the packages found, each
-- with the name and version advisories use (a Debian binary package's source, an Alpine
-- package's origin). Rescans after an import match these again without reading the layers.
CREATE TABLE xray_image_inventories (
  version_id TEXT PRIMARY KEY REFERENCES catalog_versions(id) ON DELETE CASCADE,
  -- `Debian:12`, `Alpine:v3.19`, …: the ecosystems the OS packages are matched in (JSON list).
  ecosystems_json TEXT NOT NULL,
  os_name TEXT NOT NULL,
  -- [{kind, name, version, source, sourceVersion, path, licences}]
  components_json TEXT NOT NULL,
  read_at TEXT NOT NULL,
  -- Why the layers could not be read (then the scan failed); NULL when they were.
  error TEXT
);

-- Images pushed to the local container repository are scanned, as npm packages are.
INSERT INTO xray_indexed_repos (repo)
  SELECT key FROM repositories WHERE key = 'docker-local'
  ON CONFLICT (repo) DO NOTHING;
