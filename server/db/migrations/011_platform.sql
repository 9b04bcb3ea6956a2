-- Platform start-up data that is stored rather than derived (srvauth).

CREATE TABLE contact_requests (
  id INTEGER PRIMARY KEY,
  user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  country TEXT NOT NULL,
  email TEXT NOT NULL,
  help_option TEXT NOT NULL,
  optional_comment TEXT NOT NULL DEFAULT '',
  lead_source TEXT NOT NULL DEFAULT '',
  lead_source_details TEXT NOT NULL DEFAULT '',
  form_type TEXT NOT NULL DEFAULT '',
  marketo_data_key TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL
);

-- One questionnaire per user (the person who answers the onboarding steps).
CREATE TABLE onboarding_questionnaires (
  user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  data TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

-- Reverse proxies of the web server configuration.
CREATE TABLE reverse_proxies (
  key TEXT PRIMARY KEY,
  server_name TEXT NOT NULL,
  docker_reverse_proxy_method TEXT NOT NULL,
  reverse_proxy_repositories TEXT NOT NULL DEFAULT '[]',
  use_https INTEGER NOT NULL,
  use_http INTEGER NOT NULL,
  https_port INTEGER NOT NULL,
  http_port INTEGER NOT NULL
);

-- Licences, one per cluster node (each node registers its own on start).
CREATE TABLE licenses (
  node_id TEXT PRIMARY KEY,
  type TEXT NOT NULL,
  valid_through TEXT NOT NULL,
  licensed_to TEXT NOT NULL
);
