-- What a remote's upstream said when a package page asked whether it has a version the remote
-- has not cached: kept for the remote's metadata retrieval period, so opening the page again
-- does not ask again. No bytes and no document: a reader's question fills no cache.
CREATE TABLE remote_version_answers (
  repo TEXT NOT NULL REFERENCES repositories(key) ON DELETE CASCADE,
  name TEXT NOT NULL,
  version TEXT NOT NULL,
  in_upstream INTEGER NOT NULL,
  asked_at TEXT NOT NULL,
  PRIMARY KEY (repo, name, version)
);
