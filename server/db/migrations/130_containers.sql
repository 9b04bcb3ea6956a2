-- Container images (the OCI distribution API under /v2/<repoKey>/<image>/…). The bytes of
-- blobs and manifests are in the content-addressed blob store (blobs table, <data>/blobs);
-- these tables say which repository and image hold which digest.

-- A blob uploaded to (or mounted into) an image of a repository. Unreferenced ones are
-- collected once older than the grace period (server/containers/gc.ts).
CREATE TABLE oci_blob_links (
  repo TEXT NOT NULL REFERENCES repositories(key) ON DELETE CASCADE,
  image TEXT NOT NULL,
  digest TEXT NOT NULL,
  size INTEGER NOT NULL,
  created TEXT NOT NULL,
  PRIMARY KEY (repo, image, digest)
);
CREATE INDEX oci_blob_links_digest ON oci_blob_links(digest);

CREATE TABLE oci_manifests (
  repo TEXT NOT NULL REFERENCES repositories(key) ON DELETE CASCADE,
  image TEXT NOT NULL,
  digest TEXT NOT NULL,
  media_type TEXT NOT NULL,
  size INTEGER NOT NULL,
  -- The referrers API's facts: the manifest this one refers to, and its artifact type.
  subject TEXT,
  artifact_type TEXT,
  annotations_json TEXT,
  created TEXT NOT NULL,
  PRIMARY KEY (repo, image, digest)
);
CREATE INDEX oci_manifests_subject ON oci_manifests(repo, image, subject);
CREATE INDEX oci_manifests_digest ON oci_manifests(digest);

-- What each manifest names: its config and layers (blobs) or, for an index, its manifests.
CREATE TABLE oci_manifest_refs (
  repo TEXT NOT NULL,
  image TEXT NOT NULL,
  manifest_digest TEXT NOT NULL,
  child TEXT NOT NULL,
  position INTEGER NOT NULL,
  PRIMARY KEY (repo, image, manifest_digest, position),
  FOREIGN KEY (repo, image, manifest_digest) REFERENCES oci_manifests(repo, image, digest) ON DELETE CASCADE
);
CREATE INDEX oci_manifest_refs_child ON oci_manifest_refs(repo, image, child);

CREATE TABLE oci_tags (
  repo TEXT NOT NULL,
  image TEXT NOT NULL,
  tag TEXT NOT NULL,
  digest TEXT NOT NULL,
  modified TEXT NOT NULL,
  PRIMARY KEY (repo, image, tag),
  FOREIGN KEY (repo, image, digest) REFERENCES oci_manifests(repo, image, digest) ON DELETE CASCADE
);
CREATE INDEX oci_tags_digest ON oci_tags(repo, image, digest);

-- Upload sessions: the bytes received so far are in <data>/uploads/<id>.
CREATE TABLE oci_uploads (
  id TEXT PRIMARY KEY,
  repo TEXT NOT NULL REFERENCES repositories(key) ON DELETE CASCADE,
  image TEXT NOT NULL,
  received INTEGER NOT NULL,
  created TEXT NOT NULL,
  modified TEXT NOT NULL
);

INSERT INTO repositories (key, package_type, kind, description, url, default_deployment_repo, created, modified) VALUES
  ('docker-remote', 'docker', 'remote', 'Cache of an upstream container registry, offline until one is named', 'https://registry-1.docker.io', NULL, '2026-01-05T09:00:00.000Z', '2026-01-05T09:00:00.000Z'),
  ('docker', 'docker', 'virtual', 'docker-local then docker-remote', NULL, 'docker-local', '2026-01-05T09:00:00.000Z', '2026-01-05T09:00:00.000Z');
INSERT INTO repository_members (virtual_key, position, member_key) VALUES ('docker', 0, 'docker-local'), ('docker', 1, 'docker-remote');
