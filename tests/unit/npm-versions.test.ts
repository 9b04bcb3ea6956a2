// npm's version rules as the registry applies them: only clean semantic versions are stored,
// the document must repeat its key, `latest` only moves forwards on a publish, and a virtual
// repository's `latest` belongs to the member that held the package first.
import fc from 'fast-check'
import semver from 'semver'
import { describe, expect, it } from 'vitest'
import {
  isCleanVersion,
  latestMovesTo,
  latestOwner,
  publishedVersion,
} from '../../server/registry/npmVersions'
import { corpusFile, corpusLines } from '../support/corpora'

describe('publishedVersion', () => {
  it('takes a clean version its document repeats', () => {
    expect(publishedVersion('1.0.0', '1.0.0')).toEqual({ ok: true, version: '1.0.0' })
    expect(publishedVersion('2.0.0-rc.1', '2.0.0-rc.1')).toEqual({ ok: true, version: '2.0.0-rc.1' })
  })

  it.each(['v1.0.0', ' 1.0.0', '1.0.0 ', '=1.0.0', '1.0.0+build.7', '\t1.0.0', 'V1.0.0'])(
    'refuses %j, which semver.valid or clean would accept beside 1.0.0',
    (key) => {
      const verdict = publishedVersion(key, key)
      expect(verdict.ok).toBe(false)
    },
  )

  it.each(['1.0', '01.0.0', '1.0.0-01', 'latest', '', '1.0.0.0', '^1.0.0'])('refuses %j', (key) => {
    expect(publishedVersion(key, key).ok).toBe(false)
  })

  it('refuses a document whose version disagrees with its key', () => {
    expect(publishedVersion('1.0.0', '1.0.1')).toMatchObject({ ok: false })
    expect(publishedVersion('1.0.0', ' 1.0.0')).toMatchObject({ ok: false })
    expect(publishedVersion('1.0.0', undefined)).toMatchObject({ ok: false })
  })

  it('stores nothing from the hostile corpora but clean versions', () => {
    const urls = (JSON.parse(corpusFile('url/urltestdata.json')) as unknown[])
      .filter((t): t is { input: string } => typeof t === 'object' && t !== null && 'input' in t)
      .map((t) => t.input)
    const inputs = [...corpusLines('xss'), ...corpusLines('open-redirect'), ...urls]
    expect(inputs.length).toBeGreaterThan(1000)
    for (const input of inputs) {
      const verdict = publishedVersion(input, input)
      if (verdict.ok) expect(semver.clean(input)).toBe(input)
    }
    expect(inputs.filter((i) => publishedVersion(i, i).ok)).toEqual([])
  })

  it('answers a stored version that semver.clean leaves as it is (property)', () => {
    const part = fc.nat({ max: 10_000 })
    fc.assert(
      fc.property(
        part,
        part,
        part,
        fc.constantFrom('', ' ', 'v', '='),
        fc.constantFrom('', ' ', '+b1'),
        (a, b, c, pre, post) => {
          const key = `${pre}${a}.${b}.${c}${post}`
          const verdict = publishedVersion(key, key)
          expect(verdict.ok).toBe(pre === '' && post === '')
          if (verdict.ok) expect(semver.clean(verdict.version)).toBe(verdict.version)
        },
      ),
    )
  })

  it('dist-tags name clean versions only', () => {
    expect(isCleanVersion('1.2.3')).toBe(true)
    expect(isCleanVersion('1.2.3 ')).toBe(false)
    expect(isCleanVersion(123)).toBe(false)
  })
})

describe('latestMovesTo', () => {
  it('moves forwards only, and never from a release to a prerelease', () => {
    expect(latestMovesTo(undefined, '1.0.0')).toBe(true)
    expect(latestMovesTo('1.0.0', '1.0.1')).toBe(true)
    expect(latestMovesTo('2.0.0', '1.5.0')).toBe(false)
    expect(latestMovesTo('2.0.0', '2.0.0')).toBe(false)
    expect(latestMovesTo('2.0.0', '3.0.0-rc.1')).toBe(false)
    expect(latestMovesTo('3.0.0-rc.1', '3.0.0-rc.2')).toBe(true)
    expect(latestMovesTo('3.0.0-rc.1', '3.0.0')).toBe(true)
  })
})

describe('latestOwner', () => {
  it('is the member that held the package first, whatever its place in the resolution order', () => {
    expect(
      latestOwner([
        { member: 'npm-local', created: '2026-12-01T00:00:00.000Z' },
        { member: 'npm-remote', created: '2011-10-26T17:46:21.942Z' },
      ]),
    ).toBe('npm-remote')
    // Ties go to the earlier member.
    expect(
      latestOwner([
        { member: 'a', created: '2026-01-01T00:00:00.000Z' },
        { member: 'b', created: '2026-01-01T00:00:00.000Z' },
      ]),
    ).toBe('a')
    expect(latestOwner([])).toBeUndefined()
  })
})
