/**
 * Debian package versions (`[epoch:]upstream[-revision]`) ordered as dpkg orders them (Debian
 * Policy 5.6.12): the epoch as a number, then the upstream version, then the revision, each
 * compared by alternating runs of non-digits and digits. In a non-digit run `~` sorts before
 * everything, the end of the string next, then letters, then every other character; digit runs
 * compare as numbers. So `1.0~rc1` < `1.0` < `1.0a` < `1.0+b1`, a missing epoch is `0:`, and a
 * missing revision equals `-0`. OSV's Debian and Ubuntu ranges use this order.
 */

export interface DpkgVersion {
  readonly epoch: string
  readonly upstream: string
  readonly revision: string
}

const EPOCH = /^\d+$/
const UPSTREAM = /^[A-Za-z0-9][A-Za-z0-9.+~:-]*$/
const REVISION = /^[A-Za-z0-9.+~]+$/

/** The version's parts, or undefined when dpkg would refuse it. */
export function parseDpkgVersion(text: string): DpkgVersion | undefined {
  const colon = text.indexOf(':')
  const epoch = colon < 0 ? '0' : text.slice(0, colon)
  const rest = colon < 0 ? text : text.slice(colon + 1)
  const dash = rest.lastIndexOf('-')
  const upstream = dash < 0 ? rest : rest.slice(0, dash)
  const revision = dash < 0 ? '' : rest.slice(dash + 1)
  if (!EPOCH.test(epoch) || !UPSTREAM.test(upstream)) return undefined
  // A colon belongs to the upstream version only after an epoch, a dash only before a revision.
  if (colon < 0 && upstream.includes(':')) return undefined
  if (dash >= 0 && !REVISION.test(revision)) return undefined
  return { epoch, upstream, revision }
}

export const isDpkgVersion = (text: string): boolean => parseDpkgVersion(text) !== undefined

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9'
const isLetter = (c: string) => (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z')

/** A character's weight in a non-digit run (undefined is the end of the string). */
function weight(c: string | undefined): number {
  if (c === undefined || isDigit(c)) return 0
  if (c === '~') return -1
  if (isLetter(c)) return c.charCodeAt(0)
  return c.charCodeAt(0) + 256
}

/** Digits without their leading zeros compared as numbers of any length. */
function compareDigits(a: string, b: string): number {
  const x = a.replace(/^0+/, '')
  const y = b.replace(/^0+/, '')
  if (x.length !== y.length) return x.length - y.length
  return x < y ? -1 : x > y ? 1 : 0
}

/** dpkg's comparison of one part (upstream or revision). */
function comparePart(a: string, b: string): number {
  let i = 0
  let j = 0
  while (i < a.length || j < b.length) {
    while ((i < a.length && !isDigit(a[i])) || (j < b.length && !isDigit(b[j]))) {
      const d = weight(a[i]) - weight(b[j])
      if (d !== 0) return d
      i++
      j++
    }
    let ei = i
    while (isDigit(a[ei])) ei++
    let ej = j
    while (isDigit(b[ej])) ej++
    const d = compareDigits(a.slice(i, ei), b.slice(j, ej))
    if (d !== 0) return d
    i = ei
    j = ej
  }
  return 0
}

const sign = (n: number) => (n < 0 ? -1 : n > 0 ? 1 : 0)

/**
 * -1, 0 or 1 as `a` sorts before, with or after `b`. Both must parse (see isDpkgVersion); a text
 * that does not is compared as its whole self, as the upstream part.
 */
export function compareDpkgVersions(a: string, b: string): number {
  const x = parseDpkgVersion(a) ?? { epoch: '0', upstream: a, revision: '' }
  const y = parseDpkgVersion(b) ?? { epoch: '0', upstream: b, revision: '' }
  return sign(
    compareDigits(x.epoch, y.epoch) ||
      comparePart(x.upstream, y.upstream) ||
      comparePart(x.revision, y.revision),
  )
}
