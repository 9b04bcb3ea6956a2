/**
 * The catalogue store: every statement on the catalogue's package tables. The rows that hold a
 * package, built in one place whichever way it arrives: a package in the snapshot's shape (the
 * snapshot loader, the samples, the synthetic packages and the tests), an npm publish or remote
 * cache (server/registry/npmCatalogue.ts) and a container push (server/containers/store.ts);
 * a package's summary after its versions change; npm's own records beside the rows (version
 * documents, first-publish digests, dist-tags); a catalogue file found by its path.
 */
import type Database from 'better-sqlite3'
import type { Db } from '../db'
import { placeholders, type Sql, type SqlValue } from '../db/sql'
import { forgetRead } from '../db/onePage'
import { packageSummary, type VersionFacts } from './packageRefresh'
import type { SnapshotPackage } from './types'
import { isReleaseVersion, latestOf } from './versionOrder'

export const packageIdOf = (type: string, name: string) => `${type}://${name}`
export const versionIdOf = (packageId: string, version: string) => `${packageId}@${version}`

const REPO_TYPES: Record<string, string> = { npm: 'npm', debian: 'debian', docker: 'docker' }

export interface PackageExtras {
  /** Docker layers per version name. */
  readonly layers?: Record<string, ReadonlyArray<{ digest: string; size: number; command: string }>>
}

/** A licence as the catalogue's `licenses_json` lists it, with where it was read. */
export interface LicenceEntry {
  readonly name: string
  readonly source: string
}

export interface PackageRow {
  readonly id: string
  readonly name: string
  readonly type: string
  readonly description: string | null
  readonly created: string
  readonly modified: string
  /** The counts and latest versions; a package written before its versions has none yet (refreshPackage sets them). */
  readonly latestVersion?: string | null
  readonly latestReleaseVersion?: string | null
  readonly versionsCount?: number
  readonly releaseVersionsCount?: number
  readonly licenses?: readonly LicenceEntry[]
  readonly tags?: readonly string[]
  /** Where the row came from: node_modules, registry, dpkg, sample, synthetic, published, pushed. */
  readonly source: string
}

export interface VersionRow {
  readonly id: string
  readonly packageId: string
  readonly name: string
  readonly created: string
  readonly modified: string
  readonly size: number
  readonly licenses?: readonly LicenceEntry[]
  readonly digest: string | null
  readonly repo: string
  readonly repoType: string
  readonly leadFilePath: string
  readonly readmePath?: string | null
  readonly readmeText?: string | null
}

export interface FileRow {
  readonly versionId: string
  readonly repo: string
  readonly path: string
  readonly name: string
  readonly lead: boolean
  readonly size: number
  readonly md5: string
  readonly sha1: string
  readonly sha256: string
  readonly mimeType: string
  /** The bytes, for the small files the catalogue shows; null when the blob store holds them. */
  readonly content?: Uint8Array | null
  readonly deployedBy?: string | null
}

/** One statement of a package's rows: its text (one per table and conflict rule, so prepared once) and values. */
export interface CatalogueInsert {
  readonly text: string
  readonly params: SqlValue[]
}

/** Whether a row already there (same key) is an error or left as it is. */
export interface InsertOptions {
  readonly ifAbsent?: boolean
}

// Vulnerability counts are not written here: they are the scanner's (server/xray), written when
// it scans a version; until then the columns' default, 0.
const TEXT = {
  package: `INSERT INTO catalog_packages (id, name, name_lower, description, description_lower, package_type, created,
       modified, latest_version, latest_release_version, versions_count, release_versions_count, licenses_json,
       tags_json, source)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  license: 'INSERT INTO catalog_package_licenses (package_id, name) VALUES (?, ?) ON CONFLICT DO NOTHING',
  version: `INSERT INTO catalog_versions (id, package_id, name, name_lower, created, modified, prerelease, size,
       licenses_json, digest, repo, repo_type, lead_file_path, readme_path, readme_text)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  file: `INSERT INTO catalog_files (version_id, repo, path, name, lead, size, md5, sha1, sha256, mime_type, content,
       deployed_by)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  dependency:
    'INSERT INTO catalog_dependencies (version_id, position, name, version, scope) VALUES (?, ?, ?, ?, ?)',
  property: 'INSERT INTO catalog_properties (version_id, position, key, values_json) VALUES (?, ?, ?, ?)',
  layer:
    'INSERT INTO catalog_docker_layers (version_id, position, digest, size, command) VALUES (?, ?, ?, ?, ?)',
} as const
const PACKAGE_IF_ABSENT = `${TEXT.package} ON CONFLICT (id) DO NOTHING`
const FILE_IF_ABSENT = `${TEXT.file} ON CONFLICT (repo, path) DO NOTHING`

const licencesJson = (licenses: readonly LicenceEntry[] = []) =>
  JSON.stringify(licenses.map(({ name, source }) => ({ name, source })))

/**
 * The one builder of the catalogue's package rows, for every way a package arrives (snapshot,
 * samples, synthetic, npm publish or remote cache, container push): each row's insert with the
 * derived columns (lower-cased copies, pre-release flag, JSON) computed the same way.
 */
export const catalogueRow = {
  package: (p: PackageRow, options: InsertOptions = {}): CatalogueInsert => ({
    text: options.ifAbsent ? PACKAGE_IF_ABSENT : TEXT.package,
    params: [
      p.id,
      p.name,
      p.name.toLowerCase(),
      p.description,
      p.description?.toLowerCase() ?? null,
      p.type,
      p.created,
      p.modified,
      p.latestVersion ?? null,
      p.latestReleaseVersion ?? null,
      p.versionsCount ?? 0,
      p.releaseVersionsCount ?? 0,
      licencesJson(p.licenses),
      JSON.stringify(p.tags ?? []),
      p.source,
    ],
  }),
  /** A licence the packages list filters by; one row per name, a second is left alone. */
  license: (packageId: string, name: string): CatalogueInsert => ({
    text: TEXT.license,
    params: [packageId, name],
  }),
  version: (v: VersionRow): CatalogueInsert => ({
    text: TEXT.version,
    params: [
      v.id,
      v.packageId,
      v.name,
      v.name.toLowerCase(),
      v.created,
      v.modified,
      isReleaseVersion(v.name) ? 0 : 1,
      v.size,
      licencesJson(v.licenses),
      v.digest,
      v.repo,
      v.repoType,
      v.leadFilePath,
      v.readmePath ?? null,
      v.readmeText ?? null,
    ],
  }),
  file: (f: FileRow, options: InsertOptions = {}): CatalogueInsert => ({
    text: options.ifAbsent ? FILE_IF_ABSENT : TEXT.file,
    params: [
      f.versionId,
      f.repo,
      f.path,
      f.name,
      f.lead ? 1 : 0,
      f.size,
      f.md5,
      f.sha1,
      f.sha256,
      f.mimeType,
      f.content ?? null,
      f.deployedBy ?? null,
    ],
  }),
  dependency: (versionId: string, position: number, d: { name: string; version: string; scope: string }) => ({
    text: TEXT.dependency,
    params: [versionId, position, d.name, d.version, d.scope],
  }),
  property: (
    versionId: string,
    position: number,
    key: string,
    values: readonly string[],
  ): CatalogueInsert => ({
    text: TEXT.property,
    params: [versionId, position, key, JSON.stringify(values)],
  }),
  layer: (versionId: string, position: number, l: { digest: string; size: number; command: string }) => ({
    text: TEXT.layer,
    params: [versionId, position, l.digest, l.size, l.command],
  }),
} satisfies Record<string, (...args: never[]) => CatalogueInsert>

/**
 * The key of the catalogue's reads made once while a page is made (db/onePage.ts): the count of a
 * list's packages, which the landing's two reads (newest, most downloaded) both ask for the same
 * filter.
 */
export const CATALOGUE_READS = 'catalogue'

/** After a write to the catalogue: the next read inside the page counts again. */
export const forgetCatalogue = (): void => forgetRead(CATALOGUE_READS)

/** Runs the inserts in order on `sql` (the caller's transaction, when they belong together). */
export async function writeRows(sql: Sql, inserts: Iterable<CatalogueInsert>): Promise<void> {
  for (const { text, params } of inserts) await sql.run(text, params)
  forgetCatalogue()
}

/** A package's rows as the inserts that write them, in an order that satisfies their foreign keys; its id first. */
function packageRows(pkg: SnapshotPackage, extras: PackageExtras): { id: string; rows: CatalogueInsert[] } {
  const id = packageIdOf(pkg.type, pkg.name)
  const names = pkg.versions.map((v) => v.name)
  const releases = names.filter(isReleaseVersion)
  // The snapshot's advisories are not loaded: vulnerability counts are the scanner's.
  const created = pkg.versions.map((v) => v.created).sort()[0] ?? new Date(0).toISOString()
  const modified =
    pkg.versions
      .map((v) => v.modified)
      .sort()
      .at(-1) ?? created
  const licences = (names: readonly string[]) => names.map((name) => ({ name, source: pkg.licenseSource }))
  const rows: CatalogueInsert[] = [
    catalogueRow.package({
      id,
      name: pkg.name,
      type: pkg.type,
      description: pkg.description ?? null,
      created,
      modified,
      latestVersion: latestOf(names) ?? null,
      latestReleaseVersion: latestOf(releases) ?? null,
      versionsCount: names.length,
      releaseVersionsCount: releases.length,
      licenses: licences(pkg.licenses),
      tags: pkg.tags,
      source: pkg.source,
    }),
  ]
  for (const license of pkg.licenses) rows.push(catalogueRow.license(id, license))
  for (const v of pkg.versions) {
    const versionId = versionIdOf(id, v.name)
    const lead = v.files.find((f) => f.lead)
    rows.push(
      catalogueRow.version({
        id: versionId,
        packageId: id,
        name: v.name,
        created: v.created,
        modified: v.modified,
        size: v.size,
        licenses: licences(v.licenses),
        digest: lead?.sha256 ?? null,
        repo: v.repo,
        repoType: REPO_TYPES[pkg.type] ?? pkg.type,
        leadFilePath: v.leadFilePath,
        readmePath: v.readmePath ?? null,
        readmeText: v.readmeText ?? null,
      }),
    )
    for (const f of v.files)
      rows.push(
        catalogueRow.file({
          versionId,
          repo: v.repo,
          path: f.path,
          name: f.name,
          lead: f.lead,
          size: f.size,
          md5: f.md5,
          sha1: f.sha1,
          sha256: f.sha256,
          mimeType: f.mimeType,
          content: f.content ? Buffer.from(f.content.data, f.content.encoding) : null,
        }),
      )
    v.dependencies.forEach((d, i) => rows.push(catalogueRow.dependency(versionId, i, d)))
    v.properties.forEach((p, i) => rows.push(catalogueRow.property(versionId, i, p.key, p.values)))
    extras.layers?.[v.name]?.forEach((l, i) => rows.push(catalogueRow.layer(versionId, i, l)))
  }
  return { id, rows }
}

/**
 * Inserts sample builds and release bundles (server/catalog/samples.ts), each naming the files of
 * the newest version of the packages it lists (a package not in the catalogue is left out).
 */
export function insertSampleRows(
  db: Db,
  builds: ReadonlyArray<{
    name: string
    number: string
    started: string
    status: string
    uses: readonly string[]
  }>,
  bundles: ReadonlyArray<{
    name: string
    version: string
    created: string
    status: string
    contains: readonly string[]
  }>,
): void {
  const newestVersion = db.prepare(
    `SELECT v.id, v.repo, v.lead_file_path AS lead FROM catalog_versions v JOIN catalog_packages p ON p.id = v.package_id
     WHERE p.id = ? AND v.name = p.latest_version`,
  )
  const filesOf = db.prepare('SELECT repo, path, sha256, sha1 FROM catalog_files WHERE version_id = ?')
  const insertBuild = db.prepare(
    'INSERT INTO catalog_builds (name, number, started, status) VALUES (?, ?, ?, ?)',
  )
  const insertBuildArtifact = db.prepare(
    'INSERT OR IGNORE INTO catalog_build_artifacts (build_id, repo, path) VALUES (?, ?, ?)',
  )
  for (const b of builds) {
    const buildId = insertBuild.run(b.name, b.number, b.started, b.status).lastInsertRowid
    for (const packageId of b.uses) {
      const v = newestVersion.get(packageId) as { id: string; repo: string; lead: string } | undefined
      if (v) insertBuildArtifact.run(buildId, v.repo, v.lead)
    }
  }
  const insertBundle = db.prepare(
    `INSERT INTO release_bundles (name, version, created, status, repository) VALUES (?, ?, ?, ?, 'release-bundles')`,
  )
  const insertBundleArtifact = db.prepare(
    'INSERT OR IGNORE INTO release_bundle_artifacts (bundle_id, repo, path, sha256, sha1) VALUES (?, ?, ?, ?, ?)',
  )
  for (const r of bundles) {
    const bundleId = insertBundle.run(r.name, r.version, r.created, r.status).lastInsertRowid
    for (const packageId of r.contains) {
      const v = newestVersion.get(packageId) as { id: string } | undefined
      if (!v) continue
      for (const f of filesOf.all(v.id) as Array<{
        repo: string
        path: string
        sha256: string
        sha1: string
      }>)
        insertBundleArtifact.run(bundleId, f.repo, f.path, f.sha256, f.sha1)
    }
  }
}

/** Prepared inserts for packages in the snapshot's shape; used by the snapshot, samples and synthetic loaders. */
export function packageInserter(db: Db) {
  const prepared = new Map<string, Database.Statement>()
  const statement = (text: string) => {
    let s = prepared.get(text)
    if (!s) prepared.set(text, (s = db.prepare(text)))
    return s
  }
  return (pkg: SnapshotPackage, extras: PackageExtras = {}): string => {
    const { id, rows } = packageRows(pkg, extras)
    for (const { text, params } of rows) statement(text).run(...params)
    forgetCatalogue()
    return id
  }
}

/** The same through the stores' interface (either engine), all or nothing; answers the package's id. */
export async function insertPackage(
  sql: Sql,
  pkg: SnapshotPackage,
  extras: PackageExtras = {},
): Promise<string> {
  const { id, rows } = packageRows(pkg, extras)
  await sql.transaction((tx) => writeRows(tx, rows))
  return id
}

const VERSIONS_OF_PACKAGES = (n: number) =>
  `SELECT package_id, name, created, modified FROM catalog_versions WHERE package_id IN (${placeholders(n)})`
const REFRESH_COUNTS = `UPDATE catalog_packages SET latest_version = ?, latest_release_version = ?,
  versions_count = ?, release_versions_count = ?, created = ?, modified = ? WHERE id = ?`
const DELETE_PACKAGE = 'DELETE FROM catalog_packages WHERE id = ?'

/**
 * Counts, latest versions and dates from the versions left; a package without versions goes.
 * Inside the caller's transaction.
 */
export const refreshPackage = (sql: Sql, packageId: string): Promise<void> =>
  refreshPackages(sql, [packageId])

/**
 * The same for several packages (the metadata migration's batches), their versions read in one
 * statement: on PostgreSQL a read per package was a round trip per package.
 */
export async function refreshPackages(sql: Sql, packageIds: readonly string[]): Promise<void> {
  if (packageIds.length === 0) return
  const versions = new Map<string, VersionFacts[]>()
  for (const { package_id, ...facts } of await sql.all<VersionFacts & { package_id: string }>(
    VERSIONS_OF_PACKAGES(packageIds.length),
    packageIds,
  ))
    versions.set(package_id, [...(versions.get(package_id) ?? []), facts])
  for (const packageId of packageIds) {
    const summary = packageSummary(versions.get(packageId) ?? [])
    if (summary)
      await sql.run(REFRESH_COUNTS, [
        summary.latest,
        summary.latestRelease,
        summary.count,
        summary.releaseCount,
        summary.created,
        summary.modified,
        packageId,
      ])
    else await sql.run(DELETE_PACKAGE, [packageId])
  }
  forgetCatalogue()
}

const NPM = {
  updatePackageFacts: `UPDATE catalog_packages SET description = ?, description_lower = ?, licenses_json = ?,
       tags_json = ? WHERE id = ?`,
  insertDocument: 'INSERT INTO npm_version_documents (version_id, document) VALUES (?, ?)',
  deleteVersion: 'DELETE FROM catalog_versions WHERE id = ?',
  findVersion: 'SELECT id, repo FROM catalog_versions WHERE id = ?',
  everPublished: 'SELECT sha256 FROM npm_published_versions WHERE package = ? AND version = ?',
  recordPublished: `INSERT INTO npm_published_versions (package, version, sha256, published_at) VALUES (?, ?, ?, ?)
     ON CONFLICT DO NOTHING`,
  documentOf: 'SELECT 1 AS found FROM npm_version_documents WHERE version_id = ?',
  versionsInRepo: 'SELECT name FROM catalog_versions WHERE package_id = ? AND repo = ?',
  tagsIn: 'SELECT tag, version FROM npm_dist_tags WHERE repo = ? AND package = ?',
  setTag: `INSERT INTO npm_dist_tags (repo, package, tag, version) VALUES (?, ?, ?, ?)
     ON CONFLICT (repo, package, tag) DO UPDATE SET version = excluded.version`,
  deleteTag: 'DELETE FROM npm_dist_tags WHERE repo = ? AND package = ? AND tag = ?',
} as const

/**
 * npm's records beside the catalogue rows, over `sql` (a transaction's handle when they belong
 * with the rows): the version document npm sent, the digest a version was first published with
 * (kept after it goes), and the dist-tags per repository.
 */
export function npmRecords(sql: Sql) {
  return {
    /** The newest publish describes the package, as the registry's packument does. */
    async describePackage(
      packageId: string,
      p: { description: string | null; licenses: readonly LicenceEntry[]; keywords: readonly string[] },
    ): Promise<void> {
      await sql.run(NPM.updatePackageFacts, [
        p.description,
        p.description?.toLowerCase() ?? null,
        licencesJson(p.licenses),
        JSON.stringify(p.keywords),
        packageId,
      ])
    },
    async addDocument(versionId: string, document: Record<string, unknown>): Promise<void> {
      await sql.run(NPM.insertDocument, [versionId, JSON.stringify(document)])
    },
    hasDocument: async (versionId: string) => (await sql.one(NPM.documentOf, [versionId])) !== undefined,
    findVersion: (versionId: string) => sql.one<{ id: string; repo: string }>(NPM.findVersion, [versionId]),
    /** Removes a version row; its files, dependencies… go by cascade. */
    async removeVersion(versionId: string): Promise<void> {
      await sql.run(NPM.deleteVersion, [versionId])
    },
    /** The version names of a package held by one repository. */
    versionNamesIn: async (packageId: string, repo: string) =>
      (await sql.all<{ name: string }>(NPM.versionsInRepo, [packageId, repo])).map((v) => v.name),
    publishedDigest: async (name: string, version: string): Promise<string | undefined> =>
      (await sql.one<{ sha256: string }>(NPM.everPublished, [name, version]))?.sha256,
    /** The first publish of `name@version` is kept; a second record of it is left alone. */
    async recordPublished(name: string, version: string, sha256: string, at: string): Promise<void> {
      await sql.run(NPM.recordPublished, [name, version, sha256, at])
    },
    distTags: (repo: string, name: string) =>
      sql.all<{ tag: string; version: string }>(NPM.tagsIn, [repo, name]),
    async setTag(repo: string, name: string, tag: string, version: string): Promise<void> {
      await sql.run(NPM.setTag, [repo, name, tag, version])
    },
    async deleteTag(repo: string, name: string, tag: string): Promise<void> {
      await sql.run(NPM.deleteTag, [repo, name, tag])
    },
  }
}

export type NpmRecords = ReturnType<typeof npmRecords>

export interface FileRecord {
  readonly id: number
  readonly version_id: string
  readonly repo: string
  readonly path: string
  readonly name: string
  readonly size: number
  readonly sha256: string
  readonly content: Buffer | null
}

const FILES = {
  byRepoPath: 'SELECT * FROM catalog_files WHERE repo = ? AND path = ?',
  byPath: 'SELECT * FROM catalog_files WHERE path = ? ORDER BY repo LIMIT 1',
  // LIKE ignores case on SQLite: the caller keeps only exact folders.
  leadsUnder: `SELECT id, repo, lead_file_path FROM catalog_versions WHERE repo = ? AND lead_file_path LIKE ? ESCAPE '\\'`,
}

/** A version whose lead file sits in a folder: its id, repository and lead file's path. */
export interface VersionFolder {
  readonly version_id: string
  readonly repo: string
  readonly lead_file_path: string
}

const likePrefix = (s: string) => `${s.replace(/[\\%_]/g, (c) => `\\${c}`)}/%`

/**
 * Finds catalogue files and versions from the `path` / `repoKey` the supporting calls take.
 * The specification passes paths in two forms: with the repository key as the first segment
 * (`npm-remote/react/-/react-19.2.0.tgz`) or relative to a separate `repoKey`; both work.
 */
export function artifactFinder(sql: Sql) {
  const byRepoPath = (repo: string, path: string) => sql.one<FileRecord>(FILES.byRepoPath, [repo, path])

  /** The file at a path, or undefined. */
  const findFile = async (path: string, repoKey?: string): Promise<FileRecord | undefined> => {
    const clean = path.replace(/^\/+/, '')
    if (repoKey) {
      const rest = clean.startsWith(`${repoKey}/`) ? clean.slice(repoKey.length + 1) : clean
      return (await byRepoPath(repoKey, rest)) ?? (await byRepoPath(repoKey, clean))
    }
    const slash = clean.indexOf('/')
    if (slash > 0) {
      const found = await byRepoPath(clean.slice(0, slash), clean.slice(slash + 1))
      if (found) return found
    }
    return sql.one<FileRecord>(FILES.byPath, [clean])
  }

  const leadIn = async (repo: string, folder: string): Promise<VersionFolder | undefined> => {
    const rows = await sql.all<{ id: string; repo: string; lead_file_path: string }>(FILES.leadsUnder, [
      repo,
      likePrefix(folder),
    ])
    const row = rows.find((r) => r.lead_file_path.slice(0, r.lead_file_path.lastIndexOf('/')) === folder)
    return row && { version_id: row.id, repo: row.repo, lead_file_path: row.lead_file_path }
  }

  /**
   * The version whose lead file is directly in the folder at a path, or undefined: a version of
   * a type whose versions have folders of their own is named by its folder.
   */
  const findVersionFolder = async (path: string, repoKey?: string): Promise<VersionFolder | undefined> => {
    const clean = path.replace(/^\/+|\/+$/g, '')
    if (repoKey) {
      const rest = clean.startsWith(`${repoKey}/`) ? clean.slice(repoKey.length + 1) : clean
      return (await leadIn(repoKey, rest)) ?? (rest === clean ? undefined : await leadIn(repoKey, clean))
    }
    const slash = clean.indexOf('/')
    return slash > 0 ? leadIn(clean.slice(0, slash), clean.slice(slash + 1)) : undefined
  }

  return { findFile, findVersionFolder }
}
