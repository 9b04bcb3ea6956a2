/**
 * An admin's delete of what an npm remote has cached, by the path the Artifacts tree shows: a
 * tarball (`name/-/name-1.0.0.tgz`), a package's folder (`name`, `@scope/name`) or a scope's
 * (`@scope`). The versions leave the catalogue, the cached files their records (the bytes go
 * when nothing else names them) and, for a package or scope, the cached documents too, so the
 * next request asks the upstream again.
 */
import type { Sql } from '../db/sql'
import type { BlobStore } from '../repositories/blobs'
import type { NpmCatalogue } from '../registry/npmCatalogue'
import { remoteStore } from './store'

/** Evicts `path` from the npm remote `repo`'s cache in `tx`; false when nothing was there. */
export async function evictNpmCache(
  tx: Sql,
  deps: { readonly blobs: BlobStore; readonly catalogue: NpmCatalogue },
  repo: string,
  path: string,
): Promise<boolean> {
  const place = path.replace(/\/+$/, '')
  const store = remoteStore(tx)
  const files = await store.filesAt(repo, place)
  const versions = await store.npmVersionsAt(repo, place)
  // A package's or scope's folder takes its documents; a tarball leaves the document standing.
  const documents = place.includes('/-/') ? [] : await store.documentsAt(repo, place)
  if (files.length + versions.length + documents.length === 0) return false
  const catalogue = deps.catalogue.within(tx)
  for (const v of versions) await catalogue.remove(v.package, v.version)
  for (const f of files) await store.deleteFile(repo, f.path)
  for (const name of documents) await store.deleteDocument(repo, name)
  const digests = [...files.map((f) => f.sha256), ...versions.flatMap((v) => (v.digest ? [v.digest] : []))]
  for (const sha of new Set(digests)) await deps.blobs.releaseIfUnused(sha, tx)
  return true
}
