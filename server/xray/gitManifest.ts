/**
 * What a git repository's npm manifests say it depends on: every package its package-lock.json
 * holds at the version locked (lockfile versions 1 to 3), or, without a lockfile, the ranges its
 * package.json declares; the licences package.json declares and those the lockfile records for
 * each package (versions 2 and 3); and the advisories each dependency matches.
 */
import { licencesOf } from '../registry/npmCatalogue'
import {
  affectedAsRange,
  declaredRangeMayBeAffected,
  fixedVersions,
  intervalHolding,
  isAffected,
  type AffectedVersions,
  type XraySeverity,
} from '../../domain/xray'

export interface ManifestDependency {
  readonly name: string
  /** The locked version, or the declared range when `exact` is false. */
  readonly version: string
  readonly exact: boolean
  /** Named by package.json itself (not brought in by another package). */
  readonly direct: boolean
  /**
   * The licences the lockfile records for it (none: it declares none); absent when the
   * manifests do not say (no lockfile, or a version 1 lockfile, which does not record them).
   */
  readonly licences?: readonly string[]
}

/** What a repository's manifests say: its own licences and its dependencies. */
export interface Manifests {
  readonly licences: readonly string[]
  readonly dependencies: readonly ManifestDependency[]
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

const DECLARED = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'] as const

/** The names and ranges package.json declares, in every dependency group. */
function declared(manifest: Record<string, unknown>): Map<string, string> {
  const out = new Map<string, string>()
  for (const group of DECLARED) {
    const deps = manifest[group]
    if (isRecord(deps))
      for (const [name, range] of Object.entries(deps)) if (typeof range === 'string') out.set(name, range)
  }
  return out
}

/** Version 1 lockfiles nest `dependencies` under each package. */
function lockedV1(deps: unknown, into: Map<string, Set<string>>): void {
  if (!isRecord(deps)) return
  for (const [name, entry] of Object.entries(deps)) {
    if (!isRecord(entry)) continue
    if (typeof entry.version === 'string') into.set(name, (into.get(name) ?? new Set()).add(entry.version))
    lockedV1(entry.dependencies, into)
  }
}

/**
 * The licences and dependencies of a repository from the text of its package.json and
 * package-lock.json (undefined when it has none). Throws with a reason a person can act on when
 * either is not a manifest.
 */
export function readManifests(packageJson: string, lockJson?: string): Manifests {
  let manifest: unknown
  try {
    manifest = JSON.parse(packageJson)
  } catch {
    throw new Error('package.json is not JSON')
  }
  if (!isRecord(manifest)) throw new Error('package.json is not an object')
  const direct = declared(manifest)
  const licences = licencesOf(manifest)
  if (lockJson === undefined)
    return {
      licences,
      dependencies: [...direct].map(([name, range]) => ({
        name,
        version: range,
        exact: false,
        direct: true,
      })),
    }
  let lock: unknown
  try {
    lock = JSON.parse(lockJson)
  } catch {
    throw new Error('package-lock.json is not JSON')
  }
  if (!isRecord(lock)) throw new Error('package-lock.json is not an object')
  const locked = new Map<string, Set<string>>()
  // name@version → licences, for lockfiles that record them.
  const licencesAt = new Map<string, string[]>()
  if (isRecord(lock.packages)) {
    for (const [path, entry] of Object.entries(lock.packages)) {
      const at = path.lastIndexOf('node_modules/')
      if (at < 0 || !isRecord(entry) || typeof entry.version !== 'string' || entry.link === true) continue
      const name = typeof entry.name === 'string' ? entry.name : path.slice(at + 'node_modules/'.length)
      locked.set(name, (locked.get(name) ?? new Set()).add(entry.version))
      const key = `${name}@${entry.version}`
      licencesAt.set(key, [...new Set([...(licencesAt.get(key) ?? []), ...licencesOf(entry)])])
    }
  } else lockedV1(lock.dependencies, locked)
  const out: ManifestDependency[] = []
  for (const [name, versions] of [...locked].sort(([a], [b]) => a.localeCompare(b)))
    for (const version of [...versions].sort()) {
      const known = licencesAt.get(`${name}@${version}`)
      out.push({
        name,
        version,
        exact: true,
        direct: direct.has(name),
        ...(known ? { licences: known } : {}),
      })
    }
  return { licences, dependencies: out }
}

export interface AdvisoryOfPackage extends AffectedVersions {
  readonly advisoryId: string
  readonly severity: XraySeverity
  readonly cvssScore: number | null
}

export interface GitFinding {
  readonly advisoryId: string
  readonly component: string
  readonly version: string
  readonly direct: boolean
  readonly severity: XraySeverity
  readonly cvssScore: number | null
  readonly vulnerableRange: string
  readonly fixed: string[]
}

/** The advisories each dependency matches: a locked version exactly, a declared range if it may. */
export function gitFindings(
  deps: readonly ManifestDependency[],
  advisoriesOf: (name: string) => readonly AdvisoryOfPackage[],
): GitFinding[] {
  const out: GitFinding[] = []
  for (const d of deps)
    for (const a of advisoriesOf(d.name)) {
      if (d.exact ? !isAffected(d.version, a) : !declaredRangeMayBeAffected(d.version, a)) continue
      const holding = d.exact ? intervalHolding(d.version, a) : undefined
      out.push({
        advisoryId: a.advisoryId,
        component: d.name,
        version: d.version,
        direct: d.direct,
        severity: a.severity,
        cvssScore: a.cvssScore,
        vulnerableRange: affectedAsRange(a),
        // A locked version's fix is the end of the range it is in; a range's, every fix published.
        fixed: d.exact
          ? holding?.to && !holding.to.inclusive
            ? [holding.to.version]
            : []
          : fixedVersions(a),
      })
    }
  return out
}
