/**
 * npm's version rules for what a publish may store and where `latest` may move. The npm
 * client cleans a version before it publishes (`semver.clean`: no `v`, no `=`, no spaces, no
 * build metadata), so a key that is not already clean comes from a hand-made request: it is
 * refused rather than stored beside its clean twin (`1.0.0 ` would sort and match as `1.0.0`).
 */
import semver from 'semver'

export type VersionVerdict =
  { readonly ok: true; readonly version: string } | { readonly ok: false; readonly problem: string }

/** The version a publish stores: its key in `versions`, which the document inside must repeat. */
export function publishedVersion(key: string, documentVersion: unknown): VersionVerdict {
  const clean = semver.clean(key)
  if (clean === null) return { ok: false, problem: `${JSON.stringify(key)} is not a semantic version` }
  if (clean !== key)
    return {
      ok: false,
      problem: `${JSON.stringify(key)} is not a clean semantic version (${JSON.stringify(clean)} is)`,
    }
  if (documentVersion !== key)
    return {
      ok: false,
      problem: `the document's key ${JSON.stringify(key)} and its version ${JSON.stringify(documentVersion)} disagree`,
    }
  return { ok: true, version: clean }
}

/** Whether a version is clean, as dist-tags must name one. */
export const isCleanVersion = (version: unknown): version is string =>
  typeof version === 'string' && semver.clean(version) === version

/**
 * Whether a publish moves `latest` to `version`: only forwards (npm refuses to lower `latest`
 * implicitly; `npm dist-tag add` moves it back on purpose), and a prerelease never takes it
 * from a release.
 */
export function latestMovesTo(current: string | undefined, version: string): boolean {
  if (current === undefined || semver.valid(current) === null) return true
  if (semver.prerelease(version) && !semver.prerelease(current)) return false
  return semver.gt(version, current)
}

/**
 * The member whose `latest` a virtual repository answers for a package: the one that held the
 * package first (earliest version), the resolution order breaking ties. A publish into another
 * member adds versions but cannot take over what clients get by default: `react@99.0.0`
 * pushed into a local member leaves `react`'s `latest` with the remote that proxies npm.
 */
export function latestOwner<M>(
  firstSeen: ReadonlyArray<{ readonly member: M; readonly created: string }>,
): M | undefined {
  let owner: { member: M; created: string } | undefined
  for (const m of firstSeen) if (!owner || m.created < owner.created) owner = m
  return owner?.member
}
