/**
 * A package's summary after its versions change (a publish, a push, a delete): counts, latest
 * versions and dates from the versions left; a package without versions goes. Shared by every
 * feature that writes versions into the catalogue.
 */
import type { Db } from '../db'
import { isReleaseVersion, latestOf } from './versionOrder'

export function packageRefresher(db: Db): (packageId: string) => void {
  const versionsOfPackage = db.prepare(
    'SELECT name, created, modified FROM catalog_versions WHERE package_id = ?',
  )
  const refreshCounts = db.prepare(
    `UPDATE catalog_packages SET latest_version = @latest, latest_release_version = @latestRelease,
       versions_count = @count, release_versions_count = @releaseCount, created = @created, modified = @modified
     WHERE id = @id`,
  )
  const deletePackage = db.prepare('DELETE FROM catalog_packages WHERE id = ?')
  return (packageId) => {
    const versions = versionsOfPackage.all(packageId) as Array<{
      name: string
      created: string
      modified: string
    }>
    if (versions.length === 0) {
      deletePackage.run(packageId)
      return
    }
    const names = versions.map((v) => v.name)
    const releases = names.filter(isReleaseVersion)
    refreshCounts.run({
      id: packageId,
      latest: latestOf(names) ?? null,
      latestRelease: latestOf(releases) ?? null,
      count: names.length,
      releaseCount: releases.length,
      created: versions.map((v) => v.created).sort()[0],
      modified: versions
        .map((v) => v.modified)
        .sort()
        .at(-1),
    })
  }
}
