-- A generic remote's cached file is revalidated after the retrieval period with what its
-- upstream said of it (ETag for If-None-Match, Last-Modified for If-Modified-Since).
ALTER TABLE remote_files ADD COLUMN etag TEXT;
ALTER TABLE remote_files ADD COLUMN last_modified TEXT;
