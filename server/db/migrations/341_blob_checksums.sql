-- The artifact searches find stored files by any of their checksums (`checksum:`): sha256 is
-- the blobs' key; sha1 and md5 get an index too.
CREATE INDEX blobs_sha1 ON blobs(sha1);
CREATE INDEX blobs_md5 ON blobs(md5);
