-- Git repositories chosen for scanning, as the scanner last read them through the vendor's API:
-- the scan of each (its package.json and package-lock.json) and the advisories its npm
-- dependencies match. A repository's rows go with its integration.
CREATE TABLE xray_git_scans (
  integration_key TEXT NOT NULL REFERENCES git_integrations(integration_key) ON DELETE CASCADE,
  repository TEXT NOT NULL,
  -- scanning, scanned, failed
  status TEXT NOT NULL,
  scanned_at TEXT,
  error TEXT,
  -- 1 when a package-lock.json fixed the versions; 0 when the declared ranges were matched.
  lockfile INTEGER NOT NULL DEFAULT 0,
  dependencies INTEGER NOT NULL DEFAULT 0,
  critical INTEGER NOT NULL DEFAULT 0,
  high INTEGER NOT NULL DEFAULT 0,
  medium INTEGER NOT NULL DEFAULT 0,
  low INTEGER NOT NULL DEFAULT 0,
  unknown INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (integration_key, repository)
);

CREATE TABLE xray_git_findings (
  integration_key TEXT NOT NULL,
  repository TEXT NOT NULL,
  advisory_id TEXT NOT NULL,
  component TEXT NOT NULL,
  -- The locked version, or the range package.json declares when there is no lockfile.
  version TEXT NOT NULL,
  -- 1 when package.json names the component itself, 0 when it comes in through another.
  direct INTEGER NOT NULL,
  severity TEXT NOT NULL,
  cvss_score REAL,
  vulnerable_range TEXT NOT NULL,
  fixed_json TEXT NOT NULL,
  PRIMARY KEY (integration_key, repository, advisory_id, component, version),
  FOREIGN KEY (integration_key, repository) REFERENCES xray_git_scans(integration_key, repository) ON DELETE CASCADE
);
