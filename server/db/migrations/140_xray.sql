-- Security scanning: the advisory database (OSV records as imported), the imports and their
-- reports, each version's scan and findings, watches, policies, violations, ignore rules and
-- the scan history the trends read.
CREATE TABLE xray_advisories (
  id TEXT PRIMARY KEY,
  summary TEXT NOT NULL,
  details TEXT NOT NULL,
  severity TEXT NOT NULL,
  cvss_score REAL,
  cvss_vector TEXT,
  aliases_json TEXT NOT NULL,
  references_json TEXT NOT NULL,
  cwes_json TEXT NOT NULL,
  published TEXT,
  modified TEXT NOT NULL
);

-- One row per package an advisory names; ranges and listed versions as published.
CREATE TABLE xray_affected (
  advisory_id TEXT NOT NULL REFERENCES xray_advisories(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  ecosystem TEXT NOT NULL,
  package TEXT NOT NULL,
  ranges_json TEXT NOT NULL,
  versions_json TEXT NOT NULL,
  PRIMARY KEY (advisory_id, position)
);
CREATE INDEX xray_affected_package ON xray_affected(ecosystem, package);

CREATE TABLE xray_imports (
  id INTEGER PRIMARY KEY,
  source TEXT NOT NULL,
  started TEXT NOT NULL,
  finished TEXT NOT NULL,
  ok INTEGER NOT NULL,
  files INTEGER NOT NULL,
  advisories INTEGER NOT NULL,
  -- [{file, reason}] of the files refused.
  report_json TEXT NOT NULL
);

-- Scan status per version: not_scanned, scanning, scanned, failed.
CREATE TABLE xray_scans (
  version_id TEXT PRIMARY KEY REFERENCES catalog_versions(id) ON DELETE CASCADE,
  status TEXT NOT NULL,
  scanned_at TEXT,
  error TEXT,
  critical INTEGER NOT NULL DEFAULT 0,
  high INTEGER NOT NULL DEFAULT 0,
  medium INTEGER NOT NULL DEFAULT 0,
  low INTEGER NOT NULL DEFAULT 0,
  unknown INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX xray_scans_status ON xray_scans(status, version_id);

-- An advisory found in a version: on the package itself (direct = 1) or on a dependency its
-- package.json declares (component_version is then the declared range).
CREATE TABLE xray_findings (
  version_id TEXT NOT NULL REFERENCES catalog_versions(id) ON DELETE CASCADE,
  advisory_id TEXT NOT NULL,
  component TEXT NOT NULL,
  component_version TEXT NOT NULL,
  direct INTEGER NOT NULL,
  severity TEXT NOT NULL,
  cvss_score REAL,
  vulnerable_range TEXT NOT NULL,
  fixed_json TEXT NOT NULL,
  PRIMARY KEY (version_id, advisory_id, component)
);
CREATE INDEX xray_findings_advisory ON xray_findings(advisory_id);

CREATE TABLE xray_policies (
  name TEXT PRIMARY KEY,
  description TEXT NOT NULL,
  type TEXT NOT NULL,
  rules_json TEXT NOT NULL,
  created TEXT NOT NULL,
  modified TEXT NOT NULL
);

CREATE TABLE xray_watches (
  name TEXT PRIMARY KEY,
  description TEXT NOT NULL,
  resources_json TEXT NOT NULL,
  created TEXT NOT NULL,
  modified TEXT NOT NULL
);

CREATE TABLE xray_watch_policies (
  watch_name TEXT NOT NULL REFERENCES xray_watches(name) ON DELETE CASCADE,
  policy_name TEXT NOT NULL REFERENCES xray_policies(name),
  PRIMARY KEY (watch_name, policy_name)
);

CREATE TABLE xray_violations (
  id INTEGER PRIMARY KEY,
  version_id TEXT NOT NULL REFERENCES catalog_versions(id) ON DELETE CASCADE,
  watch_name TEXT NOT NULL,
  policy_name TEXT NOT NULL,
  rule_name TEXT NOT NULL,
  type TEXT NOT NULL,
  issue TEXT NOT NULL,
  component TEXT NOT NULL,
  severity TEXT NOT NULL,
  block_download INTEGER NOT NULL,
  fail_build INTEGER NOT NULL,
  notify INTEGER NOT NULL,
  created TEXT NOT NULL,
  UNIQUE (version_id, watch_name, policy_name, rule_name, issue, component)
);
CREATE INDEX xray_violations_created ON xray_violations(created, id);
CREATE INDEX xray_violations_watch ON xray_violations(watch_name, policy_name);

CREATE TABLE xray_ignore_rules (
  id TEXT PRIMARY KEY,
  issue TEXT,
  component TEXT,
  version TEXT,
  watch_name TEXT,
  policy_name TEXT,
  reason TEXT NOT NULL,
  expires TEXT,
  created_by TEXT NOT NULL,
  created TEXT NOT NULL
);

-- Totals after each scan run, for the trends.
CREATE TABLE xray_history (
  at TEXT PRIMARY KEY,
  critical INTEGER NOT NULL,
  high INTEGER NOT NULL,
  medium INTEGER NOT NULL,
  low INTEGER NOT NULL,
  unknown INTEGER NOT NULL,
  violations INTEGER NOT NULL
);

-- Repositories whose versions are scanned (Administration → Indexed Resources).
CREATE TABLE xray_indexed_repos (
  repo TEXT PRIMARY KEY
);
INSERT INTO xray_indexed_repos (repo) VALUES ('npm-local'), ('npm-remote');

-- Scans settings (Administration → Scans Settings) as key and JSON value.
CREATE TABLE xray_settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
