-- Operations: cluster topology (one row per service a node runs), support bundles and
-- operations settings (bundle retention flag).

-- The cluster's own id, created once; service ids are "<key>@<cluster id>" like the platform's.
CREATE TABLE cluster_info (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  cluster_id TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE cluster_nodes (
  service_id TEXT NOT NULL,
  node_id TEXT NOT NULL,
  -- "artifactory", "xray", "mission control", "distribution", "insight", "tracker", …
  service_type TEXT NOT NULL,
  -- JSON array of micro-service keys running inside this service on this node.
  micro_services TEXT NOT NULL DEFAULT '[]',
  -- Process start of the node (the "uptime" field of the platform's status answer).
  started_at TEXT NOT NULL,
  last_heartbeat TEXT NOT NULL,
  -- The node's own interval, so a reader judges each row by the rhythm it promised.
  heartbeat_interval_ms INTEGER NOT NULL,
  pid INTEGER NOT NULL,
  host TEXT NOT NULL,
  PRIMARY KEY (service_id, node_id)
);

CREATE TABLE support_bundles (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  -- artifactory, xray, distribution, mission_control, insight, tracker
  service TEXT NOT NULL,
  -- 'in progress', then 'success' or 'failed'
  status TEXT NOT NULL,
  created_at TEXT NOT NULL,
  finished_at TEXT,
  created_by TEXT NOT NULL,
  node_id TEXT NOT NULL,
  thread_dump_count INTEGER NOT NULL,
  thread_dump_interval_secs INTEGER NOT NULL,
  size_bytes INTEGER,
  error TEXT
);
CREATE INDEX support_bundles_created ON support_bundles(created_at);

CREATE TABLE ops_settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
