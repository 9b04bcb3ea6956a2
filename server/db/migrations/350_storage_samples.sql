-- Storage used over time: what the platform stored (distinct files and their bytes, as the
-- storage cache counts them), one row an hour. A node that calculates again within the hour
-- replaces the hour's row, so nodes of a cluster sampling together leave one row, the latest.
CREATE TABLE storage_samples (
  hour TEXT PRIMARY KEY,
  sampled_at TEXT NOT NULL,
  artifact_bytes INTEGER NOT NULL,
  files INTEGER NOT NULL
);
