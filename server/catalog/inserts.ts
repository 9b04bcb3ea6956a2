/**
 * A package in the snapshot's shape as the rows that hold it in the catalogue: the one writer of
 * catalogue packages, for the snapshot loader, the samples, the synthetic packages and the tests.
 */
import type Database from 'better-sqlite3'
import type { Db } from '../db'
import type { Sql, SqlValue } from '../db/sql'
import { noVulnerabilities, type SnapshotPackage } from './types'
import { isReleaseVersion, latestOf } from './versionOrder'

export const packageIdOf = (type: string, name: string) => `${type}://${name}`
export const versionIdOf = (packageId: string, version: string) => `${packageId}@${version}`

const REPO_TYPES: Record<string, string> = { npm: 'npm', debian: 'debian', docker: 'docker' }

export interface PackageExtras {
  /** Docker layers per version name. */
  readonly layers?: Record<string, ReadonlyArray<{ digest: string; size: number; command: string }>>
}

/** The inserts of a package in the snapshot's shape, in an order that satisfies their foreign keys. */
const PACKAGE_INSERTS = {
  package: `INSERT INTO catalog_packages (id, name, name_lower, description, description_lower, package_type, created,
       modified, latest_version, latest_release_version, versions_count, release_versions_count, licenses_json,
       tags_json, vuln_critical, vuln_high, vuln_medium, vuln_low, vuln_info, vuln_unknown, vuln_skipped, source)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  license: 'INSERT INTO catalog_package_licenses (package_id, name) VALUES (?, ?) ON CONFLICT DO NOTHING',
  version: `INSERT INTO catalog_versions (id, package_id, name, name_lower, created, modified, prerelease, size,
       licenses_json, vuln_critical, vuln_high, vuln_medium, vuln_low, vuln_info, vuln_unknown, vuln_skipped, digest,
       repo, repo_type, lead_file_path, readme_path, readme_text)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  file: `INSERT INTO catalog_files (version_id, repo, path, name, lead, size, md5, sha1, sha256, mime_type, content)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  dependency:
    'INSERT INTO catalog_dependencies (version_id, position, name, version, scope) VALUES (?, ?, ?, ?, ?)',
  property: 'INSERT INTO catalog_properties (version_id, position, key, values_json) VALUES (?, ?, ?, ?)',
  layer:
    'INSERT INTO catalog_docker_layers (version_id, position, digest, size, command) VALUES (?, ?, ?, ?, ?)',
} as const

type PackageInsert = readonly [keyof typeof PACKAGE_INSERTS, SqlValue[]]

/** A package's rows as the inserts that write them, in order; the package's id first. */
function packageRows(pkg: SnapshotPackage, extras: PackageExtras): { id: string; rows: PackageInsert[] } {
  const id = packageIdOf(pkg.type, pkg.name)
  const names = pkg.versions.map((v) => v.name)
  const releases = names.filter(isReleaseVersion)
  // Vulnerability counts are the scanner's (server/xray), written when it scans a version:
  // the snapshot's advisories are not loaded.
  const c = noVulnerabilities()
  const counts = [c.critical, c.high, c.medium, c.low, c.info, c.unknown, c.skipped]
  const created = pkg.versions.map((v) => v.created).sort()[0] ?? new Date(0).toISOString()
  const modified =
    pkg.versions
      .map((v) => v.modified)
      .sort()
      .at(-1) ?? created
  const rows: PackageInsert[] = [
    [
      'package',
      [
        id,
        pkg.name,
        pkg.name.toLowerCase(),
        pkg.description,
        pkg.description?.toLowerCase() ?? null,
        pkg.type,
        created,
        modified,
        latestOf(names) ?? null,
        latestOf(releases) ?? null,
        names.length,
        releases.length,
        JSON.stringify(pkg.licenses.map((name) => ({ name, source: pkg.licenseSource }))),
        JSON.stringify(pkg.tags),
        ...counts,
        pkg.source,
      ],
    ],
  ]
  for (const license of pkg.licenses) rows.push(['license', [id, license]])
  for (const v of pkg.versions) {
    const versionId = versionIdOf(id, v.name)
    const lead = v.files.find((f) => f.lead)
    rows.push([
      'version',
      [
        versionId,
        id,
        v.name,
        v.name.toLowerCase(),
        v.created,
        v.modified,
        isReleaseVersion(v.name) ? 0 : 1,
        v.size,
        JSON.stringify(v.licenses.map((name) => ({ name, source: pkg.licenseSource }))),
        ...counts,
        lead?.sha256 ?? null,
        v.repo,
        REPO_TYPES[pkg.type] ?? pkg.type,
        v.leadFilePath,
        v.readmePath ?? null,
        v.readmeText ?? null,
      ],
    ])
    for (const f of v.files)
      rows.push([
        'file',
        [
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
        ],
      ])
    v.dependencies.forEach((d, i) => rows.push(['dependency', [versionId, i, d.name, d.version, d.scope]]))
    v.properties.forEach((p, i) => rows.push(['property', [versionId, i, p.key, JSON.stringify(p.values)]]))
    extras.layers?.[v.name]?.forEach((l, i) =>
      rows.push(['layer', [versionId, i, l.digest, l.size, l.command]]),
    )
  }
  return { id, rows }
}

/** Prepared inserts for packages in the snapshot's shape; used by the snapshot, samples and synthetic loaders. */
export function packageInserter(db: Db) {
  const prepared = Object.fromEntries(
    Object.entries(PACKAGE_INSERTS).map(([key, text]) => [key, db.prepare(text)]),
  ) as Record<keyof typeof PACKAGE_INSERTS, Database.Statement>
  return (pkg: SnapshotPackage, extras: PackageExtras = {}): string => {
    const { id, rows } = packageRows(pkg, extras)
    for (const [key, params] of rows) prepared[key].run(...params)
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
  await sql.transaction(async (tx) => {
    for (const [key, params] of rows) await tx.run(PACKAGE_INSERTS[key], params)
  })
  return id
}
