/**
 * The registry's rows (portable SQL over server/db/sql.ts): the files deployed under
 * /artifactory/<repo>/<path> (`artifacts`, read together with the catalogue's files, which the
 * same paths serve), the remote caches' file rows the same delete removes, and npm's dist-tags
 * and versions as the npm routes read and write them.
 */
import type { Sql } from '../db/sql'

export interface ArtifactRow {
  readonly repo: string
  readonly path: string
  readonly sha256: string
  readonly sha1: string
  readonly md5: string
  readonly size: number
  readonly mime_type: string
  readonly created: string
  readonly modified: string
  readonly deployed_by: string | null
  readonly content: Buffer | null
  readonly version_id: string | null
  readonly lead: number
}

/** A file deployed to a local repository: where, the bytes it names, and when and by whom. */
export interface DeployedFile {
  readonly repo: string
  readonly path: string
  readonly sha256: string
  readonly size: number
  readonly mimeType: string
  readonly now: string
  readonly deployedBy: string
}

const A = {
  // The NULLs typed: PostgreSQL reads an untyped NULL as text, which UNION then refuses to join
  // with a bytea or text column of another type.
  byPath: `SELECT a.repo, a.path, a.sha256, b.sha1, b.md5, a.size, a.mime_type, a.created, a.modified, a.deployed_by,
       CAST(NULL AS BLOB) AS content, CAST(NULL AS TEXT) AS version_id, 0 AS lead
     FROM artifacts a JOIN blobs b ON b.sha256 = a.sha256 WHERE a.repo = ? AND a.path = ?
     UNION ALL
     SELECT f.repo, f.path, f.sha256, f.sha1, f.md5, f.size, f.mime_type, v.created, v.modified, f.deployed_by,
       f.content, f.version_id, f.lead
     FROM catalog_files f JOIN catalog_versions v ON v.id = f.version_id WHERE f.repo = ? AND f.path = ?
     LIMIT 1`,
  upsert: `INSERT INTO artifacts (repo, path, sha256, size, mime_type, created, modified, deployed_by)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (repo, path) DO UPDATE SET sha256 = excluded.sha256, size = excluded.size,
       mime_type = excluded.mime_type, modified = excluded.modified, deployed_by = excluded.deployed_by`,
  previous: 'SELECT sha256 FROM artifacts WHERE repo = ? AND path = ?',
  folderRows: 'SELECT path, sha256 FROM artifacts WHERE repo = ? AND substr(path, 1, length(?)) = ?',
  deleteRow: 'DELETE FROM artifacts WHERE repo = ? AND path = ?',
  deleteCached: 'DELETE FROM remote_files WHERE repo = ? AND path = ?',
  folderBlocked: 'SELECT path FROM artifacts WHERE repo = ? AND substr(path, 1, length(?)) = ? LIMIT 1',
}

/** The files under /artifactory paths, on `sql` (a transaction's handle inside one). */
export function artifactRows(sql: Sql) {
  return {
    /** The file at `path`: deployed, or a file of a catalogue version. */
    find: (repo: string, path: string) => sql.one<ArtifactRow>(A.byPath, [repo, path, repo, path]),
    /** The bytes a deployed file at `path` names now, if one is there. */
    previous: async (repo: string, path: string) =>
      (await sql.one<{ sha256: string }>(A.previous, [repo, path]))?.sha256,
    /** Whether a deployed file lies below `folder` (which ends in a slash). */
    anyBelow: async (repo: string, folder: string) =>
      !!(await sql.one(A.folderBlocked, [repo, folder, folder])),
    /** The deployed files below `folder` (which ends in a slash). */
    below: (repo: string, folder: string) =>
      sql.all<{ path: string; sha256: string }>(A.folderRows, [repo, folder, folder]),
    /** Names the file's bytes at its path, created now or replacing what was there. */
    deploy: (f: DeployedFile) =>
      sql.run(A.upsert, [f.repo, f.path, f.sha256, f.size, f.mimeType, f.now, f.now, f.deployedBy]),
    /** Removes the file's row, and a remote's cached row at the same path when `cached`. */
    remove: async (repo: string, path: string, cached: boolean) => {
      await sql.run(A.deleteRow, [repo, path])
      if (cached) await sql.run(A.deleteCached, [repo, path])
    },
  }
}

/** A version of an npm package in one repository, with its document and its tarball. */
export interface NpmVersionRow {
  version: string
  created: string
  modified: string
  document: string
  sha256: string
  path: string
  repo: string
}

const N = {
  versionsIn: `SELECT v.name AS version, v.created, v.modified, d.document, f.sha256, f.path, v.repo
     FROM catalog_versions v JOIN npm_version_documents d ON d.version_id = v.id
     JOIN catalog_files f ON f.version_id = v.id AND f.lead = 1
     WHERE v.package_id = ? AND v.repo = ?`,
  versionStampsIn: `SELECT v.name AS version, v.created, v.modified, d.revision, f.sha256
     FROM catalog_versions v JOIN npm_version_documents d ON d.version_id = v.id
     JOIN catalog_files f ON f.version_id = v.id AND f.lead = 1
     WHERE v.package_id = ? AND v.repo = ? ORDER BY v.name`,
  tagsIn: 'SELECT tag, version FROM npm_dist_tags WHERE repo = ? AND package = ?',
  setTag: `INSERT INTO npm_dist_tags (repo, package, tag, version) VALUES (?, ?, ?, ?)
     ON CONFLICT (repo, package, tag) DO UPDATE SET version = excluded.version`,
  deleteTag: 'DELETE FROM npm_dist_tags WHERE repo = ? AND package = ? AND tag = ?',
  fileAt: 'SELECT sha256, size, version_id FROM catalog_files WHERE repo = ? AND path = ?',
  replaceDocument: `UPDATE npm_version_documents SET document = ?, revision = revision + 1
     WHERE version_id = (SELECT id FROM catalog_versions WHERE package_id = ? AND repo = ? AND name = ?)`,
}

/** npm's packages as its routes read and tag them, on `sql` (a transaction's handle inside one). */
export function npmRows(sql: Sql) {
  return {
    /** The versions of package `name` that `repo` holds. */
    versionsIn: (repo: string, name: string) => sql.all<NpmVersionRow>(N.versionsIn, [`npm://${name}`, repo]),
    /**
     * What the versions of `name` in `repo` are built from, without their documents: a change
     * to any (a publish, an unpublish, a deprecation) changes these rows.
     */
    versionStampsIn: (repo: string, name: string) =>
      sql.all<{ version: string; created: string; modified: string; revision: number; sha256: string }>(
        N.versionStampsIn,
        [`npm://${name}`, repo],
      ),
    /** The dist-tags of package `name` in `repo`. */
    tagsIn: (repo: string, name: string) => sql.all<{ tag: string; version: string }>(N.tagsIn, [repo, name]),
    /** Points `tag` of package `name` in `repo` at `version`. */
    setTag: (repo: string, name: string, tag: string, version: string) =>
      sql.run(N.setTag, [repo, name, tag, version]),
    deleteTag: (repo: string, name: string, tag: string) => sql.run(N.deleteTag, [repo, name, tag]),
    /** The version document npm serves for `version` of `name` in `repo`, replaced (a deprecation). */
    replaceDocument: (repo: string, name: string, version: string, document: Record<string, unknown>) =>
      sql.run(N.replaceDocument, [JSON.stringify(document), `npm://${name}`, repo, version]),
    /** The catalogue's file at `path` in `repo` (a tarball), with the version it belongs to. */
    fileAt: (repo: string, path: string) =>
      sql.one<{ sha256: string; size: number; version_id: string | null }>(N.fileAt, [repo, path]),
  }
}
