/**
 * A package's summary after its versions change (a publish, a push, a delete): counts, latest
 * versions and dates from the versions left (undefined when none is left: the package goes).
 * Shared by every feature that writes versions into the catalogue.
 */
import type { Sql } from '../db/sql'
import { isReleaseVersion, latestOf } from './versionOrder'

interface VersionFacts {
  readonly name: string
  readonly created: string
  readonly modified: string
}

const VERSIONS_OF_PACKAGE = 'SELECT name, created, modified FROM catalog_versions WHERE package_id = ?'
const REFRESH_COUNTS = `UPDATE catalog_packages SET latest_version = ?, latest_release_version = ?,
  versions_count = ?, release_versions_count = ?, created = ?, modified = ? WHERE id = ?`
const DELETE_PACKAGE = 'DELETE FROM catalog_packages WHERE id = ?'

/** Latest versions and counts of a package holding the versions `names` (all, or those one may read). */
export function versionSummary(names: readonly string[]) {
  const releases = names.filter(isReleaseVersion)
  return {
    latest: latestOf(names) ?? null,
    latestRelease: latestOf(releases) ?? null,
    count: names.length,
    releaseCount: releases.length,
  }
}

/** The UPDATE's parameters for the versions left, or undefined when there are none. */
function summaryOf(versions: readonly VersionFacts[], packageId: string) {
  if (versions.length === 0) return undefined
  const { latest, latestRelease, count, releaseCount } = versionSummary(versions.map((v) => v.name))
  return [
    latest,
    latestRelease,
    count,
    releaseCount,
    versions.map((v) => v.created).sort()[0]!,
    versions
      .map((v) => v.modified)
      .sort()
      .at(-1)!,
    packageId,
  ] as const
}

/** Inside the caller's transaction. */
export async function refreshPackage(sql: Sql, packageId: string): Promise<void> {
  const summary = summaryOf(await sql.all<VersionFacts>(VERSIONS_OF_PACKAGE, [packageId]), packageId)
  if (summary) await sql.run(REFRESH_COUNTS, summary)
  else await sql.run(DELETE_PACKAGE, [packageId])
}
