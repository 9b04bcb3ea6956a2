/**
 * OSV affected ranges (ossf/osv-schema, "Evaluation"): a range's events (`introduced`,
 * `fixed`, `last_affected`) sorted by version open and close intervals, and a version is
 * affected when it falls in one of them or is listed in `versions`. Versions are ordered by
 * their ecosystem's order (a VersionOrder), npm's by default: SemVer 2.0, pre-releases
 * included (5.0.0-alpha.1 < 5.0.0), so a pre-release between an `introduced` and a `fixed` is
 * affected although a semver range would skip it.
 */
import semver from 'semver'

/** How an ecosystem tells a version from other text and orders two of them. */
export interface VersionOrder {
  readonly valid: (version: string) => boolean
  readonly compare: (a: string, b: string) => number
}

export const NPM_ORDER: VersionOrder = {
  valid: (v) => semver.valid(v) !== null,
  compare: (a, b) => semver.compare(a, b),
}

export type RangeEvent =
  | { readonly introduced: string }
  | { readonly fixed: string }
  | { readonly last_affected: string }
  | { readonly limit: string }

export interface OsvRange {
  readonly type: string
  readonly events: readonly RangeEvent[]
}

/** What an advisory says of one package: its ranges and the versions it lists. */
export interface AffectedVersions {
  readonly ranges: readonly OsvRange[]
  readonly versions: readonly string[]
}

/** A closed or half-open interval of versions; `from` undefined is "from the first version". */
export interface Interval {
  readonly from?: string
  /** The first version not affected (`fixed`), or the last affected one (`last_affected`). */
  readonly to?: { readonly version: string; readonly inclusive: boolean }
}

/** `introduced: "0"` is OSV's "every version before the next event". */
const ZERO = '0'

const eventVersion = (e: RangeEvent): string =>
  'introduced' in e ? e.introduced : 'fixed' in e ? e.fixed : 'last_affected' in e ? e.last_affected : e.limit

const compareEventVersions = (a: string, b: string, order: VersionOrder): number =>
  a === ZERO ? (b === ZERO ? 0 : -1) : b === ZERO ? 1 : order.compare(a, b)

/** Whether a range's versions can be ordered here (npm SEMVER or ECOSYSTEM ranges). */
export const isOrderedRange = (range: OsvRange): boolean =>
  range.type === 'SEMVER' || range.type === 'ECOSYSTEM'

/** The first event version of a range that is not a version of the order (nor "0"), if any. */
export function unparsableVersion(range: OsvRange, order: VersionOrder = NPM_ORDER): string | undefined {
  if (!isOrderedRange(range)) return undefined
  return range.events.map(eventVersion).find((v) => v !== ZERO && !order.valid(v))
}

/** A range's events as intervals, walking them in version order. */
export function intervalsOf(range: OsvRange, order: VersionOrder = NPM_ORDER): Interval[] {
  if (!isOrderedRange(range)) return []
  const events = range.events
    .filter((e) => !('limit' in e))
    .slice()
    .sort((a, b) => compareEventVersions(eventVersion(a), eventVersion(b), order))
  const intervals: Interval[] = []
  let open: string | undefined
  let isOpen = false
  for (const e of events) {
    if ('introduced' in e) {
      if (!isOpen) {
        isOpen = true
        open = e.introduced === ZERO ? undefined : e.introduced
      }
    } else if (isOpen) {
      const to =
        'fixed' in e ? { version: e.fixed, inclusive: false } : { version: eventVersion(e), inclusive: true }
      intervals.push({ ...(open === undefined ? {} : { from: open }), to })
      isOpen = false
    }
  }
  if (isOpen) intervals.push(open === undefined ? {} : { from: open })
  return intervals
}

export function inInterval(version: string, interval: Interval, order: VersionOrder = NPM_ORDER): boolean {
  if (interval.from !== undefined && order.compare(version, interval.from) < 0) return false
  if (interval.to === undefined) return true
  const c = order.compare(version, interval.to.version)
  return interval.to.inclusive ? c <= 0 : c < 0
}

/** Whether `version` is affected; a version that is not one of the order's is never matched. */
export function isAffected(
  version: string,
  affected: AffectedVersions,
  order: VersionOrder = NPM_ORDER,
): boolean {
  if (affected.versions.includes(version)) return true
  if (!order.valid(version)) return false
  return affected.ranges.some((r) => intervalsOf(r, order).some((i) => inInterval(version, i, order)))
}

/** The interval of `affected` that holds `version` (undefined when none does). */
export function intervalHolding(
  version: string,
  affected: AffectedVersions,
  order: VersionOrder = NPM_ORDER,
): Interval | undefined {
  if (!order.valid(version)) return undefined
  for (const r of affected.ranges)
    for (const i of intervalsOf(r, order)) if (inInterval(version, i, order)) return i
  return undefined
}

/** Every `fixed` version the advisory names for this package, in version order. */
export function fixedVersions(affected: AffectedVersions, order: VersionOrder = NPM_ORDER): string[] {
  const fixed = affected.ranges.flatMap((r) =>
    isOrderedRange(r) ? r.events.flatMap((e) => ('fixed' in e ? [e.fixed] : [])) : [],
  )
  return [...new Set(fixed)].sort(order.compare)
}

/** One interval as an npm range (`>=1.0.0 <1.2.6`, `<4.17.20`, `>=2.0.0 <=2.3.1`, `*`). */
export function intervalAsRange(i: Interval): string {
  const parts = [
    ...(i.from !== undefined ? [`>=${i.from}`] : []),
    ...(i.to ? [`${i.to.inclusive ? '<=' : '<'}${i.to.version}`] : []),
  ]
  return parts.length === 0 ? '*' : parts.join(' ')
}

/** The affected versions as one npm range, as `npm audit` shows `vulnerable_versions`. */
export function affectedAsRange(affected: AffectedVersions, order: VersionOrder = NPM_ORDER): string {
  const ranges = affected.ranges.flatMap((r) => intervalsOf(r, order)).map(intervalAsRange)
  return [...ranges, ...affected.versions].join(' || ') || '<0.0.0-0'
}

/**
 * Whether a dependency declared with `declared` (a package.json range) may resolve to an
 * affected version: the declared range overlaps an affected interval or allows a listed version.
 * A declaration that is not a range (a URL, a tag, a path) is not matched.
 */
export function declaredRangeMayBeAffected(declared: string, affected: AffectedVersions): boolean {
  const range = semver.validRange(declared, { includePrerelease: true })
  if (range === null) return false
  if (affected.versions.some((v) => semver.satisfies(v, range, { includePrerelease: true }))) return true
  return affected.ranges
    .flatMap((r) => intervalsOf(r))
    .some((i) => semver.intersects(range, intervalAsRange(i), { includePrerelease: true }))
}
