-- The repositories of a git integration chosen for scanning (the select-repositories screen).
-- Names are the vendor's full paths (owner/name); the list itself is always read from the vendor.
CREATE TABLE git_repository_selections (
  integration_key TEXT NOT NULL REFERENCES git_integrations(integration_key) ON DELETE CASCADE,
  repository TEXT NOT NULL,
  selected_at TEXT NOT NULL,
  selected_by TEXT NOT NULL,
  PRIMARY KEY (integration_key, repository)
);
