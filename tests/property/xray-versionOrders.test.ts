/**
 * The distributions' version orders the scanner reads OSV ranges in: dpkg's (Debian, Ubuntu)
 * checked against dpkg itself (`dpkg --compare-versions`, on this Debian machine) for generated
 * versions and the known tricky cases, and apk's against cases of apk's own ordering; both as
 * total orders (reflexive, antisymmetric, transitive). Range matching then runs in each order.
 */
import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  APK_ORDER,
  DPKG_ORDER,
  compareApkVersions,
  compareDpkgVersions,
  ecosystemsOfRelease,
  isAffected,
  isApkVersion,
  isDpkgVersion,
  orderOfEcosystem,
  osReleaseOf,
  type AffectedVersions,
} from '../../domain/xray'

const sign = (n: number) => Math.sign(n)

// Debian versions built from the pieces that make ordering hard: epochs, `~`, `+`, letters,
// leading zeros and revisions (with and without).
const piece = fc.constantFrom(
  '0',
  '1',
  '2',
  '10',
  '01',
  'a',
  'b',
  'rc1',
  '~',
  '~rc1',
  '+b1',
  '+dfsg',
  '.',
  '.0',
)
const upstream = fc
  .tuple(fc.constantFrom('0', '1', '2', '10'), fc.array(piece, { maxLength: 4 }))
  .map(([first, rest]) => first + rest.join(''))
const dpkgVersion = fc
  .tuple(
    fc.option(fc.constantFrom('0', '1', '2'), { nil: undefined }),
    upstream,
    fc.option(fc.constantFrom('0', '1', '1ubuntu1', '1+deb12u1', '2~bpo1', '0.1'), { nil: undefined }),
  )
  .map(([e, u, r]) => `${e === undefined ? '' : `${e}:`}${u}${r === undefined ? '' : `-${r}`}`)

/** What dpkg answers for each pair, in one process (lt, eq or gt). */
function dpkgSays(pairs: ReadonlyArray<readonly [string, string]>): number[] {
  const script = pairs
    .map(
      ([a, b]) =>
        `if dpkg --compare-versions '${a}' lt '${b}'; then echo -1; elif dpkg --compare-versions '${a}' eq '${b}'; then echo 0; else echo 1; fi`,
    )
    .join('\n')
  return execFileSync('sh', ['-c', script], { encoding: 'utf8' }).trim().split('\n').map(Number)
}

const hasDpkg = (() => {
  try {
    execFileSync('dpkg', ['--version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
})()

describe('dpkg version order', () => {
  it.each([
    ['1.0~rc1', '1.0', -1],
    ['1.0~~', '1.0~', -1],
    ['1.0~', '1.0', -1],
    ['1.0', '1.0a', -1],
    ['1.0a', '1.0+b1', -1],
    ['1.0', '1.0-0', 0],
    ['0:1.0', '1.0', 0],
    ['1:0.1', '0:9.9', 1],
    ['1.2.3', '1.2.10', -1],
    ['1.01', '1.1', 0],
    ['3.0.11-1~deb12u1', '3.0.11-1', -1],
    ['3.0.11-1~deb12u2', '3.0.11-1~deb12u1', 1],
    ['1.0-1', '1.0-1ubuntu1', -1],
    ['2.36-9+deb12u3', '2.36-9+deb12u10', -1],
    ['7.88.1-10+deb12u5', '7.88.1-10+deb12u12', -1],
  ] as const)('%s against %s is %i', (a, b, want) => {
    expect(compareDpkgVersions(a, b)).toBe(want)
    expect(compareDpkgVersions(b, a)).toBe(-want || 0)
  })

  it('tells versions from other text', () => {
    for (const v of ['1.0', '1:2.3-4', '2.36-9+deb12u3', '0', '1.0~rc1-1', '1:1.2:3-4'])
      expect(isDpkgVersion(v)).toBe(true)
    for (const v of ['', 'a:1.0', '1.0-', '-1', '1.0 beta', '1.0-1_2', ':1.0'])
      expect(isDpkgVersion(v), v).toBe(false)
  })

  it.skipIf(!hasDpkg)('agrees with dpkg --compare-versions on generated versions', () => {
    const pairs = fc.sample(fc.tuple(dpkgVersion, dpkgVersion), { numRuns: 150, seed: 36 })
    const ours = pairs.map(([a, b]) => compareDpkgVersions(a, b))
    expect(ours).toEqual(dpkgSays(pairs))
  })

  it('is a total order', () => {
    fc.assert(
      fc.property(dpkgVersion, dpkgVersion, dpkgVersion, (a, b, c) => {
        expect(compareDpkgVersions(a, a)).toBe(0)
        // === rather than toBe: equal versions answer 0, and -0 is not Object.is 0.
        expect(compareDpkgVersions(a, b) === -compareDpkgVersions(b, a)).toBe(true)
        const [x, y, z] = [a, b, c].sort(compareDpkgVersions)
        expect(compareDpkgVersions(x!, z!)).toBeLessThanOrEqual(0)
        if (compareDpkgVersions(x!, y!) < 0 || compareDpkgVersions(y!, z!) < 0)
          expect(compareDpkgVersions(x!, z!)).toBe(-1)
      }),
    )
  })

  it('an epoch outweighs everything after it; a tilde sorts before the end', () => {
    fc.assert(
      fc.property(upstream, upstream, (a, b) => {
        expect(compareDpkgVersions(`1:${a}`, b)).toBe(1)
        expect(compareDpkgVersions(`${a}~x`, a)).toBe(-1)
        expect(sign(compareDpkgVersions(a, `${a}-0`))).toBe(0)
      }),
    )
  })
})

// Alpine versions from apk's grammar: numbers, a letter, suffixes with numbers, a revision.
const apkVersion = fc
  .tuple(
    fc.array(fc.constantFrom('0', '1', '2', '10', '01'), { minLength: 1, maxLength: 3 }),
    fc.option(fc.constantFrom('a', 'b', 'z'), { nil: undefined }),
    fc.array(
      fc.tuple(
        fc.constantFrom('alpha', 'beta', 'pre', 'rc', 'cvs', 'git', 'p'),
        fc.constantFrom('', '1', '20'),
      ),
      { maxLength: 2 },
    ),
    fc.option(fc.constantFrom('0', '1', '10'), { nil: undefined }),
  )
  .map(
    ([nums, letter, suffixes, rev]) =>
      nums.join('.') +
      (letter ?? '') +
      suffixes.map(([s, n]) => `_${s}${n}`).join('') +
      (rev === undefined ? '' : `-r${rev}`),
  )

describe('apk version order', () => {
  it.each([
    ['1.2_rc1', '1.2', -1],
    ['1.2', '1.2-r1', -1],
    ['1.2-r1', '1.2.1', -1],
    ['1.2a', '1.2.1', -1],
    ['1.2', '1.2a', -1],
    ['1.2_p1', '1.2', 1],
    ['1.2_alpha', '1.2_beta', -1],
    ['1.2_pre1', '1.2_rc1', -1],
    ['1.2_cvs', '1.2_git', -1],
    ['1.0_p10-r0', '1.0_p9-r0', 1],
    ['1.05', '1.1', -1],
    ['1.001', '1.01', -1],
    ['3.1.4-r2', '3.1.7-r0', -1],
    ['2.5.0-r2', '2.6.0-r0', -1],
    ['0.1.0_alpha_pre2', '0.1.0_alpha', -1],
    ['2.9.11_pre20051101-r3', '2.9.11_pre20051101', 1],
    ['1.0-r10', '1.0-r9', 1],
    ['20050718-r1', '20050718-r2', -1],
  ] as const)('%s against %s is %i', (a, b, want) => {
    expect(compareApkVersions(a, b)).toBe(want)
    expect(compareApkVersions(b, a)).toBe(-want || 0)
  })

  it('tells versions from other text', () => {
    for (const v of ['1', '1.2.3', '1.2a', '1.2_rc1-r3', '1.0_alpha_pre2', '0.1_pre2~1234abcd-r1'])
      expect(isApkVersion(v), v).toBe(true)
    for (const v of ['', 'a1', '1.', '1.2ab', '1.2a1', '1.2_foo', '1.2-r', '1.2-1', '1.2_rc.1', '1.0_p1~'])
      expect(isApkVersion(v), v).toBe(false)
  })

  it('is a total order', () => {
    fc.assert(
      fc.property(apkVersion, apkVersion, apkVersion, (a, b, c) => {
        expect(isApkVersion(a)).toBe(true)
        expect(compareApkVersions(a, a)).toBe(0)
        // === rather than toBe: equal versions answer 0, and -0 is not Object.is 0.
        expect(compareApkVersions(a, b) === -compareApkVersions(b, a)).toBe(true)
        const [x, y, z] = [a, b, c].sort(compareApkVersions)
        if (compareApkVersions(x!, y!) < 0 || compareApkVersions(y!, z!) < 0)
          expect(compareApkVersions(x!, z!)).toBe(-1)
      }),
    )
  })

  it('a revision is newer than none, a pre-release suffix older, a post-release suffix newer', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('1', '2', '10'), { minLength: 1, maxLength: 3 }),
        fc.constantFrom('1', '5'),
        (nums, n) => {
          const v = nums.join('.')
          expect(compareApkVersions(`${v}-r${n}`, v)).toBe(1)
          expect(compareApkVersions(`${v}_rc${n}`, v)).toBe(-1)
          expect(compareApkVersions(`${v}_p${n}`, v)).toBe(1)
        },
      ),
    )
  })
})

describe('ranges read in an ecosystem order', () => {
  const debian: AffectedVersions = {
    ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '3.0.11-1~deb12u2' }] }],
    versions: [],
  }

  it('a Debian backport before the fix is affected, the fix and later are not', () => {
    expect(isAffected('3.0.11-1~deb12u1', debian, DPKG_ORDER)).toBe(true)
    expect(isAffected('3.0.9-1', debian, DPKG_ORDER)).toBe(true)
    expect(isAffected('3.0.11-1~deb12u2', debian, DPKG_ORDER)).toBe(false)
    expect(isAffected('3.0.11-1', debian, DPKG_ORDER)).toBe(false)
    expect(isAffected('1:0.1', debian, DPKG_ORDER)).toBe(false)
    // Read as npm's order, none of these is a version at all.
    expect(isAffected('3.0.11-1~deb12u1', debian)).toBe(false)
  })

  it('matches any version below the fix in any order, by the order', () => {
    fc.assert(
      fc.property(dpkgVersion, dpkgVersion, (v, fix) => {
        const a = {
          ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: fix }] }],
          versions: [],
        }
        expect(isAffected(v, a, DPKG_ORDER)).toBe(compareDpkgVersions(v, fix) < 0)
      }),
    )
    fc.assert(
      fc.property(apkVersion, apkVersion, (v, last) => {
        const a = {
          ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { last_affected: last }] }],
          versions: [],
        }
        expect(isAffected(v, a, APK_ORDER)).toBe(compareApkVersions(v, last) <= 0)
      }),
    )
  })

  it('names the order of each ecosystem and the ecosystems of an OS release', () => {
    expect(orderOfEcosystem('Debian:12')).toBe(DPKG_ORDER)
    expect(orderOfEcosystem('Ubuntu:22.04:LTS')).toBe(DPKG_ORDER)
    expect(orderOfEcosystem('Alpine:v3.19')).toBe(APK_ORDER)
    expect(orderOfEcosystem('PyPI')).toBeUndefined()
    const bookworm = osReleaseOf('PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nID=debian\nVERSION_ID="12"\n')
    expect(ecosystemsOfRelease(bookworm)).toEqual(['Debian:12'])
    expect(ecosystemsOfRelease(osReleaseOf('ID=alpine\nVERSION_ID=3.19.1\n'))).toEqual(['Alpine:v3.19'])
    expect(ecosystemsOfRelease(osReleaseOf('ID=ubuntu\nVERSION_ID="22.04"\n'))).toEqual([
      'Ubuntu:22.04',
      'Ubuntu:22.04:LTS',
    ])
    // As Ubuntu's images ship os-release, and as its OSV records name their releases.
    const jammy = 'NAME="Ubuntu"\nVERSION_ID="22.04"\nVERSION="22.04.4 LTS (Jammy Jellyfish)"\nID=ubuntu\n'
    expect(ecosystemsOfRelease(osReleaseOf(jammy))).toEqual(['Ubuntu:22.04:LTS'])
    const mantic = 'NAME="Ubuntu"\nVERSION_ID="23.10"\nVERSION="23.10 (Mantic Minotaur)"\nID=ubuntu\n'
    expect(ecosystemsOfRelease(osReleaseOf(mantic))).toEqual(['Ubuntu:23.10'])
    expect(ecosystemsOfRelease(osReleaseOf('ID=debian\n'))).toEqual([])
  })
})
