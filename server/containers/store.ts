/**
 * The container registry's records: which repository and image hold which blob, manifests
 * with what they name, tags, upload sessions, registry tokens, and the catalogue rows a tagged
 * image becomes (a docker package whose versions are its tags, with manifest.json, the config
 * and the layers as files). Every statement of the feature is here, through the stores'
 * interface (server/db/sql.ts). Staged bytes are committed inside the transaction that writes
 * the rows naming them.
 */
import type { Sql } from '../db/sql'
import { catalogueRow, packageIdOf, refreshPackage, versionIdOf, writeRows } from '../catalog/store'
import type { BlobFacts, StagedBlob } from '../repositories/blobs'
import { hexOf } from './rules'

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
  /** `os/architecture[/variant]` of each image: one, or every image of an index. */
  readonly platforms: readonly string[]
  /** A remote's cached tag: shown only where no other repository's push shows that tag. */
  readonly cached?: boolean
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
/** The image and tag of a tag's `manifest.json` in the tree (`<image>/<tag>/manifest.json`). */
export function tagOfManifestPath(path: string): { image: string; tag: string } | undefined {
  const parts = path.split('/')
  if (parts.length < 3 || parts.at(-1) !== 'manifest.json') return undefined
  const tag = parts.at(-2)!
  const image = parts.slice(0, -2).join('/')
  return tag && image ? { image, tag } : undefined
}
/** A blob's file name in that folder (`sha256__<hex>`: no colon in a path). */
export const blobFileName = (digest: string) => digest.replace(':', '__')

const Q = {
  linkBlob: `INSERT INTO oci_blob_links (repo, image, digest, size, created) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (repo, image, digest) DO NOTHING`,
  // Writing the bytes' row, even unchanged, takes its lock until the transaction ends.
  lockBlob: 'UPDATE blobs SET size = size WHERE sha256 = ?',
  blobLink: 'SELECT size FROM oci_blob_links WHERE repo = ? AND image = ? AND digest = ?',
  unlinkBlob: 'DELETE FROM oci_blob_links WHERE repo = ? AND image = ? AND digest = ?',
  insertUpload:
    'INSERT INTO oci_uploads (id, repo, image, received, created, modified) VALUES (?, ?, ?, 0, ?, ?)',
  upload: 'SELECT id, repo, image, received FROM oci_uploads WHERE id = ?',
  setReceived: 'UPDATE oci_uploads SET received = ?, modified = ? WHERE id = ?',
  deleteUpload: 'DELETE FROM oci_uploads WHERE id = ?',
  staleUploads: 'SELECT id FROM oci_uploads WHERE modified < ?',
  manifest: 'SELECT * FROM oci_manifests WHERE repo = ? AND image = ? AND digest = ?',
  insertManifest: `INSERT INTO oci_manifests (repo, image, digest, media_type, size, subject, artifact_type,
      annotations_json, created)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (repo, image, digest) DO NOTHING`,
  deleteRefs: 'DELETE FROM oci_manifest_refs WHERE repo = ? AND image = ? AND manifest_digest = ?',
  insertRef:
    'INSERT INTO oci_manifest_refs (repo, image, manifest_digest, child, position) VALUES (?, ?, ?, ?, ?)',
  deleteManifest: 'DELETE FROM oci_manifests WHERE repo = ? AND image = ? AND digest = ?',
  tag: 'SELECT digest FROM oci_tags WHERE repo = ? AND image = ? AND tag = ?',
  setTag: `INSERT INTO oci_tags (repo, image, tag, digest, modified) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (repo, image, tag) DO UPDATE SET digest = excluded.digest, modified = excluded.modified`,
  deleteTag: 'DELETE FROM oci_tags WHERE repo = ? AND image = ? AND tag = ?',
  tagsOf: 'SELECT tag FROM oci_tags WHERE repo = ? AND image = ? ORDER BY tag',
  tagsOfDigest: 'SELECT tag FROM oci_tags WHERE repo = ? AND image = ? AND digest = ? ORDER BY tag',
  // Tags whose manifest names a digest, itself or through an index's manifest.
  tagsNaming: `SELECT t.tag, t.digest FROM oci_tags t WHERE t.repo = ? AND t.image = ? AND EXISTS (
      SELECT 1 FROM oci_manifest_refs r WHERE r.repo = t.repo AND r.image = t.image AND r.manifest_digest = t.digest
        AND (r.child = ? OR EXISTS (SELECT 1 FROM oci_manifest_refs c WHERE c.repo = r.repo AND c.image = r.image
          AND c.manifest_digest = r.child AND c.child = ?)))`,
  // The remotes' cached tags whose image shows a layer of a digest its files do not list.
  cachedTagsLacking: `SELECT DISTINCT v.repo, p.name AS image, v.name AS tag, t.digest
    FROM catalog_docker_layers l JOIN catalog_versions v ON v.id = l.version_id
      JOIN catalog_packages p ON p.id = v.package_id
      JOIN repositories r ON r.key = v.repo AND r.kind = 'remote'
      JOIN oci_tags t ON t.repo = v.repo AND t.image = p.name AND t.tag = v.name
    WHERE l.digest = ? AND NOT EXISTS (SELECT 1 FROM catalog_files f WHERE f.version_id = v.id AND f.sha256 = ?)
    ORDER BY v.repo, p.name, v.name`,
  // The subjects of the manifests that name a digest (a signature's layers and config).
  subjectsNaming: `SELECT DISTINCT m.subject FROM oci_manifest_refs r JOIN oci_manifests m
      ON m.repo = r.repo AND m.image = r.image AND m.digest = r.manifest_digest
    WHERE r.repo = ? AND r.image = ? AND r.child = ? AND m.subject IS NOT NULL ORDER BY m.subject`,
  imageExists: 'SELECT 1 AS found FROM oci_manifests WHERE repo = ? AND image = ? LIMIT 1',
  images: 'SELECT DISTINCT repo, image FROM oci_manifests ORDER BY repo, image',
  referrers:
    'SELECT * FROM oci_manifests WHERE repo = ? AND image = ? AND subject = ? ORDER BY created, digest',
  // A blob nothing names any more: no manifest of its image lists it, and it is past the grace period.
  unreferenced: `SELECT l.repo, l.image, l.digest FROM oci_blob_links l
    WHERE l.created < ?
      AND NOT EXISTS (SELECT 1 FROM oci_manifest_refs r WHERE r.repo = l.repo AND r.image = l.image AND r.child = l.digest)`,
  // The bytes of the blobs a manifest names that no other manifest of the image names.
  exclusiveBytes: `SELECT COALESCE(SUM(l.size), 0) AS bytes FROM oci_blob_links l
    WHERE l.repo = ? AND l.image = ?
      AND EXISTS (SELECT 1 FROM oci_manifest_refs r
        WHERE r.repo = l.repo AND r.image = l.image AND r.manifest_digest = ? AND r.child = l.digest)
      AND NOT EXISTS (SELECT 1 FROM oci_manifest_refs o
        WHERE o.repo = l.repo AND o.image = l.image AND o.manifest_digest <> ? AND o.child = l.digest)`,
  insertToken:
    'INSERT INTO access_tokens (id, token_hash, user_id, kind, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
  tokenUser: `SELECT u.id, u.name, u.admin, u.realm FROM access_tokens t JOIN users u ON u.id = t.user_id
    WHERE t.token_hash = ? AND t.kind IN (?, ?) AND t.expires_at > ? AND u.disabled = 0`,
  expireTokens: 'DELETE FROM access_tokens WHERE kind = ? AND expires_at <= ?',
  // The images at a path of the tree: the image itself, or those below a namespace.
  imagesAt: `SELECT image FROM oci_manifests WHERE repo = ? AND (image = ? OR substr(image, 1, length(?)) = ?)
     UNION SELECT image FROM oci_blob_links WHERE repo = ? AND (image = ? OR substr(image, 1, length(?)) = ?)`,
  manifestsOf: 'SELECT digest FROM oci_manifests WHERE repo = ? AND image = ?',
  // Untagged, and named by no manifest left: nothing a pull by tag reaches.
  unreached: `SELECT m.digest FROM oci_manifests m WHERE m.repo = ? AND m.image = ?
     AND NOT EXISTS (SELECT 1 FROM oci_tags t WHERE t.repo = m.repo AND t.image = m.image AND t.digest = m.digest)
     AND NOT EXISTS (SELECT 1 FROM oci_manifest_refs r WHERE r.repo = m.repo AND r.image = m.image AND r.child = m.digest)`,
  unnamedLinks: `SELECT l.digest FROM oci_blob_links l WHERE l.repo = ? AND l.image = ?
     AND NOT EXISTS (SELECT 1 FROM oci_manifest_refs r WHERE r.repo = l.repo AND r.image = l.image AND r.child = l.digest)`,
} as const

const digestsOf = (rows: ReadonlyArray<{ digest: string }>) => rows.map((r) => r.digest)

export function containerStore(sql: Sql) {
  return {
    /** Stores a registry token's hash for the user until `expires`. */
    async saveToken(
      t: { id: string; hash: string; userId: number; kind: string },
      now: string,
      expires: string,
    ): Promise<void> {
      await sql.run(Q.expireTokens, [t.kind, now])
      await sql.run(Q.insertToken, [t.id, t.hash, t.userId, t.kind, now, expires])
    },
    /** The user of a live token of one of two kinds (the registry's own, or the user's client token). */
    async userOfToken(
      hash: string,
      kinds: readonly [string, string],
      now: string,
    ): Promise<{ id: number; name: string; admin: boolean; realm: string } | undefined> {
      const row = await sql.one<{ id: number; name: string; admin: number; realm: string }>(Q.tokenUser, [
        hash,
        kinds[0],
        kinds[1],
        now,
      ])
      return row && { id: row.id, name: row.name, admin: row.admin === 1, realm: row.realm }
    },

    /** Puts staged bytes in place and links them to the image, together. */
    async linkStagedBlob(
      blob: StagedBlob,
      repo: string,
      image: string,
      digest: string,
      now: string,
    ): Promise<void> {
      await sql.transaction(async (tx) => {
        await blob.commit(tx, now)
        await tx.run(Q.linkBlob, [repo, image, digest, blob.facts.size, now])
      })
    },
    /**
     * Links bytes another image holds (a mount), unless they were released meanwhile: the
     * bytes' row is locked first, as a release locks it, so a release either sees this link or
     * this finds the bytes gone. Answers whether it linked them.
     */
    async linkBlob(repo: string, image: string, digest: string, size: number, now: string): Promise<boolean> {
      return sql.transaction(async (tx) => {
        if ((await tx.run(Q.lockBlob, [hexOf(digest)])).changes === 0) return false
        await tx.run(Q.linkBlob, [repo, image, digest, size, now])
        return true
      })
    },
    /** The size of a blob this image holds, or undefined. */
    async blobSize(repo: string, image: string, digest: string): Promise<number | undefined> {
      return (await sql.one<{ size: number }>(Q.blobLink, [repo, image, digest]))?.size
    },
    async unlinkBlob(repo: string, image: string, digest: string): Promise<boolean> {
      return (await sql.run(Q.unlinkBlob, [repo, image, digest])).changes > 0
    },

    async startUpload(id: string, repo: string, image: string, now: string): Promise<void> {
      await sql.run(Q.insertUpload, [id, repo, image, now, now])
    },
    async upload(id: string): Promise<UploadRecord | undefined> {
      return sql.one<UploadRecord>(Q.upload, [id])
    },
    async setReceived(id: string, received: number, now: string): Promise<void> {
      await sql.run(Q.setReceived, [received, now, id])
    },
    async endUpload(id: string): Promise<void> {
      await sql.run(Q.deleteUpload, [id])
    },
    async staleUploads(before: string): Promise<string[]> {
      return (await sql.all<{ id: string }>(Q.staleUploads, [before])).map((r) => r.id)
    },

    async manifest(repo: string, image: string, digest: string): Promise<ManifestRecord | undefined> {
      const row = await sql.one<ManifestRow>(Q.manifest, [repo, image, digest])
      return row && toManifest(row)
    },
    async tagDigest(repo: string, image: string, tag: string): Promise<string | undefined> {
      return (await sql.one<{ digest: string }>(Q.tag, [repo, image, tag]))?.digest
    },
    /** The images with manifests or blobs at `path` (an image) or below it (a namespace). */
    async imagesAt(repo: string, path: string): Promise<string[]> {
      const below = `${path}/`
      const at = [repo, path, below, below]
      return (await sql.all<{ image: string }>(Q.imagesAt, [...at, ...at])).map((r) => r.image)
    },
    manifestDigests: async (repo: string, image: string): Promise<string[]> =>
      digestsOf(await sql.all<{ digest: string }>(Q.manifestsOf, [repo, image])),
    /** The manifests of an image no tag and no other manifest names. */
    unreachedManifests: async (repo: string, image: string): Promise<string[]> =>
      digestsOf(await sql.all<{ digest: string }>(Q.unreached, [repo, image])),
    /** The blob links of an image no manifest names. */
    unnamedLinks: async (repo: string, image: string): Promise<string[]> =>
      digestsOf(await sql.all<{ digest: string }>(Q.unnamedLinks, [repo, image])),
    /**
     * Records a manifest (its staged bytes put in place) with what it names and, when pushed by
     * tag, points the tag at it.
     */
    async putManifest(
      m: ManifestRecord,
      bytes: StagedBlob,
      children: readonly string[],
      tag: string | undefined,
    ): Promise<void> {
      await sql.transaction(async (tx) => {
        await bytes.commit(tx, m.created)
        await tx.run(Q.insertManifest, [
          m.repo,
          m.image,
          m.digest,
          m.mediaType,
          m.size,
          m.subject,
          m.artifactType,
          m.annotations ? JSON.stringify(m.annotations) : null,
          m.created,
        ])
        await tx.run(Q.deleteRefs, [m.repo, m.image, m.digest])
        for (const [i, child] of children.entries())
          await tx.run(Q.insertRef, [m.repo, m.image, m.digest, child, i])
        if (tag) await tx.run(Q.setTag, [m.repo, m.image, tag, m.digest, m.created])
      })
    },
    /** Deletes a manifest and every tag on it, with their catalogue versions; answers the tags that went. */
    async deleteManifest(repo: string, image: string, digest: string): Promise<string[]> {
      return sql.transaction(async (tx) => {
        const tags = (await tx.all<{ tag: string }>(Q.tagsOfDigest, [repo, image, digest])).map((r) => r.tag)
        await tx.run(Q.deleteManifest, [repo, image, digest])
        for (const tag of tags) await forgetTag(tx, repo, image, tag)
        return tags
      })
    },
    /** Deletes a tag and its catalogue version. */
    async deleteTag(repo: string, image: string, tag: string): Promise<boolean> {
      return sql.transaction(async (tx) => {
        const gone = (await tx.run(Q.deleteTag, [repo, image, tag])).changes > 0
        if (gone) await forgetTag(tx, repo, image, tag)
        return gone
      })
    },
    /**
     * What deleting a manifest would take: the tags that name it, and the bytes it frees in the
     * repository (its own and those of the blobs no other manifest of the image names, which the
     * next collection removes).
     */
    async manifestFootprint(
      repo: string,
      image: string,
      digest: string,
    ): Promise<{ tags: string[]; frees: number } | undefined> {
      const manifest = await sql.one<ManifestRow>(Q.manifest, [repo, image, digest])
      if (!manifest) return undefined
      const tags = (await sql.all<{ tag: string }>(Q.tagsOfDigest, [repo, image, digest])).map((r) => r.tag)
      const blobs = await sql.one<{ bytes: number | string }>(Q.exclusiveBytes, [repo, image, digest, digest])
      return { tags, frees: Number(manifest.size) + Number(blobs?.bytes ?? 0) }
    },
    /**
     * The remotes' cached tags (repository, image, tag, its digest) whose image has a layer of
     * `digest` that the catalogue does not list among the tag's files: the bytes reached the
     * blob store under another image or repository after the tag was cached.
     */
    async cachedTagsLacking(
      digest: string,
    ): Promise<Array<{ repo: string; image: string; tag: string; digest: string }>> {
      return sql.all(Q.cachedTagsLacking, [digest, hexOf(digest)])
    },
    /** The tags of an image whose manifest names `digest` (directly or through an index). */
    async tagsNaming(
      repo: string,
      image: string,
      digest: string,
    ): Promise<Array<{ tag: string; digest: string }>> {
      return sql.all<{ tag: string; digest: string }>(Q.tagsNaming, [repo, image, digest, digest])
    },
    /** The tags of an image that stand on `digest`: on it, or on a manifest that names it (see tagsNaming). */
    async tagsReaching(repo: string, image: string, digest: string): Promise<string[]> {
      const on = await sql.all<{ tag: string }>(Q.tagsOfDigest, [repo, image, digest])
      const naming = await sql.all<{ tag: string }>(Q.tagsNaming, [repo, image, digest, digest])
      return [...new Set([...on, ...naming].map((r) => r.tag))]
    },
    /** The subjects of the image's manifests that name `digest`: what the referrers it belongs to are about. */
    async subjectsNaming(repo: string, image: string, digest: string): Promise<string[]> {
      return (await sql.all<{ subject: string }>(Q.subjectsNaming, [repo, image, digest])).map(
        (r) => r.subject,
      )
    },
    async tags(repo: string, image: string): Promise<string[]> {
      return (await sql.all<{ tag: string }>(Q.tagsOf, [repo, image])).map((r) => r.tag)
    },
    async imageExists(repo: string, image: string): Promise<boolean> {
      return (await sql.one(Q.imageExists, [repo, image])) !== undefined
    },
    async images(): Promise<Array<{ repo: string; image: string }>> {
      return sql.all<{ repo: string; image: string }>(Q.images)
    },
    async referrers(repo: string, image: string, subject: string): Promise<ManifestRecord[]> {
      return (await sql.all<ManifestRow>(Q.referrers, [repo, image, subject])).map(toManifest)
    },
    async unreferencedBlobs(before: string): Promise<Array<{ repo: string; image: string; digest: string }>> {
      return sql.all<{ repo: string; image: string; digest: string }>(Q.unreferenced, [before])
    },

    /** The catalogue's view of a tag: its package and version, files and layers. */
    async recordTag(t: TaggedImage): Promise<void> {
      await sql.transaction((tx) => recordTag(tx, t))
    },
  }
}

export type ContainerStore = ReturnType<typeof containerStore>

const C = {
  versionRepo: 'SELECT repo FROM catalog_versions WHERE id = ?',
  deleteVersion: 'DELETE FROM catalog_versions WHERE id = ?',
} as const

async function recordTag(tx: Sql, t: TaggedImage): Promise<void> {
  const packageId = packageIdOf('docker', t.image)
  const versionId = versionIdOf(packageId, t.tag)
  if (t.cached) {
    const shown = await tx.one<{ repo: string }>(C.versionRepo, [versionId])
    if (shown && shown.repo !== t.repo) return
  }
  const pkg = { id: packageId, name: t.image, type: 'docker', description: null, source: 'pushed' }
  await writeRows(tx, [catalogueRow.package({ ...pkg, created: t.now, modified: t.now }, { ifAbsent: true })])
  // The newest push of a tag is the version the catalogue shows, whichever repository took it.
  await tx.run(C.deleteVersion, [versionId])
  const folder = tagFolder(t.image, t.tag)
  const lead = `${folder}/manifest.json`
  const rows = [
    catalogueRow.version({
      id: versionId,
      packageId,
      name: t.tag,
      created: t.now,
      modified: t.now,
      size: t.files.reduce((sum, f) => sum + f.facts.size, 0),
      digest: t.manifest.sha256,
      repo: t.repo,
      repoType: 'docker',
      leadFilePath: lead,
    }),
  ]
  const file = (path: string, name: string, lead: boolean, f: BlobFacts, mimeType: string) =>
    catalogueRow.file(
      { versionId, repo: t.repo, path, name, lead, ...f, mimeType, deployedBy: t.deployedBy },
      { ifAbsent: true },
    )
  rows.push(file(lead, 'manifest.json', true, t.manifest, 'application/json'))
  for (const f of t.files)
    rows.push(
      file(`${folder}/${blobFileName(f.digest)}`, blobFileName(f.digest), false, f.facts, f.mediaType),
    )
  for (const [i, l] of t.layers.entries()) rows.push(catalogueRow.layer(versionId, i, l))
  const properties: Array<[string, string[]]> = [
    ['docker.repoName', [t.image]],
    ['docker.manifest', [t.tag]],
    ['docker.manifest.digest', [t.manifestDigest]],
    ...(t.os ? [['docker.os', [t.os]] as [string, string[]]] : []),
    ...(t.architecture ? [['docker.architecture', [t.architecture]] as [string, string[]]] : []),
    ...(t.platforms.length > 0 ? [['docker.platforms', [...t.platforms]] as [string, string[]]] : []),
  ]
  for (const [i, [key, values]] of properties.entries())
    rows.push(catalogueRow.property(versionId, i, key, values))
  await writeRows(tx, rows)
  await refreshPackage(tx, packageId)
}

/** The tag's version leaves the catalogue (only when this repository's push made it). */
async function forgetTag(tx: Sql, repo: string, image: string, tag: string): Promise<void> {
  const packageId = packageIdOf('docker', image)
  const versionId = versionIdOf(packageId, tag)
  const row = await tx.one<{ repo: string }>(C.versionRepo, [versionId])
  if (!row || row.repo !== repo) return
  await tx.run(C.deleteVersion, [versionId])
  await refreshPackage(tx, packageId)
}
