/**
 * A package's summary after its versions change (a publish, a push, a delete): counts, latest
 * versions and dates from the versions left (undefined when none is left: the package goes).
 * Shared by every feature that writes versions into the catalogue; the catalogue store
 * (./store.ts) reads the versions and writes the summary.
 */
import { isReleaseVersion, latestOf } from './versionOrder'

export interface VersionFacts {
  readonly name: string
  readonly created: string
  readonly modified: string
}

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

/** The package's summary from the versions left, or undefined when there are none. */
export function packageSummary(versions: readonly VersionFacts[]) {
  if (versions.length === 0) return undefined
  const { latest, latestRelease, count, releaseCount } = versionSummary(versions.map((v) => v.name))
  return {
    latest,
    latestRelease,
    count,
    releaseCount,
    created: versions.map((v) => v.created).sort()[0]!,
    modified: versions
      .map((v) => v.modified)
      .sort()
      .at(-1)!,
  }
}
