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

const Q = {
  // A path is the place itself or a folder of places below it.
  files: `SELECT path, sha256 FROM remote_files
     WHERE repo = ? AND (path = ? OR substr(path, 1, length(?)) = ?)`,
  deleteFile: 'DELETE FROM remote_files WHERE repo = ? AND path = ?',
  versions: `SELECT p.name AS package, v.name AS version, v.digest FROM catalog_versions v
     JOIN catalog_packages p ON p.id = v.package_id
     WHERE v.repo = ? AND (v.lead_file_path = ? OR substr(v.lead_file_path, 1, length(?)) = ?)`,
  documents: `SELECT name FROM remote_documents WHERE repo = ? AND (name = ? OR substr(name, 1, length(?)) = ?)`,
  deleteDocument: 'DELETE FROM remote_documents WHERE repo = ? AND name = ?',
}

/** Evicts `path` from the npm remote `repo`'s cache in `tx`; false when nothing was there. */
export async function evictNpmCache(
  tx: Sql,
  deps: { readonly blobs: BlobStore; readonly catalogue: NpmCatalogue },
  repo: string,
  path: string,
): Promise<boolean> {
  const place = path.replace(/\/+$/, '')
  const below = `${place}/`
  const at = [repo, place, below, below]
  const files = await tx.all<{ path: string; sha256: string }>(Q.files, at)
  const versions = await tx.all<{ package: string; version: string; digest: string | null }>(Q.versions, at)
  // A package's or scope's folder takes its documents; a tarball leaves the document standing.
  const documents = place.includes('/-/') ? [] : await tx.all<{ name: string }>(Q.documents, at)
  if (files.length + versions.length + documents.length === 0) return false
  const catalogue = deps.catalogue.within(tx)
  for (const v of versions) await catalogue.remove(v.package, v.version)
  for (const f of files) await tx.run(Q.deleteFile, [repo, f.path])
  for (const d of documents) await tx.run(Q.deleteDocument, [repo, d.name])
  const digests = [...files.map((f) => f.sha256), ...versions.flatMap((v) => (v.digest ? [v.digest] : []))]
  for (const sha of new Set(digests)) await deps.blobs.releaseIfUnused(sha, tx)
  return true
}
