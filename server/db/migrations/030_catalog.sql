-- The package catalogue (loaded from server/catalog/snapshot.json.gz on first start, plus the
-- documented samples): packages, versions, files and what the supporting calls read.
CREATE TABLE catalog_packages (
  id TEXT PRIMARY KEY,                 -- "<type>://<name>", e.g. "npm://react"
  name TEXT NOT NULL,
  -- Lower-cased copies: wildcard filters are case-insensitive, and GLOB on a BINARY-collated
  -- column can use the index for a literal prefix.
  name_lower TEXT NOT NULL,
  description TEXT,
  description_lower TEXT,
  package_type TEXT NOT NULL,
  created TEXT NOT NULL,
  modified TEXT NOT NULL,
  latest_version TEXT,
  -- The same two figures over semver release versions only (ignorePreRelease).
  latest_release_version TEXT,
  versions_count INTEGER NOT NULL,
  release_versions_count INTEGER NOT NULL,
  downloads INTEGER NOT NULL DEFAULT 0,
  followers INTEGER NOT NULL DEFAULT 0,
  licenses_json TEXT NOT NULL DEFAULT '[]',
  tags_json TEXT NOT NULL DEFAULT '[]',
  vuln_critical INTEGER NOT NULL DEFAULT 0,
  vuln_high INTEGER NOT NULL DEFAULT 0,
  vuln_medium INTEGER NOT NULL DEFAULT 0,
  vuln_low INTEGER NOT NULL DEFAULT 0,
  vuln_info INTEGER NOT NULL DEFAULT 0,
  vuln_unknown INTEGER NOT NULL DEFAULT 0,
  vuln_skipped INTEGER NOT NULL DEFAULT 0,
  operational_risk TEXT,
  -- Where the row came from: node_modules, registry, dpkg, sample, synthetic.
  source TEXT NOT NULL
);
CREATE INDEX catalog_packages_name ON catalog_packages(name_lower, id);
CREATE INDEX catalog_packages_type_name ON catalog_packages(package_type, name_lower, id);
CREATE INDEX catalog_packages_created ON catalog_packages(created, id);
CREATE INDEX catalog_packages_modified ON catalog_packages(modified, id);

CREATE TABLE catalog_package_licenses (
  package_id TEXT NOT NULL REFERENCES catalog_packages(id) ON DELETE CASCADE,
  name TEXT NOT NULL COLLATE NOCASE,
  PRIMARY KEY (package_id, name)
);
CREATE INDEX catalog_package_licenses_name ON catalog_package_licenses(name, package_id);

CREATE TABLE catalog_versions (
  id TEXT PRIMARY KEY,                 -- "<package id>@<version>", e.g. "npm://react@19.2.0"
  package_id TEXT NOT NULL REFERENCES catalog_packages(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  name_lower TEXT NOT NULL,
  created TEXT NOT NULL,
  modified TEXT NOT NULL,
  -- 1 unless the name is a semver release version (no pre-release part).
  prerelease INTEGER NOT NULL,
  size REAL NOT NULL,
  download_count INTEGER NOT NULL DEFAULT 0,
  licenses_json TEXT NOT NULL DEFAULT '[]',
  vuln_critical INTEGER NOT NULL DEFAULT 0,
  vuln_high INTEGER NOT NULL DEFAULT 0,
  vuln_medium INTEGER NOT NULL DEFAULT 0,
  vuln_low INTEGER NOT NULL DEFAULT 0,
  vuln_info INTEGER NOT NULL DEFAULT 0,
  vuln_unknown INTEGER NOT NULL DEFAULT 0,
  vuln_skipped INTEGER NOT NULL DEFAULT 0,
  digest TEXT,
  repo TEXT NOT NULL,
  repo_type TEXT NOT NULL,
  lead_file_path TEXT NOT NULL,
  readme_path TEXT,
  readme_text TEXT,
  UNIQUE (package_id, name)
);
CREATE INDEX catalog_versions_package_created ON catalog_versions(package_id, created, id);
CREATE INDEX catalog_versions_repo ON catalog_versions(repo, package_id);
CREATE INDEX catalog_versions_lead ON catalog_versions(repo, lead_file_path);

CREATE TABLE catalog_files (
  id INTEGER PRIMARY KEY,
  version_id TEXT NOT NULL REFERENCES catalog_versions(id) ON DELETE CASCADE,
  repo TEXT NOT NULL,
  path TEXT NOT NULL,
  name TEXT NOT NULL,
  lead INTEGER NOT NULL,
  size INTEGER NOT NULL,
  md5 TEXT NOT NULL,
  sha1 TEXT NOT NULL,
  sha256 TEXT NOT NULL,
  mime_type TEXT NOT NULL,
  -- The file's bytes; NULL when the catalogue keeps only its checksums.
  content BLOB,
  UNIQUE (repo, path)
);
CREATE INDEX catalog_files_version ON catalog_files(version_id);
CREATE INDEX catalog_files_sha256 ON catalog_files(sha256);
CREATE INDEX catalog_files_sha1 ON catalog_files(sha1);

CREATE TABLE catalog_dependencies (
  version_id TEXT NOT NULL REFERENCES catalog_versions(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  name TEXT NOT NULL,
  version TEXT NOT NULL,
  scope TEXT NOT NULL,
  PRIMARY KEY (version_id, position)
);

CREATE TABLE catalog_properties (
  version_id TEXT NOT NULL REFERENCES catalog_versions(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  key TEXT NOT NULL,
  values_json TEXT NOT NULL,
  PRIMARY KEY (version_id, position)
);

CREATE TABLE catalog_advisories (
  version_id TEXT NOT NULL REFERENCES catalog_versions(id) ON DELETE CASCADE,
  advisory_id TEXT NOT NULL,
  severity TEXT NOT NULL,
  title TEXT NOT NULL,
  url TEXT NOT NULL,
  vulnerable_range TEXT NOT NULL,
  PRIMARY KEY (version_id, advisory_id)
);

CREATE TABLE catalog_docker_layers (
  version_id TEXT NOT NULL REFERENCES catalog_versions(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  digest TEXT NOT NULL,
  size INTEGER NOT NULL,
  command TEXT NOT NULL,
  PRIMARY KEY (version_id, position)
);

CREATE TABLE catalog_builds (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  number TEXT NOT NULL,
  started TEXT NOT NULL,
  status TEXT NOT NULL,
  UNIQUE (name, number)
);
CREATE TABLE catalog_build_artifacts (
  build_id INTEGER NOT NULL REFERENCES catalog_builds(id) ON DELETE CASCADE,
  repo TEXT NOT NULL,
  path TEXT NOT NULL,
  PRIMARY KEY (build_id, repo, path)
);
CREATE INDEX catalog_build_artifacts_path ON catalog_build_artifacts(repo, path);

CREATE TABLE release_bundles (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  version TEXT NOT NULL,
  created TEXT NOT NULL,
  status TEXT NOT NULL,
  repository TEXT NOT NULL,
  UNIQUE (name, version)
);
CREATE TABLE release_bundle_artifacts (
  bundle_id INTEGER NOT NULL REFERENCES release_bundles(id) ON DELETE CASCADE,
  repo TEXT NOT NULL,
  path TEXT NOT NULL,
  sha256 TEXT NOT NULL,
  sha1 TEXT NOT NULL,
  PRIMARY KEY (bundle_id, repo, path)
);
CREATE INDEX release_bundle_artifacts_sha256 ON release_bundle_artifacts(sha256);
CREATE INDEX release_bundle_artifacts_sha1 ON release_bundle_artifacts(sha1);

-- What was loaded and when (snapshot build time, its notes, sample and synthetic counts).
CREATE TABLE catalog_meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
