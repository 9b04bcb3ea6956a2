/**
 * The container registry's records: which repository and image hold which blob, manifests
 * with what they name, tags, upload sessions, and the catalogue rows a tagged image becomes
 * (a docker package whose versions are its tags, with manifest.json and the layers as files).
 * Every statement of the feature is here; methods answer promises so that another engine can
 * stand behind the same interface.
 */
import type { Db } from '../db'
import { packageIdOf, versionIdOf } from '../catalog/load'
import { isReleaseVersion } from '../catalog/versionOrder'
import { packageRefresher } from '../catalog/packageRefresh'
import type { BlobFacts } from '../repositories/blobs'

export interface ManifestRecord {
  readonly repo: string
  readonly image: string
  readonly digest: string
  readonly mediaType: string
  readonly size: number
  readonly subject: string | null
  readonly artifactType: string | null
  readonly annotations: Record<string, string> | null
  readonly created: string
}

export interface UploadRecord {
  readonly id: string
  readonly repo: string
  readonly image: string
  readonly received: number
}

/** What the catalogue shows of one tag of an image. */
export interface TaggedImage {
  readonly repo: string
  readonly image: string
  readonly tag: string
  readonly manifestDigest: string
  readonly manifest: BlobFacts
  readonly now: string
  readonly deployedBy: string
  /** Config and layers, each with its checksums (the config first). */
  readonly files: ReadonlyArray<{
    readonly digest: string
    readonly facts: BlobFacts
    readonly mediaType: string
  }>
  readonly layers: ReadonlyArray<{ readonly digest: string; readonly size: number; readonly command: string }>
  readonly os: string
  readonly architecture: string
}

interface ManifestRow {
  repo: string
  image: string
  digest: string
  media_type: string
  size: number
  subject: string | null
  artifact_type: string | null
  annotations_json: string | null
  created: string
}

const toManifest = (r: ManifestRow): ManifestRecord => ({
  repo: r.repo,
  image: r.image,
  digest: r.digest,
  mediaType: r.media_type,
  size: r.size,
  subject: r.subject,
  artifactType: r.artifact_type,
  annotations: r.annotations_json ? (JSON.parse(r.annotations_json) as Record<string, string>) : null,
  created: r.created,
})

/** The path of a tag's files in the repository's tree, as registries lay images out. */
export const tagFolder = (image: string, tag: string) => `${image}/${tag}`
/** A blob's file name in that folder (`sha256__<hex>`: no colon in a path). */
export const blobFileName = (digest: string) => digest.replace(':', '__')

export function containerStore(db: Db) {
  const s = {
    linkBlob: db.prepare(
      `INSERT INTO oci_blob_links (repo, image, digest, size, created) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (repo, image, digest) DO NOTHING`,
    ),
    blobLink: db.prepare('SELECT size FROM oci_blob_links WHERE repo = ? AND image = ? AND digest = ?'),
    unlinkBlob: db.prepare('DELETE FROM oci_blob_links WHERE repo = ? AND image = ? AND digest = ?'),
    insertUpload: db.prepare(
      'INSERT INTO oci_uploads (id, repo, image, received, created, modified) VALUES (?, ?, ?, 0, ?, ?)',
    ),
    upload: db.prepare('SELECT id, repo, image, received FROM oci_uploads WHERE id = ?'),
    setReceived: db.prepare('UPDATE oci_uploads SET received = ?, modified = ? WHERE id = ?'),
    deleteUpload: db.prepare('DELETE FROM oci_uploads WHERE id = ?'),
    staleUploads: db.prepare('SELECT id FROM oci_uploads WHERE modified < ?'),
    manifest: db.prepare('SELECT * FROM oci_manifests WHERE repo = ? AND image = ? AND digest = ?'),
    upsertManifest: db.prepare(
      `INSERT INTO oci_manifests (repo, image, digest, media_type, size, subject, artifact_type, annotations_json,
         created)
       VALUES (@repo, @image, @digest, @mediaType, @size, @subject, @artifactType, @annotations, @created)
       ON CONFLICT (repo, image, digest) DO NOTHING`,
    ),
    deleteRefs: db.prepare(
      'DELETE FROM oci_manifest_refs WHERE repo = ? AND image = ? AND manifest_digest = ?',
    ),
    insertRef: db.prepare(
      'INSERT INTO oci_manifest_refs (repo, image, manifest_digest, child, position) VALUES (?, ?, ?, ?, ?)',
    ),
    refsOf: db.prepare(
      'SELECT child FROM oci_manifest_refs WHERE repo = ? AND image = ? AND manifest_digest = ? ORDER BY position',
    ),
    deleteManifest: db.prepare('DELETE FROM oci_manifests WHERE repo = ? AND image = ? AND digest = ?'),
    tag: db.prepare('SELECT digest FROM oci_tags WHERE repo = ? AND image = ? AND tag = ?'),
    setTag: db.prepare(
      `INSERT INTO oci_tags (repo, image, tag, digest, modified) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (repo, image, tag) DO UPDATE SET digest = excluded.digest, modified = excluded.modified`,
    ),
    deleteTag: db.prepare('DELETE FROM oci_tags WHERE repo = ? AND image = ? AND tag = ?'),
    tagsOf: db.prepare('SELECT tag FROM oci_tags WHERE repo = ? AND image = ? ORDER BY tag'),
    tagsOfDigest: db.prepare(
      'SELECT tag FROM oci_tags WHERE repo = ? AND image = ? AND digest = ? ORDER BY tag',
    ),
    imageExists: db.prepare('SELECT 1 FROM oci_manifests WHERE repo = ? AND image = ? LIMIT 1'),
    images: db.prepare('SELECT DISTINCT repo, image FROM oci_manifests ORDER BY repo, image'),
    referrers: db.prepare(
      'SELECT * FROM oci_manifests WHERE repo = ? AND image = ? AND subject = ? ORDER BY created, digest',
    ),
    // A blob nothing names any more: no manifest of its image lists it, and it is past the grace period.
    unreferenced: db.prepare(
      `SELECT l.repo, l.image, l.digest FROM oci_blob_links l
       WHERE l.created < ?
         AND NOT EXISTS (SELECT 1 FROM oci_manifest_refs r WHERE r.repo = l.repo AND r.image = l.image AND r.child = l.digest)
         AND NOT EXISTS (SELECT 1 FROM oci_manifests m WHERE m.repo = l.repo AND m.image = l.image AND m.digest = l.digest)`,
    ),
  }

  const catalogue = catalogueStatements(db)
  const tokens = {
    insert: db.prepare(
      'INSERT INTO access_tokens (id, token_hash, user_id, kind, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
    ),
    user: db.prepare(
      `SELECT u.id, u.name, u.admin, u.realm FROM access_tokens t JOIN users u ON u.id = t.user_id
       WHERE t.token_hash = ? AND t.kind IN (?, ?) AND t.expires_at > ?`,
    ),
    expire: db.prepare('DELETE FROM access_tokens WHERE kind = ? AND expires_at <= ?'),
  }

  return {
    /** Stores a registry token's hash for the user until `expires`. */
    async saveToken(
      t: { id: string; hash: string; userId: number; kind: string },
      now: string,
      expires: string,
    ): Promise<void> {
      tokens.insert.run(t.id, t.hash, t.userId, t.kind, now, expires)
    },
    /** The user of a live token of one of two kinds (the registry's own, or the user's client token). */
    async userOfToken(
      hash: string,
      kinds: readonly [string, string],
      now: string,
    ): Promise<{ id: number; name: string; admin: boolean; realm: string } | undefined> {
      const row = tokens.user.get(hash, kinds[0], kinds[1], now) as
        { id: number; name: string; admin: number; realm: string } | undefined
      return row && { id: row.id, name: row.name, admin: row.admin === 1, realm: row.realm }
    },
    async expireTokens(kind: string, now: string): Promise<void> {
      tokens.expire.run(kind, now)
    },

    async linkBlob(repo: string, image: string, digest: string, size: number, now: string): Promise<void> {
      s.linkBlob.run(repo, image, digest, size, now)
    },
    /** The size of a blob this image holds, or undefined. */
    async blobSize(repo: string, image: string, digest: string): Promise<number | undefined> {
      return (s.blobLink.get(repo, image, digest) as { size: number } | undefined)?.size
    },
    async unlinkBlob(repo: string, image: string, digest: string): Promise<boolean> {
      return s.unlinkBlob.run(repo, image, digest).changes > 0
    },

    async startUpload(id: string, repo: string, image: string, now: string): Promise<void> {
      s.insertUpload.run(id, repo, image, now, now)
    },
    async upload(id: string): Promise<UploadRecord | undefined> {
      return s.upload.get(id) as UploadRecord | undefined
    },
    async setReceived(id: string, received: number, now: string): Promise<void> {
      s.setReceived.run(received, now, id)
    },
    async endUpload(id: string): Promise<void> {
      s.deleteUpload.run(id)
    },
    async staleUploads(before: string): Promise<string[]> {
      return (s.staleUploads.all(before) as Array<{ id: string }>).map((r) => r.id)
    },

    async manifest(repo: string, image: string, digest: string): Promise<ManifestRecord | undefined> {
      const row = s.manifest.get(repo, image, digest) as ManifestRow | undefined
      return row && toManifest(row)
    },
    async tagDigest(repo: string, image: string, tag: string): Promise<string | undefined> {
      return (s.tag.get(repo, image, tag) as { digest: string } | undefined)?.digest
    },
    /** Records a manifest with what it names and, when pushed by tag, points the tag at it. */
    async putManifest(
      m: ManifestRecord,
      children: readonly string[],
      tag: string | undefined,
    ): Promise<void> {
      db.transaction(() => {
        s.upsertManifest.run({
          ...m,
          annotations: m.annotations ? JSON.stringify(m.annotations) : null,
        })
        s.deleteRefs.run(m.repo, m.image, m.digest)
        children.forEach((child, i) => s.insertRef.run(m.repo, m.image, m.digest, child, i))
        if (tag) s.setTag.run(m.repo, m.image, tag, m.digest, m.created)
      }).immediate()
    },
    async children(repo: string, image: string, digest: string): Promise<string[]> {
      return (s.refsOf.all(repo, image, digest) as Array<{ child: string }>).map((r) => r.child)
    },
    /** Deletes a manifest and every tag on it; answers the tags that went. */
    async deleteManifest(repo: string, image: string, digest: string): Promise<string[]> {
      return db
        .transaction(() => {
          const tags = (s.tagsOfDigest.all(repo, image, digest) as Array<{ tag: string }>).map((r) => r.tag)
          s.deleteManifest.run(repo, image, digest)
          return tags
        })
        .immediate()
    },
    async deleteTag(repo: string, image: string, tag: string): Promise<boolean> {
      return s.deleteTag.run(repo, image, tag).changes > 0
    },
    async tags(repo: string, image: string): Promise<string[]> {
      return (s.tagsOf.all(repo, image) as Array<{ tag: string }>).map((r) => r.tag)
    },
    async tagsOfDigest(repo: string, image: string, digest: string): Promise<string[]> {
      return (s.tagsOfDigest.all(repo, image, digest) as Array<{ tag: string }>).map((r) => r.tag)
    },
    async imageExists(repo: string, image: string): Promise<boolean> {
      return s.imageExists.get(repo, image) !== undefined
    },
    async images(): Promise<Array<{ repo: string; image: string }>> {
      return s.images.all() as Array<{ repo: string; image: string }>
    },
    async referrers(repo: string, image: string, subject: string): Promise<ManifestRecord[]> {
      return (s.referrers.all(repo, image, subject) as ManifestRow[]).map(toManifest)
    },
    async unreferencedBlobs(before: string): Promise<Array<{ repo: string; image: string; digest: string }>> {
      return s.unreferenced.all(before) as Array<{ repo: string; image: string; digest: string }>
    },

    /** The catalogue's view of a tag: its package and version, files and layers. */
    async recordTag(t: TaggedImage): Promise<void> {
      db.transaction(() => catalogue.recordTag(t)).immediate()
    },
    /** The tag's version leaves the catalogue (only when this repository's push made it). */
    async forgetTag(repo: string, image: string, tag: string): Promise<void> {
      db.transaction(() => catalogue.forgetTag(repo, image, tag)).immediate()
    },
  }
}

export type ContainerStore = ReturnType<typeof containerStore>

function catalogueStatements(db: Db) {
  const insertPackage = db.prepare(
    `INSERT INTO catalog_packages (id, name, name_lower, description, description_lower, package_type, created,
       modified, latest_version, latest_release_version, versions_count, release_versions_count, licenses_json,
       tags_json, source)
     VALUES (@id, @name, @nameLower, NULL, NULL, 'docker', @now, @now, NULL, NULL, 0, 0, '[]', '[]', 'pushed')
     ON CONFLICT (id) DO NOTHING`,
  )
  const versionRepo = db.prepare('SELECT repo FROM catalog_versions WHERE id = ?')
  const deleteVersion = db.prepare('DELETE FROM catalog_versions WHERE id = ?')
  const insertVersion = db.prepare(
    `INSERT INTO catalog_versions (id, package_id, name, name_lower, created, modified, prerelease, size,
       licenses_json, digest, repo, repo_type, lead_file_path)
     VALUES (@id, @packageId, @name, @nameLower, @now, @now, @prerelease, @size, '[]', @digest, @repo, 'docker',
       @lead)`,
  )
  const insertFile = db.prepare(
    `INSERT INTO catalog_files (version_id, repo, path, name, lead, size, md5, sha1, sha256, mime_type, content,
       deployed_by)
     VALUES (@versionId, @repo, @path, @name, @lead, @size, @md5, @sha1, @sha256, @mimeType, NULL, @deployedBy)
     ON CONFLICT (repo, path) DO NOTHING`,
  )
  const insertLayer = db.prepare(
    'INSERT INTO catalog_docker_layers (version_id, position, digest, size, command) VALUES (?, ?, ?, ?, ?)',
  )
  const insertProperty = db.prepare(
    'INSERT INTO catalog_properties (version_id, position, key, values_json) VALUES (?, ?, ?, ?)',
  )
  const refreshPackage = packageRefresher(db)

  return {
    recordTag(t: TaggedImage): void {
      const packageId = packageIdOf('docker', t.image)
      const versionId = versionIdOf(packageId, t.tag)
      insertPackage.run({ id: packageId, name: t.image, nameLower: t.image.toLowerCase(), now: t.now })
      // The newest push of a tag is the version the catalogue shows, whichever repository took it.
      deleteVersion.run(versionId)
      const folder = tagFolder(t.image, t.tag)
      const lead = `${folder}/manifest.json`
      insertVersion.run({
        id: versionId,
        packageId,
        name: t.tag,
        nameLower: t.tag.toLowerCase(),
        now: t.now,
        prerelease: isReleaseVersion(t.tag) ? 0 : 1,
        size: t.files.reduce((sum, f) => sum + f.facts.size, 0),
        digest: t.manifest.sha256,
        repo: t.repo,
        lead,
      })
      insertFile.run({
        versionId,
        repo: t.repo,
        path: lead,
        name: 'manifest.json',
        lead: 1,
        ...t.manifest,
        mimeType: 'application/json',
        deployedBy: t.deployedBy,
      })
      for (const f of t.files)
        insertFile.run({
          versionId,
          repo: t.repo,
          path: `${folder}/${blobFileName(f.digest)}`,
          name: blobFileName(f.digest),
          lead: 0,
          ...f.facts,
          mimeType: f.mediaType,
          deployedBy: t.deployedBy,
        })
      t.layers.forEach((l, i) => insertLayer.run(versionId, i, l.digest, l.size, l.command))
      const properties: Array<[string, string[]]> = [
        ['docker.repoName', [t.image]],
        ['docker.manifest', [t.tag]],
        ['docker.manifest.digest', [t.manifestDigest]],
        ...(t.os ? [['docker.os', [t.os]] as [string, string[]]] : []),
        ...(t.architecture ? [['docker.architecture', [t.architecture]] as [string, string[]]] : []),
      ]
      properties.forEach(([key, values], i) => insertProperty.run(versionId, i, key, JSON.stringify(values)))
      refreshPackage(packageId)
    },
    forgetTag(repo: string, image: string, tag: string): void {
      const packageId = packageIdOf('docker', image)
      const versionId = versionIdOf(packageId, tag)
      const row = versionRepo.get(versionId) as { repo: string } | undefined
      if (!row || row.repo !== repo) return
      deleteVersion.run(versionId)
      refreshPackage(packageId)
    },
  }
}
