-- What a git repository's last scan read from its manifests (its own licences and every
-- dependency with its locked version or declared range, and its licences when the lockfile
-- names them), so an advisory import matches it again without asking the vendor. NULL for a
-- scan made before it was kept: such a repository is matched again at its next read.
ALTER TABLE xray_git_scans ADD COLUMN manifest_json TEXT;
