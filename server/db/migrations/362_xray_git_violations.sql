-- Violations the watches' policies find in a scanned git repository's dependencies: the same
-- rules as a version's, kept beside its scan (and gone with it) since no catalogue version
-- holds them.
CREATE TABLE xray_git_violations (
  id INTEGER PRIMARY KEY,
  integration_key TEXT NOT NULL,
  repository TEXT NOT NULL,
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
  UNIQUE (integration_key, repository, watch_name, policy_name, rule_name, issue, component),
  FOREIGN KEY (integration_key, repository) REFERENCES xray_git_scans(integration_key, repository) ON DELETE CASCADE
);
CREATE INDEX xray_git_violations_created ON xray_git_violations(created, id);
