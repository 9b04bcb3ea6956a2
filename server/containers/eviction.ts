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
      const unreached = await store.unreachedManifests(repo, image)
      if (unreached.length === 0) break
      for (const digest of unreached) await dropManifest(image, digest)
    }
    for (const digest of await store.unnamedLinks(repo, image)) {
      await store.unlinkBlob(repo, image, digest)
      released.add(digest)
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
  const { store, dropManifest, prune, release } = evictor(tx, repo)
  const place = path.replace(/\/+$/, '')

  const tag = tagOfManifestPath(place)
  const slash = place.lastIndexOf('/')
  const folder = slash > 0 ? { image: place.slice(0, slash), tag: place.slice(slash + 1) } : undefined
  const named = tag ?? folder
  const digest = named && (await store.tagDigest(repo, named.image, named.tag))
  let evicted = false
  if (named && digest) {
    await dropManifest(named.image, digest)
    await prune(named.image)
    evicted = true
  } else if (!tag) {
    for (const image of await store.imagesAt(repo, place)) {
      for (const digest of await store.manifestDigests(repo, image)) await dropManifest(image, digest)
      await prune(image)
      evicted = true
    }
  }
  await release(blobs)
  return evicted
}
