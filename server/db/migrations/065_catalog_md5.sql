-- The metadata API finds the versions holding a file by any of its checksums (PackageFilter.checksum):
-- sha256 and sha1 have their index since 030; md5 gets one too.
CREATE INDEX catalog_files_md5 ON catalog_files(md5);
