-- What the platform's archives hold (npm tarballs, tar.gz, zip, jar…), for the Archive search:
-- by the bytes' sha256, so identical archives in many repositories are read once.
-- archives_indexed says a blob was looked at (kind 'zip', 'tar' or 'none' when it is no
-- archive the platform reads), with how many entries it kept and whether it stopped short.
CREATE TABLE archives_indexed (
  sha256 TEXT PRIMARY KEY REFERENCES blobs(sha256) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  entries INTEGER NOT NULL,
  truncated INTEGER NOT NULL,
  indexed_at TEXT NOT NULL
);
-- One row per file inside an archive; `name` is the file's last path segment, lower-cased,
-- what the search matches.
CREATE TABLE archive_entries (
  sha256 TEXT NOT NULL REFERENCES archives_indexed(sha256) ON DELETE CASCADE,
  entry_path TEXT NOT NULL,
  name TEXT NOT NULL,
  size INTEGER NOT NULL,
  PRIMARY KEY (sha256, entry_path)
);
CREATE INDEX archive_entries_name ON archive_entries(name);
