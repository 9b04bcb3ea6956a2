/**
 * npm packages published to a local repository, kept in the catalogue's own tables so that
 * a publish shows at once in the packages list, GraphQL, search, details and the artifact
 * count: the version row, its files (tarball from the blob store; package.json, README and
 * LICENSE from inside it, with their checksums), dependencies, properties and licences. The
 * version document npm sent is kept for the packument.
 */
import { createHash } from 'node:crypto'
import type { Db } from '../db'
import { packageIdOf, versionIdOf } from '../catalog/load'
import { isReleaseVersion, latestOf } from '../catalog/versionOrder'
import type { BlobFacts } from '../repositories/blobs'
import type { TarEntry } from './tarball'
import { packageRefresher } from '../catalog/packageRefresh'

export interface PublishedVersion {
  readonly repo: string
  readonly name: string
  readonly version: string
  /** The version document of the publish body (package.json plus npm's fields). */
  readonly document: Record<string, unknown>
  /** The files of the tarball the catalogue shows (isShownFile), as readTarball found them. */
  readonly files: readonly TarEntry[]
  readonly tarballFacts: BlobFacts
  readonly deployedBy: string
  readonly now: string
}

const SHOWN_FILE = /^(package\.json|readme(\.[a-z]+)?|licen[cs]e(\.[a-z]+)?)$/i
/** The files of a package's tarball the catalogue keeps and shows: package.json, README, LICENSE at its top. */
export const isShownFile = (path: string) => !path.includes('/') && SHOWN_FILE.test(path)
const MIME: Record<string, string> = { json: 'application/json', md: 'text/markdown' }
const mimeOf = (name: string) => MIME[name.split('.').pop()?.toLowerCase() ?? ''] ?? 'text/plain'
const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' ? [v] : []

/** The tarball's file name as npm names it (`@scope/name` → `name-1.0.0.tgz`). */
export const tarballName = (name: string, version: string) => `${name.split('/').pop()}-${version}.tgz`
/** Path of a version's tarball in its repository, as the catalogue lays npm out. */
export const tarballPath = (name: string, version: string) => `${name}/-/${tarballName(name, version)}`

export function licencesOf(document: Record<string, unknown>): string[] {
  const licence = document.license
  if (typeof licence === 'string') return [licence]
  if (licence && typeof licence === 'object' && typeof (licence as { type?: unknown }).type === 'string')
    return [(licence as { type: string }).type]
  return []
}

/** What happens to every version the catalogue stores, whichever way it came (publish, remote cache). */
export interface CatalogueHooks {
  /** Called inside the storing transaction, with the version's id (`npm://name@version`). */
  readonly versionArrived?: (versionId: string) => void
}

export function npmCatalogue(db: Db, hooks: CatalogueHooks = {}) {
  const insertPackage = db.prepare(
    `INSERT OR IGNORE INTO catalog_packages (id, name, name_lower, description, description_lower, package_type,
       created, modified, latest_version, latest_release_version, versions_count, release_versions_count,
       licenses_json, tags_json, source)
     VALUES (@id, @name, @nameLower, @description, @descriptionLower, 'npm', @now, @now, NULL, NULL, 0, 0, '[]',
       '[]', 'published')`,
  )
  const updatePackageFacts = db.prepare(
    `UPDATE catalog_packages SET description = @description, description_lower = @descriptionLower,
       licenses_json = @licenses, tags_json = @tags WHERE id = @id`,
  )
  const insertLicence = db.prepare(
    'INSERT OR IGNORE INTO catalog_package_licenses (package_id, name) VALUES (?, ?)',
  )
  const insertVersion = db.prepare(
    `INSERT INTO catalog_versions (id, package_id, name, name_lower, created, modified, prerelease, size,
       licenses_json, digest, repo, repo_type, lead_file_path, readme_path)
     VALUES (@id, @packageId, @name, @nameLower, @now, @now, @prerelease, @size, @licenses, @digest, @repo, 'npm',
       @lead, @readmePath)`,
  )
  const insertFile = db.prepare(
    `INSERT INTO catalog_files (version_id, repo, path, name, lead, size, md5, sha1, sha256, mime_type, content,
       deployed_by)
     VALUES (@versionId, @repo, @path, @name, @lead, @size, @md5, @sha1, @sha256, @mimeType, @content, @deployedBy)`,
  )
  const insertDependency = db.prepare(
    'INSERT INTO catalog_dependencies (version_id, position, name, version, scope) VALUES (?, ?, ?, ?, ?)',
  )
  const insertProperty = db.prepare(
    'INSERT INTO catalog_properties (version_id, position, key, values_json) VALUES (?, ?, ?, ?)',
  )
  const insertDocument = db.prepare('INSERT INTO npm_version_documents (version_id, document) VALUES (?, ?)')
  const deleteVersion = db.prepare('DELETE FROM catalog_versions WHERE id = ?')
  const findVersion = db.prepare('SELECT id, repo FROM catalog_versions WHERE id = ?')
  const everPublished = db.prepare(
    'SELECT sha256 FROM npm_published_versions WHERE package = ? AND version = ?',
  )
  const recordPublished = db.prepare(
    'INSERT OR IGNORE INTO npm_published_versions (package, version, sha256, published_at) VALUES (?, ?, ?, ?)',
  )
  const documentOf = db.prepare('SELECT 1 FROM npm_version_documents WHERE version_id = ?')

  /** Counts, latest versions and dates from the versions left; a package without versions goes. */
  const refreshPackage = packageRefresher(db)

  const versionsInRepo = db.prepare('SELECT name FROM catalog_versions WHERE package_id = ? AND repo = ?')
  const tagsIn = db.prepare('SELECT tag, version FROM npm_dist_tags WHERE repo = ? AND package = ?')
  const setTag = db.prepare(
    'INSERT OR REPLACE INTO npm_dist_tags (repo, package, tag, version) VALUES (?, ?, ?, ?)',
  )
  const deleteTag = db.prepare('DELETE FROM npm_dist_tags WHERE repo = ? AND package = ? AND tag = ?')

  /** After versions go: tags of a removed version go, and `latest` moves to the highest release left. */
  const repairTags = (repo: string, name: string) => {
    const left = (versionsInRepo.all(packageIdOf('npm', name), repo) as Array<{ name: string }>).map(
      (v) => v.name,
    )
    const tags = tagsIn.all(repo, name) as Array<{ tag: string; version: string }>
    for (const t of tags) if (!left.includes(t.version)) deleteTag.run(repo, name, t.tag)
    const hasLatest = tags.some((t) => t.tag === 'latest' && left.includes(t.version))
    const latest = latestOf(left.filter(isReleaseVersion)) ?? latestOf(left)
    if (latest && !hasLatest) setTag.run(repo, name, 'latest', latest)
  }

  return {
    refreshPackage,
    repairTags,

    /** Whether any repository already holds this version (the catalogue keys versions by package). */
    versionExists: (name: string, version: string) =>
      findVersion.get(versionIdOf(packageIdOf('npm', name), version)) as
        { id: string; repo: string } | undefined,

    /** The sha256 of the tarball `name@version` was first published with, unpublished or not. */
    publishedDigest: (name: string, version: string): string | undefined =>
      (everPublished.get(name, version) as { sha256: string } | undefined)?.sha256,
    /** Whether a version came through npm (published or cached), not from the sample catalogue. */
    hasDocument: (versionId: string) => documentOf.get(versionId) !== undefined,

    /** Records a published version; the caller holds a transaction and has stored the tarball's bytes. */
    add(p: PublishedVersion): void {
      const packageId = packageIdOf('npm', p.name)
      const versionId = versionIdOf(packageId, p.version)
      const description = typeof p.document.description === 'string' ? p.document.description : null
      const licences = licencesOf(p.document)
      const licencesJson = JSON.stringify(licences.map((name) => ({ name, source: 'package.json' })))
      insertPackage.run({
        id: packageId,
        name: p.name,
        nameLower: p.name.toLowerCase(),
        description,
        descriptionLower: description?.toLowerCase() ?? null,
        now: p.now,
      })
      // The newest publish describes the package (as the registry's packument does).
      updatePackageFacts.run({
        id: packageId,
        description,
        descriptionLower: description?.toLowerCase() ?? null,
        licenses: licencesJson,
        tags: JSON.stringify(strings(p.document.keywords)),
      })
      for (const licence of licences) insertLicence.run(packageId, licence)

      const inside = p.files
      const readme = inside.find((f) => /^readme/i.test(f.path))
      const folder = `${p.name}/-/${p.version}`
      insertVersion.run({
        id: versionId,
        packageId,
        name: p.version,
        nameLower: p.version.toLowerCase(),
        now: p.now,
        prerelease: isReleaseVersion(p.version) ? 0 : 1,
        size: p.tarballFacts.size,
        licenses: licencesJson,
        digest: p.tarballFacts.sha256,
        repo: p.repo,
        lead: tarballPath(p.name, p.version),
        readmePath: readme ? `${folder}/${readme.path}` : null,
      })
      insertFile.run({
        versionId,
        repo: p.repo,
        path: tarballPath(p.name, p.version),
        name: tarballName(p.name, p.version),
        lead: 1,
        ...p.tarballFacts,
        mimeType: 'application/x-gzip',
        // The bytes are in the blob store, found by sha256.
        content: null,
        deployedBy: p.deployedBy,
      })
      for (const f of inside) {
        const hash = (a: string) => createHash(a).update(f.bytes).digest('hex')
        insertFile.run({
          versionId,
          repo: p.repo,
          path: `${folder}/${f.path}`,
          name: f.path,
          lead: 0,
          size: f.bytes.length,
          md5: hash('md5'),
          sha1: hash('sha1'),
          sha256: hash('sha256'),
          mimeType: mimeOf(f.path),
          content: f.bytes,
          deployedBy: p.deployedBy,
        })
      }
      const scopes: Array<[string, string]> = [
        ['dependencies', 'prod'],
        ['devDependencies', 'dev'],
        ['peerDependencies', 'peer'],
        ['optionalDependencies', 'optional'],
      ]
      let position = 0
      for (const [field, scope] of scopes) {
        const deps = p.document[field]
        if (deps && typeof deps === 'object')
          for (const [name, range] of Object.entries(deps as Record<string, unknown>))
            if (typeof range === 'string') insertDependency.run(versionId, position++, name, range, scope)
      }
      const properties: Array<[string, string[]]> = [
        ['npm.name', [p.name]],
        ['npm.version', [p.version]],
        ['npm.description', description ? [description] : []],
        ['npm.keywords', strings(p.document.keywords)],
        ['npm.license', licences],
      ]
      properties
        .filter(([, values]) => values.length > 0)
        .forEach(([key, values], i) => insertProperty.run(versionId, i, key, JSON.stringify(values)))
      insertDocument.run(versionId, JSON.stringify(p.document))
      recordPublished.run(p.name, p.version, p.tarballFacts.sha256, p.now)
      refreshPackage(packageId)
      hooks.versionArrived?.(versionId)
    },

    /** Removes a version (and its files, dependencies… by cascade); the package goes with its last version. */
    remove(name: string, version: string): boolean {
      const packageId = packageIdOf('npm', name)
      const found = findVersion.get(versionIdOf(packageId, version)) as
        { id: string; repo: string } | undefined
      if (!found) return false
      deleteVersion.run(found.id)
      refreshPackage(packageId)
      repairTags(found.repo, name)
      return true
    },
  }
}

export type NpmCatalogue = ReturnType<typeof npmCatalogue>
