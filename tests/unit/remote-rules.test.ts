// Pure rules of remote repositories: freshness, a virtual repository's merge of its members'
// documents, the digest a tarball must match, the install form, tarball addresses, and what
// an npm client is answered while the upstream is down.
import { describe, expect, it } from 'vitest'
import {
  abbreviated,
  downloadsOverDays,
  expectedDigest,
  isFresh,
  isOutage,
  mergeDocuments,
  npmStatusOf,
  OUTAGE_AFTER_MS,
  rewriteTarballs,
  tarballSource,
  type NpmDocument,
} from '../../server/remote/rules'

const version = (v: string, from: string) => ({
  name: 'p',
  version: v,
  description: from,
  dist: { tarball: `https://up/p/-/p-${v}.tgz` },
})

describe('remote rules', () => {
  it('a document is fresh within its period only', () => {
    expect(isFresh(0, 599_999, 600)).toBe(true)
    expect(isFresh(0, 600_000, 600)).toBe(false)
  })

  it('merges members in order: the first member with a version gives it, undated, dist-tags from the first with it', () => {
    const local: NpmDocument = {
      name: 'p',
      'dist-tags': { latest: '1.0.0' },
      versions: { '1.0.0': version('1.0.0', 'local') },
    }
    const remote: NpmDocument = {
      name: 'p',
      'dist-tags': { latest: '2.0.0', next: '3.0.0-rc.1' },
      versions: { '1.0.0': version('1.0.0', 'remote'), '2.0.0': version('2.0.0', 'remote') },
    }
    const merged = mergeDocuments('p', [local, remote])!
    expect(merged.versions!['1.0.0']!.description).toBe('local')
    expect(Object.keys(merged.versions!)).toEqual(['1.0.0', '2.0.0'])
    expect(merged['dist-tags']).toEqual({ latest: '1.0.0' })
    // A member without the package gives no tags.
    expect(mergeDocuments('p', [{ name: 'p', versions: {} }, remote])!['dist-tags']).toEqual({
      latest: '2.0.0',
    })
    expect(mergeDocuments('p', [{ name: 'p', versions: {} }])).toBeUndefined()
  })

  it('dist-tags come from the member that held the package first, by its dates, whatever the order', () => {
    const dated = (versions: Record<string, string>, description: string): NpmDocument => ({
      name: 'p',
      'dist-tags': { latest: Object.keys(versions).at(-1)! },
      versions: Object.fromEntries(Object.keys(versions).map((v) => [v, version(v, description)])),
      time: versions,
    })
    // react@99.0.0 pushed into a local member listed first: the upstream held react years before.
    const pushed = dated({ '99.0.0': '2026-12-04T10:00:00.000Z' }, 'local')
    const upstream = {
      ...dated({ '18.3.1': '2024-04-26T00:00:00.000Z' }, 'remote'),
      time: { created: '2011-10-26T00:00:00.000Z', '18.3.1': '2024-04-26T00:00:00.000Z' },
    }
    const merged = mergeDocuments('p', [pushed, upstream])!
    expect(merged['dist-tags']).toEqual({ latest: '18.3.1' })
    expect(Object.keys(merged.versions!).sort()).toEqual(['18.3.1', '99.0.0'])
    // An internal package published here first keeps its tags when the same name appears upstream.
    const internal = dated({ '1.0.0': '2025-01-01T00:00:00.000Z' }, 'local')
    const squatted = dated({ '99.0.0': '2026-12-01T00:00:00.000Z' }, 'remote')
    expect(mergeDocuments('p', [internal, squatted])!['dist-tags']).toEqual({ latest: '1.0.0' })
    // Without dates, the first member that has the package gives them.
    const undated = mergeDocuments('p', [
      { ...pushed, time: {} },
      { ...upstream, time: {} },
    ])!
    expect(undated['dist-tags']).toEqual({ latest: '99.0.0' })
  })

  it('a tag naming a version no member holds is dropped, and latest falls back to the highest', () => {
    const doc: NpmDocument = {
      name: 'p',
      'dist-tags': { latest: '9.9.9' },
      versions: { '1.0.0': version('1.0.0', 'a'), '1.2.0': version('1.2.0', 'a') },
    }
    expect(mergeDocuments('p', [doc])!['dist-tags']).toEqual({ latest: '1.2.0' })
  })

  it('asks for the strongest digest the metadata gives', () => {
    expect(expectedDigest('sha1-AAAA sha512-BBBB', 'c'.repeat(40))).toEqual({
      algorithm: 'sha512',
      value: 'BBBB',
      encoding: 'base64',
    })
    expect(expectedDigest(undefined, 'C'.repeat(40))).toEqual({
      algorithm: 'sha1',
      value: 'c'.repeat(40),
      encoding: 'hex',
    })
    expect(expectedDigest('md5-xx', 'not hex')).toBeUndefined()
  })

  it('rewrites tarballs to this platform and finds a file by its name, scoped too', () => {
    const doc: NpmDocument = {
      name: '@s/p',
      versions: { '1.0.0': { dist: { tarball: 'https://up/@s/p/-/p-1.0.0.tgz', integrity: 'sha512-x' } } },
    }
    const shown = rewriteTarballs(doc, '@s/p', 'http://me/artifactory/api/npm/npm')
    expect((shown.versions!['1.0.0']!.dist as { tarball: string }).tarball).toBe(
      'http://me/artifactory/api/npm/npm/@s/p/-/p-1.0.0.tgz',
    )
    expect(tarballSource(doc, '@s/p', 'p-1.0.0.tgz')).toEqual({
      version: '1.0.0',
      url: 'https://up/@s/p/-/p-1.0.0.tgz',
      integrity: 'sha512-x',
      shasum: undefined,
    })
    expect(tarballSource(doc, '@s/p', 'p-2.0.0.tgz')).toBeUndefined()
  })

  it('the install form keeps what npm installs with and drops the rest', () => {
    const doc: NpmDocument = {
      name: 'p',
      readme: 'long',
      'dist-tags': { latest: '1.0.0' },
      versions: {
        '1.0.0': { ...version('1.0.0', 'x'), dependencies: { a: '1' }, scripts: { postinstall: 'x' } },
      },
    }
    const short = abbreviated(doc) as { readme?: string; versions: Record<string, Record<string, unknown>> }
    expect(short.readme).toBeUndefined()
    expect(short.versions['1.0.0']).toEqual({
      name: 'p',
      version: '1.0.0',
      dependencies: { a: '1' },
      dist: version('1.0.0', 'x').dist,
      hasInstallScript: true,
    })
  })

  it('downloads over days: every day of the window, 0 where none, across a month end', () => {
    const days = downloadsOverDays('2026-03-02', 4, [
      { day: '2026-03-01', count: 3 },
      { day: '2026-02-20', count: 9 },
    ])
    expect(days).toEqual([
      { day: '2026-02-27', count: 0 },
      { day: '2026-02-28', count: 0 },
      { day: '2026-03-01', count: 3 },
      { day: '2026-03-02', count: 0 },
    ])
  })
})

describe('an npm client while the upstream fails', () => {
  const at = Date.parse('2026-12-05T05:00:00.000Z')
  const since = (ms: number) => new Date(at - ms).toISOString()
  const unreachable = { status: 502, code: 'UPSTREAM_UNREACHABLE', message: 'npm-remote: down' }

  it('is an outage once the upstream has failed for OUTAGE_AFTER_MS, unbroken', () => {
    expect(isOutage(undefined, at)).toBe(false)
    expect(isOutage(since(0), at)).toBe(false)
    expect(isOutage(since(OUTAGE_AFTER_MS - 1), at)).toBe(false)
    expect(isOutage(since(OUTAGE_AFTER_MS), at)).toBe(true)
    expect(isOutage(since(3 * 24 * 3600 * 1000), at)).toBe(true)
    // Below npm's first retry delay, so a request's one retry finds the outage.
    expect(OUTAGE_AFTER_MS).toBeLessThan(10_000)
  })

  it('answers an upstream failure during an outage with 424, which npm does not retry; the rest as they were', () => {
    expect(npmStatusOf(unreachable, false)).toBe(502)
    expect(npmStatusOf(unreachable, true)).toBe(424)
    expect(npmStatusOf({ ...unreachable, status: 504, code: 'UPSTREAM_TIMEOUT' }, true)).toBe(424)
    expect(npmStatusOf({ status: 404, code: 'NOT_CACHED_OFFLINE', message: 'offline' }, true)).toBe(404)
    expect(npmStatusOf({ status: 403, code: 'NOT_CACHED_FORBIDDEN', message: 'no' }, true)).toBe(403)
  })
})
