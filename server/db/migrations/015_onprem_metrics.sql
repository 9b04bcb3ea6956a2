-- On-prem metrics the console sends at start-up (no personal data: versions and counts only).
CREATE TABLE onprem_metrics (
  id INTEGER PRIMARY KEY,
  node_id TEXT NOT NULL,
  frontend_version TEXT NOT NULL,
  package_types TEXT NOT NULL,
  services INTEGER NOT NULL,
  received_at TEXT NOT NULL
);
