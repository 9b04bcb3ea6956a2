/**
 * Loads the catalogue into SQLite: the committed snapshot, then the documented samples
 * (samples.ts), once, when the catalogue tables are empty, in one transaction. Several
 * cluster nodes may start together: the IMMEDIATE transaction and the emptiness check inside
 * it make sure only one of them loads.
 */
import { readFileSync } from 'node:fs'
import { gunzipSync } from 'node:zlib'
import type { Db } from '../db'
import { insertSamples } from './samples'
import { insertSyntheticPackages } from './synthetic'
import {
  noVulnerabilities,
  type Snapshot,
  type SnapshotPackage,
  type SnapshotVersion,
  type VulnerabilityCounts,
} from './types'
import { isReleaseVersion, latestOf } from './versionOrder'
import { SNAPSHOT_FILE } from './paths'

export const packageIdOf = (type: string, name: string) => `${type}://${name}`
export const versionIdOf = (packageId: string, version: string) => `${packageId}@${version}`

export function readSnapshot(path = SNAPSHOT_FILE): Snapshot {
  const snapshot = JSON.parse(gunzipSync(readFileSync(path)).toString('utf8')) as Snapshot
  if (snapshot.format !== 1) throw new Error(`unknown catalogue snapshot format ${String(snapshot.format)}`)
  return snapshot
}

const REPO_TYPES: Record<string, string> = { npm: 'npm', debian: 'debian', docker: 'docker' }

function countsOf(advisories: SnapshotVersion['advisories']): VulnerabilityCounts {
  const counts = noVulnerabilities()
  for (const a of advisories) counts[a.severity]++
  return counts
}

export interface PackageExtras {
  /** Docker layers per version name. */
  readonly layers?: Record<string, ReadonlyArray<{ digest: string; size: number; command: string }>>
}

/** Prepared inserts for packages in the snapshot's shape; used by the snapshot, samples and synthetic loaders. */
export function packageInserter(db: Db) {
  const insertPackage = db.prepare(
    `INSERT INTO catalog_packages (id, name, name_lower, description, description_lower, package_type, created,
       modified, latest_version, latest_release_version, versions_count, release_versions_count, licenses_json,
       tags_json, vuln_critical, vuln_high, vuln_medium, vuln_low, vuln_info, vuln_unknown, vuln_skipped, source)
     VALUES (@id, @name, @nameLower, @description, @descriptionLower, @type, @created, @modified, @latest,
       @latestRelease, @count, @releaseCount, @licenses, @tags, @critical, @high, @medium, @low, @info, @unknown,
       @skipped, @source)`,
  )
  const insertLicense = db.prepare(
    'INSERT OR IGNORE INTO catalog_package_licenses (package_id, name) VALUES (?, ?)',
  )
  const insertVersion = db.prepare(
    `INSERT INTO catalog_versions (id, package_id, name, name_lower, created, modified, prerelease, size,
       licenses_json, vuln_critical, vuln_high, vuln_medium, vuln_low, vuln_info, vuln_unknown, vuln_skipped, digest,
       repo, repo_type, lead_file_path, readme_path, readme_text)
     VALUES (@id, @packageId, @name, @nameLower, @created, @modified, @prerelease, @size, @licenses, @critical,
       @high, @medium, @low, @info, @unknown, @skipped, @digest, @repo, @repoType, @lead, @readmePath, @readmeText)`,
  )
  const insertFile = db.prepare(
    `INSERT INTO catalog_files (version_id, repo, path, name, lead, size, md5, sha1, sha256, mime_type, content)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  const insertDependency = db.prepare(
    'INSERT INTO catalog_dependencies (version_id, position, name, version, scope) VALUES (?, ?, ?, ?, ?)',
  )
  const insertProperty = db.prepare(
    'INSERT INTO catalog_properties (version_id, position, key, values_json) VALUES (?, ?, ?, ?)',
  )
  const insertAdvisory = db.prepare(
    `INSERT OR IGNORE INTO catalog_advisories (version_id, advisory_id, severity, title, url, vulnerable_range)
     VALUES (?, ?, ?, ?, ?, ?)`,
  )
  const insertLayer = db.prepare(
    'INSERT INTO catalog_docker_layers (version_id, position, digest, size, command) VALUES (?, ?, ?, ?, ?)',
  )

  return (pkg: SnapshotPackage, extras: PackageExtras = {}): string => {
    const id = packageIdOf(pkg.type, pkg.name)
    const names = pkg.versions.map((v) => v.name)
    const releases = names.filter(isReleaseVersion)
    // A package's counts are its distinct advisories over all versions.
    const distinct = new Map<string, SnapshotVersion['advisories'][number]>()
    for (const v of pkg.versions) for (const a of v.advisories) distinct.set(a.id, a)
    const counts = countsOf([...distinct.values()])
    const created = pkg.versions.map((v) => v.created).sort()[0] ?? new Date(0).toISOString()
    const modified =
      pkg.versions
        .map((v) => v.modified)
        .sort()
        .at(-1) ?? created
    insertPackage.run({
      id,
      name: pkg.name,
      nameLower: pkg.name.toLowerCase(),
      description: pkg.description,
      descriptionLower: pkg.description?.toLowerCase() ?? null,
      type: pkg.type,
      created,
      modified,
      latest: latestOf(names) ?? null,
      latestRelease: latestOf(releases) ?? null,
      count: names.length,
      releaseCount: releases.length,
      licenses: JSON.stringify(pkg.licenses.map((name) => ({ name, source: pkg.licenseSource }))),
      tags: JSON.stringify(pkg.tags),
      ...counts,
      source: pkg.source,
    })
    for (const license of pkg.licenses) insertLicense.run(id, license)
    for (const v of pkg.versions) {
      const versionId = versionIdOf(id, v.name)
      const lead = v.files.find((f) => f.lead)
      insertVersion.run({
        id: versionId,
        packageId: id,
        name: v.name,
        nameLower: v.name.toLowerCase(),
        created: v.created,
        modified: v.modified,
        prerelease: isReleaseVersion(v.name) ? 0 : 1,
        size: v.size,
        licenses: JSON.stringify(v.licenses.map((name) => ({ name, source: pkg.licenseSource }))),
        ...countsOf(v.advisories),
        digest: lead?.sha256 ?? null,
        repo: v.repo,
        repoType: REPO_TYPES[pkg.type] ?? pkg.type,
        lead: v.leadFilePath,
        readmePath: v.readmePath ?? null,
        readmeText: v.readmeText ?? null,
      })
      for (const f of v.files)
        insertFile.run(
          versionId,
          v.repo,
          f.path,
          f.name,
          f.lead ? 1 : 0,
          f.size,
          f.md5,
          f.sha1,
          f.sha256,
          f.mimeType,
          f.content ? Buffer.from(f.content.data, f.content.encoding) : null,
        )
      v.dependencies.forEach((d, i) => insertDependency.run(versionId, i, d.name, d.version, d.scope))
      v.properties.forEach((p, i) => insertProperty.run(versionId, i, p.key, JSON.stringify(p.values)))
      for (const a of v.advisories) insertAdvisory.run(versionId, a.id, a.severity, a.title, a.url, a.range)
      extras.layers?.[v.name]?.forEach((l, i) => insertLayer.run(versionId, i, l.digest, l.size, l.command))
    }
    return id
  }
}

export interface LoadResult {
  readonly loaded: boolean
  readonly packages: number
}

/**
 * Loads the snapshot and samples when the catalogue is empty; with `synthetic` > 0, also that
 * many synthetic packages (benchmarks only).
 */
export function loadCatalogIfEmpty(
  db: Db,
  options: { snapshot?: () => Snapshot; synthetic?: number } = {},
): LoadResult {
  const isEmpty = () => db.prepare('SELECT 1 FROM catalog_packages LIMIT 1').get() === undefined
  if (!isEmpty()) return { loaded: false, packages: 0 }
  // Parsed outside the transaction: other nodes are not kept waiting on the decompression.
  const snapshot = (options.snapshot ?? readSnapshot)()
  let packages = 0
  db.transaction(() => {
    if (!isEmpty()) return
    const insert = packageInserter(db)
    for (const pkg of snapshot.packages) {
      insert(pkg)
      packages++
    }
    packages += insertSamples(db, insert)
    if (options.synthetic && options.synthetic > 0) packages += insertSyntheticPackages(db, options.synthetic)
    const setMeta = db.prepare('INSERT OR REPLACE INTO catalog_meta (key, value) VALUES (?, ?)')
    setMeta.run('snapshotBuiltAt', snapshot.builtAt)
    setMeta.run('snapshotNotes', JSON.stringify(snapshot.notes))
    setMeta.run('loadedAt', new Date().toISOString())
  }).immediate()
  return { loaded: packages > 0, packages }
}
