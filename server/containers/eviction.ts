/**
 * An admin's delete of what a docker remote has cached, by the path the Artifacts tree shows:
 * a tag's `manifest.json` or folder (`<image>/<tag>`) takes the manifest the tag names (with
 * every tag on it); an image's folder, or a namespace's above it, takes all of each image. What
 * no cached tag needs any more goes with it (manifests an index named, blob links), at once
 * rather than at the next collection: a cache holds nothing for its own sake. The bytes go when
 * nothing else in the platform names them, and the next pull asks the upstream again.
 */
import type { Sql } from '../db/sql'
import type { BlobStore } from '../repositories/blobs'
import { hexOf } from './rules'
import { containerStore, tagOfManifestPath } from './store'

const Q = {
  tagFolder: 'SELECT digest FROM oci_tags WHERE repo = ? AND image = ? AND tag = ?',
  images: `SELECT image FROM oci_manifests WHERE repo = ? AND (image = ? OR substr(image, 1, length(?)) = ?)
     UNION SELECT image FROM oci_blob_links WHERE repo = ? AND (image = ? OR substr(image, 1, length(?)) = ?)`,
  manifests: 'SELECT digest FROM oci_manifests WHERE repo = ? AND image = ?',
  // Untagged, and named by no manifest left: nothing a pull by tag reaches.
  unreached: `SELECT m.digest FROM oci_manifests m WHERE m.repo = ? AND m.image = ?
     AND NOT EXISTS (SELECT 1 FROM oci_tags t WHERE t.repo = m.repo AND t.image = m.image AND t.digest = m.digest)
     AND NOT EXISTS (SELECT 1 FROM oci_manifest_refs r WHERE r.repo = m.repo AND r.image = m.image AND r.child = m.digest)`,
  unnamedLinks: `SELECT l.digest FROM oci_blob_links l WHERE l.repo = ? AND l.image = ?
     AND NOT EXISTS (SELECT 1 FROM oci_manifest_refs r WHERE r.repo = l.repo AND r.image = l.image AND r.child = l.digest)`,
}

/** Drops cached manifests of one docker remote, and what no cached tag reaches after. */
function evictor(tx: Sql, repo: string) {
  const store = containerStore(tx)
  const released = new Set<string>()
  const dropManifest = async (image: string, digest: string) => {
    await store.deleteManifest(repo, image, digest)
    released.add(digest)
  }
  /** Manifests and links of `image` no cached tag reaches any more. */
  const prune = async (image: string) => {
    for (;;) {
      const unreached = await tx.all<{ digest: string }>(Q.unreached, [repo, image])
      if (unreached.length === 0) break
      for (const m of unreached) await dropManifest(image, m.digest)
    }
    for (const l of await tx.all<{ digest: string }>(Q.unnamedLinks, [repo, image])) {
      await store.unlinkBlob(repo, image, l.digest)
      released.add(l.digest)
    }
  }
  /** The bytes of what went, once nothing else in the platform names them. */
  const release = async (blobs: BlobStore) => {
    for (const d of released) await blobs.releaseIfUnused(hexOf(d), tx)
  }
  return { store, dropManifest, prune, release }
}

/**
 * Evicts one reference of a cached image, as the registry API's DELETE names it: a tag goes
 * (other tags on its manifest stay), a digest takes its manifest and every tag on it; then what
 * no cached tag reaches any more. False when the cache holds no such reference.
 */
export async function evictDockerReference(
  tx: Sql,
  blobs: BlobStore,
  repo: string,
  image: string,
  reference: string,
): Promise<boolean> {
  const { store, dropManifest, prune, release } = evictor(tx, repo)
  if (reference.includes(':')) {
    if (!(await store.manifest(repo, image, reference))) return false
    await dropManifest(image, reference)
  } else if (!(await store.deleteTag(repo, image, reference))) return false
  await prune(image)
  await release(blobs)
  return true
}

/** Evicts `path` from the docker remote `repo`'s cache in `tx`; false when nothing was there. */
export async function evictDockerCache(
  tx: Sql,
  blobs: BlobStore,
  repo: string,
  path: string,
): Promise<boolean> {
  const { dropManifest, prune, release } = evictor(tx, repo)
  const place = path.replace(/\/+$/, '')

  const tag = tagOfManifestPath(place)
  const slash = place.lastIndexOf('/')
  const folder = slash > 0 ? { image: place.slice(0, slash), tag: place.slice(slash + 1) } : undefined
  const named = tag ?? folder
  const digest = named && (await tx.one<{ digest: string }>(Q.tagFolder, [repo, named.image, named.tag]))
  let evicted = false
  if (named && digest) {
    await dropManifest(named.image, digest.digest)
    await prune(named.image)
    evicted = true
  } else if (!tag) {
    const below = `${place}/`
    const images = await tx.all<{ image: string }>(Q.images, [
      repo,
      place,
      below,
      below,
      repo,
      place,
      below,
      below,
    ])
    for (const { image } of images) {
      for (const m of await tx.all<{ digest: string }>(Q.manifests, [repo, image]))
        await dropManifest(image, m.digest)
      await prune(image)
      evicted = true
    }
  }
  await release(blobs)
  return evicted
}
