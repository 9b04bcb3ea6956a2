-- Reports made on the platform in the background (vulnerabilities, licences or violations over
-- chosen repositories): their progress while they run, and their rows once made, so a report
-- outlives the page that asked for it and is exported from what was found when it ran.
CREATE TABLE xray_reports (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  kind TEXT NOT NULL,
  repositories_json TEXT NOT NULL,
  -- queued, running, done, failed
  status TEXT NOT NULL,
  -- Versions read of those in scope.
  done INTEGER NOT NULL DEFAULT 0,
  total INTEGER NOT NULL DEFAULT 0,
  row_count INTEGER NOT NULL DEFAULT 0,
  error TEXT,
  node_id TEXT NOT NULL,
  created_by TEXT NOT NULL,
  created TEXT NOT NULL,
  finished TEXT
);
CREATE INDEX xray_reports_created ON xray_reports(created, id);

CREATE TABLE xray_report_rows (
  report_id TEXT NOT NULL REFERENCES xray_reports(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  -- The row's cells in the order of the report kind's columns.
  cells_json TEXT NOT NULL,
  PRIMARY KEY (report_id, position)
);
