/**
 * What the packages list's rows say before and after an answer (how many, of how many, whether
 * more is coming), and whether a version can be installed: a remote's version not cached is
 * fetched from the upstream on the first install, unless the remote is offline, the upstream
 * said it has no such version, or its upstream has failed since it last answered; and when the
 * page asks the upstream about it.
 */
import { describe, expect, it } from 'vitest'
import { availabilityOf, listRows, upstreamQuestion, withFiles } from '../../domain/packages/rules'
import type { ListState } from '../../domain/packages/types'
import { defaultPackageQuery } from '../../domain/packages/initial'
import { makePackage, makeVersion } from '../support/fakePackagesApi'

const loaded = (totalCount: number): ListState => ({
  status: 'loaded',
  query: defaultPackageQuery,
  requestId: 'r-1',
  data: {
    pages: [[makePackage('react'), makePackage('vue')]],
    endCursor: null,
    hasNextPage: false,
    totalCount,
    more: { status: 'idle' },
  },
})

describe("the list's rows", () => {
  it('before an answer: no rows, no count, nothing coming', () => {
    const nothing = { pages: [], rowCount: 0, totalCount: null, hasNextPage: false, more: 'idle' }
    expect(listRows({ status: 'idle' })).toEqual(nothing)
    expect(listRows({ status: 'loading', query: defaultPackageQuery } as ListState)).toEqual(nothing)
  })

  it('a count of none is a count (the search found nothing); a negative one is no count', () => {
    expect(listRows(loaded(0)).totalCount).toBe(0)
    expect(listRows(loaded(7)).totalCount).toBe(7)
    expect(listRows(loaded(-1)).totalCount).toBeNull()
    expect(listRows(loaded(7)).rowCount).toBe(2)
  })
})

describe("a version's availability", () => {
  const remote = {
    kind: 'notCached',
    repository: 'npm-remote',
    upstream: 'https://registry.npmjs.org',
    offline: false,
    lastFailure: null,
    lastFailureAt: null,
    lastSuccessAt: null,
  } as const

  it('stored here: a local or cached version, or one whose provenance is not known', () => {
    expect(availabilityOf(undefined)).toBe('stored')
    expect(availabilityOf({ kind: 'local', repository: 'npm-local' })).toBe('stored')
    expect(
      availabilityOf({
        kind: 'cached',
        repository: 'npm-remote',
        upstream: remote.upstream,
        cachedAt: '2026-01-01',
      }),
    ).toBe('stored')
  })

  it('a remote version not cached is fetched on install while its upstream answers (or was never asked)', () => {
    expect(availabilityOf(remote)).toBe('fetchable')
    expect(availabilityOf({ ...remote, lastSuccessAt: '2026-01-02T00:00:00Z' })).toBe('fetchable')
    expect(
      availabilityOf({
        ...remote,
        lastFailure: 'timeout',
        lastFailureAt: '2026-01-01T00:00:00Z',
        lastSuccessAt: '2026-01-02T00:00:00Z',
      }),
    ).toBe('fetchable')
  })

  it('not while the remote is offline, or its upstream has failed since it last answered', () => {
    expect(availabilityOf({ ...remote, offline: true, lastSuccessAt: '2026-01-02T00:00:00Z' })).toBe(
      'offline',
    )
    expect(
      availabilityOf({
        ...remote,
        lastFailure: 'timeout',
        lastFailureAt: '2026-01-03T00:00:00Z',
        lastSuccessAt: '2026-01-02T00:00:00Z',
      }),
    ).toBe('unreachable')
  })

  it('not when the upstream said it has no such version, even if it failed since', () => {
    expect(availabilityOf({ ...remote, inUpstream: false })).toBe('notUpstream')
    expect(availabilityOf({ ...remote, inUpstream: true })).toBe('fetchable')
    const failedSince = { ...remote, lastFailure: 'timeout', lastFailureAt: '2026-01-03T00:00:00Z' }
    expect(availabilityOf({ ...failedSince, inUpstream: false })).toBe('notUpstream')
    expect(availabilityOf({ ...failedSince, inUpstream: true })).toBe('unreachable')
    // An offline remote fetches nothing, whatever the upstream has.
    expect(availabilityOf({ ...remote, offline: true, inUpstream: true })).toBe('offline')
  })

  it('the upstream is asked about a fetchable version not known there, and retried while unreachable', () => {
    expect(upstreamQuestion(remote)).toBe('ask')
    expect(upstreamQuestion({ ...remote, inUpstream: true })).toBe('none')
    expect(upstreamQuestion({ ...remote, inUpstream: false })).toBe('none')
    expect(upstreamQuestion({ ...remote, offline: true })).toBe('none')
    expect(upstreamQuestion({ ...remote, lastFailure: 'x', lastFailureAt: '2026-01-03T00:00:00Z' })).toBe(
      'retry',
    )
    expect(upstreamQuestion(undefined)).toBe('none')
    expect(upstreamQuestion({ kind: 'local', repository: 'npm-local' })).toBe('none')
  })
})

describe("the version page's version", () => {
  // The page waits (a skeleton) until the version asked for arrives with its files; the package
  // page's newest row, shown meanwhile, has none.
  it('is the version with its files, not a row of the list of versions', () => {
    const version = makeVersion(makePackage('react'), '18.2.0')
    expect(withFiles(version)).toBe(true)
    const { files: _files, ...row } = version
    expect(withFiles(row)).toBe(false)
  })
})
