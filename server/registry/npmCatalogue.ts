/**
 * npm packages published to a local repository, kept in the catalogue's own tables so that
 * a publish shows at once in the packages list, GraphQL, search, details and the artifact
 * count: the version row, its files (tarball from the blob store; package.json, README and
 * LICENSE from inside it, with their checksums), dependencies, properties and licences. The
 * version document npm sent is kept for the packument.
 */
import { createHash } from 'node:crypto'
import type { Sql } from '../db/sql'
import {
  catalogueRow,
  npmRecords,
  packageIdOf,
  refreshPackage,
  versionIdOf,
  writeRows,
  type CatalogueInsert,
} from '../catalog/store'
import { isReleaseVersion, latestOf } from '../catalog/versionOrder'
import type { BlobFacts } from '../repositories/blobs'
import type { TarEntry } from './tarball'

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
  /** Called inside the storing transaction (its handle `tx`), with the version's id (`npm://name@version`). */
  readonly versionArrived?: (versionId: string, tx: Sql) => void | Promise<void>
}

/**
 * The npm catalogue over `sql`. Writes (add, remove, repairTags) belong inside the caller's
 * transaction: `within(tx)` gives the catalogue on its handle.
 */
export function npmCatalogue(sql: Sql, hooks: CatalogueHooks = {}) {
  return on(sql, hooks)
}

function on(sql: Sql, hooks: CatalogueHooks) {
  const records = npmRecords(sql)

  /** After versions go: tags of a removed version go, and `latest` moves to the highest release left. */
  const repairTags = async (repo: string, name: string): Promise<void> => {
    const left = await records.versionNamesIn(packageIdOf('npm', name), repo)
    const tags = await records.distTags(repo, name)
    for (const t of tags) if (!left.includes(t.version)) await records.deleteTag(repo, name, t.tag)
    const hasLatest = tags.some((t) => t.tag === 'latest' && left.includes(t.version))
    const latest = latestOf(left.filter(isReleaseVersion)) ?? latestOf(left)
    if (latest && !hasLatest) await records.setTag(repo, name, 'latest', latest)
  }

  return {
    /** The catalogue on a transaction's handle. */
    within: (tx: Sql) => on(tx, hooks),
    /** Counts, latest versions and dates from the versions left; a package without versions goes. */
    refreshPackage: (packageId: string) => refreshPackage(sql, packageId),
    repairTags,

    /** Whether any repository already holds this version (the catalogue keys versions by package). */
    versionExists: (name: string, version: string) =>
      records.findVersion(versionIdOf(packageIdOf('npm', name), version)),

    /** The sha256 of the tarball `name@version` was first published with, unpublished or not. */
    publishedDigest: (name: string, version: string) => records.publishedDigest(name, version),
    /** Whether a version came through npm (published or cached), not from the sample catalogue. */
    hasDocument: (versionId: string) => records.hasDocument(versionId),

    /** Records a published version; the caller holds a transaction and has stored the tarball's bytes. */
    async add(p: PublishedVersion): Promise<void> {
      const packageId = packageIdOf('npm', p.name)
      const versionId = versionIdOf(packageId, p.version)
      const description = typeof p.document.description === 'string' ? p.document.description : null
      const licences = licencesOf(p.document)
      const licenceEntries = licences.map((name) => ({ name, source: 'package.json' }))
      const keywords = strings(p.document.keywords)
      await writeRows(sql, [
        catalogueRow.package(
          {
            id: packageId,
            name: p.name,
            type: 'npm',
            description,
            created: p.now,
            modified: p.now,
            source: 'published',
          },
          { ifAbsent: true },
        ),
      ])
      await records.describePackage(packageId, { description, licenses: licenceEntries, keywords })
      const rows: CatalogueInsert[] = licences.map((licence) => catalogueRow.license(packageId, licence))

      const readme = p.files.find((f) => /^readme/i.test(f.path))
      const folder = `${p.name}/-/${p.version}`
      rows.push(
        catalogueRow.version({
          id: versionId,
          packageId,
          name: p.version,
          created: p.now,
          modified: p.now,
          size: p.tarballFacts.size,
          licenses: licenceEntries,
          digest: p.tarballFacts.sha256,
          repo: p.repo,
          repoType: 'npm',
          leadFilePath: tarballPath(p.name, p.version),
          readmePath: readme ? `${folder}/${readme.path}` : null,
        }),
        // The tarball's bytes are in the blob store, found by sha256.
        catalogueRow.file({
          versionId,
          repo: p.repo,
          path: tarballPath(p.name, p.version),
          name: tarballName(p.name, p.version),
          lead: true,
          ...p.tarballFacts,
          mimeType: 'application/x-gzip',
          deployedBy: p.deployedBy,
        }),
      )
      for (const f of p.files) {
        const hash = (a: string) => createHash(a).update(f.bytes).digest('hex')
        rows.push(
          catalogueRow.file({
            versionId,
            repo: p.repo,
            path: `${folder}/${f.path}`,
            name: f.path,
            lead: false,
            size: f.bytes.length,
            md5: hash('md5'),
            sha1: hash('sha1'),
            sha256: hash('sha256'),
            mimeType: mimeOf(f.path),
            content: f.bytes,
            deployedBy: p.deployedBy,
          }),
        )
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
          for (const [name, version] of Object.entries(deps as Record<string, unknown>))
            if (typeof version === 'string')
              rows.push(catalogueRow.dependency(versionId, position++, { name, version, scope }))
      }
      const properties: Array<[string, string[]]> = [
        ['npm.name', [p.name]],
        ['npm.version', [p.version]],
        ['npm.description', description ? [description] : []],
        ['npm.keywords', keywords],
        ['npm.license', licences],
      ]
      for (const [i, [key, values]] of properties.filter(([, values]) => values.length > 0).entries())
        rows.push(catalogueRow.property(versionId, i, key, values))
      await writeRows(sql, rows)
      await records.addDocument(versionId, p.document)
      await records.recordPublished(p.name, p.version, p.tarballFacts.sha256, p.now)
      await refreshPackage(sql, packageId)
      await hooks.versionArrived?.(versionId, sql)
    },

    /** Removes a version (and its files, dependencies… by cascade); the package goes with its last version. */
    async remove(name: string, version: string): Promise<boolean> {
      const packageId = packageIdOf('npm', name)
      const found = await records.findVersion(versionIdOf(packageId, version))
      if (!found) return false
      await records.removeVersion(found.id)
      await refreshPackage(sql, packageId)
      await repairTags(found.repo, name)
      return true
    },
  }
}

export type NpmCatalogue = ReturnType<typeof npmCatalogue>
