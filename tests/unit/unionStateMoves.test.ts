/**
 * List and detail states that became tagged unions of the shared Loadable: the
 * packages list, the open package and version, the release bundles' checksum lookup, the
 * integrations area's loads, the support bundles list, and the package count that is null while unknown. Earlier builds kept a status beside flags, nullable fields
 * and sentinels (`totalCount: -1`); their logs hashed that shape and their snapshots hold it:
 * domain/stateMoves.ts turns each state into the earlier shape and back.
 */
import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { replayLog, upcast } from '../../domain/log'
import { STATE_MOVES, earlierShapes } from '../../domain/stateMoves'
import { asWholeStateBuildHadIt } from '../../domain/logHash'
import { boundedLogOf } from '../support/boundedLog'
import { type DetailsState, type ListState, type VersionState } from '../../domain/packages/types'
import { defaultPackageQuery, initialVersionPanels, initialVersionState } from '../../domain/packages/initial'
import { makePackage, makeVersion } from '../support/fakePackagesApi'
import { releaseBundle } from '../support/fixtures'
import type { ChecksumLookup } from '../../domain/releaseBundles/types'
import type { BundleListState } from '../../domain/supportBundles/types'
import type { Loadable } from '../../domain/shared/loadable'
import { bundle as supportBundle } from '../support/fakeSupportBundlesApi'

type Root = Record<string, unknown>
const moveNamed = (name: string) => STATE_MOVES.find((m) => m.name === name)!

/** Each case: a state beside the shape an earlier build gave the same state. */
function itMovesBothWays<S>(
  name: string,
  put: (value: unknown) => Root,
  take: (state: Root) => unknown,
  cases: ReadonlyArray<[string, S, unknown]>,
) {
  const { before, after } = moveNamed(name)
  it.each(cases)(
    '%s: goes back to the earlier shape, and an earlier snapshot comes forward',
    (_, now, former) => {
      expect(take(before(put(now)))).toEqual(former)
      expect(take(after(put(former)))).toEqual(now)
    },
  )
  it('leaves a state already in its tagged shape as it is', () => {
    for (const [, now] of cases) {
      const state = put(now)
      expect(after(state)).toBe(state)
    }
  })
}

const move = moveNamed('packages list: flags -> tagged union')
const withList = (list: unknown) => ({ packages: { pageLoading: false, list } })
const listOf = (state: Root) => (state.packages as { list: unknown }).list

const query = { ...defaultPackageQuery, name: 'react*' }
const failure = { kind: 'network', message: 'down' } as const
const pages = { pages: [[makePackage('react')]], endCursor: 'c1', hasNextPage: true, totalCount: 2 }
// The list of nothing asked as earlier builds kept it (checked below): the others differ from it.
const flat = listOf(move.before(withList({ status: 'idle' }))) as Root

// Each state of the list beside the shape an earlier build gave the same state.
const cases: ReadonlyArray<[string, ListState, Root]> = [
  ['nothing asked', { status: 'idle' }, { ...flat, status: 'idle' }],
  [
    'the count-only page',
    { status: 'idle', requestId: 'r-1' },
    { ...flat, status: 'idle', requestId: 'r-1' },
  ],
  [
    'a search loading',
    { status: 'loading', query, requestId: 'r-1' },
    { ...flat, status: 'loading', query, requestId: 'r-1' },
  ],
  [
    'a search loaded',
    { status: 'loaded', query, requestId: 'r-1', data: { ...pages, more: { status: 'idle' } } },
    { ...flat, ...pages, status: 'loaded', query, requestId: 'r-1' },
  ],
  [
    'a further page on its way',
    { status: 'loaded', query, requestId: 'r-2', data: { ...pages, more: { status: 'loading' } } },
    { ...flat, ...pages, status: 'loaded', query, requestId: 'r-2', loadingMore: true },
  ],
  [
    'a further page failed',
    { status: 'loaded', query, requestId: 'r-2', data: { ...pages, more: { status: 'failed', failure } } },
    { ...flat, ...pages, status: 'loaded', query, requestId: 'r-2', failure },
  ],
  [
    'a first page failed',
    { status: 'failed', query, requestId: 'r-1', failure },
    { ...flat, status: 'failed', query, requestId: 'r-1', failure },
  ],
  [
    'the count failed without a search',
    { status: 'failed', query: null, requestId: 'r-1', failure },
    { ...flat, status: 'failed', requestId: 'r-1', failure },
  ],
]

describe('the packages list in the shape of earlier builds', () => {
  it('was flags, nullable fields and -1 for an unknown total', () => {
    expect(flat).toMatchObject({ status: 'idle', query: null, pages: [], loadingMore: false, totalCount: -1 })
    expect(flat).toMatchObject({ requestId: null, endCursor: null, hasNextPage: false, failure: null })
  })

  itMovesBothWays('packages list: flags -> tagged union', withList, listOf, cases)

  it('a log of an earlier build replays to its hash, and its snapshot is lifted', () => {
    const log = readFileSync(
      join(import.meta.dirname, '../fixtures/logs/developerBrowsesPackages.ndjson'),
      'utf8',
    )
    const replayed = replayLog(log)
    expect(replayed.errors).toEqual([])
    expect(replayed.hashMatches).toBe(true)
    expect(replayed.state.packages.list).toMatchObject({
      status: 'loaded',
      data: { more: { status: 'idle' } },
    })
    // A bounded log of then: a snapshot in the shape before the move, hashed as it was (the
    // earlier shapes are newest first).
    const index = STATE_MOVES.length - 1 - STATE_MOVES.indexOf(move)
    const former = earlierShapes(asWholeStateBuildHadIt(replayed.state))[index]!
    expect(listOf(former)).toHaveProperty('loadingMore', false)
    const lifted = replayLog(boundedLogOf(log, replayed.lastSeq, former))
    expect(lifted.errors).toEqual([])
    expect(lifted.state.packages.list).toEqual(replayed.state.packages.list)
    expect(lifted.hashMatches).toBe(true)
  })
})

const sha256 = 'ab'.repeat(32)
const bundle = releaseBundle
const formerLookup = { status: 'idle', checksum: '', requestId: null, bundles: [], failure: null }

describe('the release bundles lookup in the shape of earlier builds', () => {
  itMovesBothWays<ChecksumLookup>(
    'releaseBundles lookup: flags -> tagged union',
    (lookup) => ({ releaseBundles: { lookup } }),
    (state) => (state.releaseBundles as { lookup: unknown }).lookup,
    [
      ['nothing asked', { status: 'idle' }, formerLookup],
      [
        'an invalid checksum',
        { status: 'invalid', checksum: 'x' },
        { ...formerLookup, status: 'invalid', checksum: 'x' },
      ],
      [
        'an invalid checksum after a lookup',
        { status: 'invalid', checksum: 'x', requestId: 'r-1' },
        { ...formerLookup, status: 'invalid', checksum: 'x', requestId: 'r-1' },
      ],
      [
        'a lookup under way',
        { status: 'loading', checksum: sha256, requestId: 'r-1' },
        { ...formerLookup, status: 'loading', checksum: sha256, requestId: 'r-1' },
      ],
      [
        'the bundles found',
        { status: 'loaded', checksum: sha256, requestId: 'r-1', data: [bundle] },
        { ...formerLookup, status: 'loaded', checksum: sha256, requestId: 'r-1', bundles: [bundle] },
      ],
      [
        'a failed lookup',
        { status: 'failed', checksum: sha256, requestId: 'r-1', failure },
        { ...formerLookup, status: 'failed', checksum: sha256, requestId: 'r-1', failure },
      ],
    ],
  )
})

const detailsMove = moveNamed('packages details: flags -> tagged union')
const detailsOf = (state: Root) => (state.packages as { details: unknown }).details
// Nothing open as earlier builds kept it (checked below): the others differ from it.
const nothingOpen = detailsOf(
  detailsMove.before({ packages: { details: { status: 'idle', tab: null } } }),
) as Root
const react = makePackage('react')
const shown = { pkg: react, versions: [makeVersion(react, '18.2.0')], hasNextPage: true, endCursor: 'c1' }
const formerShown = {
  pkg: react,
  versions: shown.versions,
  versionsHasNextPage: true,
  versionsEndCursor: 'c1',
}
const asked = { tab: 'builds', requestId: 'r-1', packageId: react.id } as const
const holding = { checksum: 'c', versions: ['18.2.0'] }

describe('the open package in the shape of earlier builds', () => {
  it('was a status beside nullable fields', () => {
    expect(nothingOpen).toMatchObject({
      status: 'idle',
      tab: null,
      requestId: null,
      packageId: null,
      pkg: null,
    })
    expect(nothingOpen).toMatchObject({ versions: [], versionsMoreRequestId: null, versionsFailure: null })
    expect(nothingOpen).toMatchObject({ versionsHasNextPage: false, versionsEndCursor: null, failure: null })
  })

  itMovesBothWays<DetailsState>(
    'packages details: flags -> tagged union',
    (details) => ({ packages: { details } }),
    detailsOf,
    [
      ['nothing open', { status: 'idle', tab: null }, nothingOpen],
      ['a tab chosen before', { status: 'idle', tab: 'builds' }, { ...nothingOpen, tab: 'builds' }],
      ['a package loading', { ...asked, status: 'loading' }, { ...nothingOpen, ...asked, status: 'loading' }],
      [
        'a package failed',
        { ...asked, status: 'failed', failure },
        { ...nothingOpen, ...asked, status: 'failed', failure },
      ],
      [
        'a package shown',
        { ...asked, status: 'loaded', data: { ...shown, more: { status: 'idle' } } },
        { ...nothingOpen, ...asked, ...formerShown, status: 'loaded' },
      ],
      [
        'a further page of versions on its way',
        { ...asked, status: 'loaded', data: { ...shown, more: { status: 'loading', requestId: 'r-2' } } },
        { ...nothingOpen, ...asked, ...formerShown, status: 'loaded', versionsMoreRequestId: 'r-2' },
      ],
      [
        'a further page of versions failed, opened from a checksum search',
        { ...asked, status: 'loaded', data: { ...shown, more: { status: 'failed', failure }, holding } },
        { ...nothingOpen, ...asked, ...formerShown, status: 'loaded', versionsFailure: failure, holding },
      ],
    ],
  )
})

describe('the package count in the shape of earlier builds', () => {
  itMovesBothWays<number | null>(
    'packages count: -1 -> null',
    (packageCount) => ({ packages: { packageCount } }),
    (state) => (state.packages as { packageCount: unknown }).packageCount,
    [
      ['unknown', null, -1],
      ['counted', 42, 42],
    ],
  )

  // Recorded at da41a86 (the bus with fake ports, an admin's search whose count failed), when
  // packages/CountLoaded (v1) wrote a failed count as -1; v2 writes null.
  const log = readFileSync(
    join(import.meta.dirname, '../fixtures/logs/moved/countFailedAsMinusOne.ndjson'),
    'utf8',
  )

  it('a v1 count of -1 is read as unknown', () => {
    const line = log.split('\n').find((l) => l.includes('"packages/CountLoaded"'))!
    expect(JSON.parse(line)).toMatchObject({ v: 1, data: { count: -1 } })
    expect(upcast('packages/CountLoaded', 1, { requestId: 'r', count: -1 })).toEqual({
      ok: true,
      data: { requestId: 'r', count: null },
    })
    expect(upcast('packages/CountLoaded', 1, { requestId: 'r', count: 7 })).toEqual({
      ok: true,
      data: { requestId: 'r', count: 7 },
    })
  })

  it('a log whose failed count is -1 replays to its hash', () => {
    const replayed = replayLog(log)
    expect(replayed.errors).toEqual([])
    expect(replayed.hashMatches).toBe(true)
    expect(replayed.state.packages.packageCount).toBeNull()
    expect(replayed.state.packages.list.status).toBe('loaded')
  })
})

const v18 = makeVersion(react, '18.2.0')
const formerVersion = {
  ...initialVersionPanels,
  requestId: null,
  versionId: null,
  version: null,
  failure: null,
}
const askedVersion = { requestId: 'r-1', versionId: '18.2.0' }

describe('the open version in the shape of earlier builds', () => {
  itMovesBothWays<VersionState>(
    'packages version: flags -> tagged union',
    (version) => ({ packages: { version } }),
    (state) => (state.packages as { version: unknown }).version,
    [
      ['nothing open', initialVersionState, { ...formerVersion, status: 'idle' }],
      [
        'a version loading',
        { ...initialVersionPanels, ...askedVersion, status: 'loading' },
        { ...formerVersion, ...askedVersion, status: 'loading' },
      ],
      [
        'a version shown, its tab chosen',
        { ...initialVersionPanels, tab: 'builds', ...askedVersion, status: 'loaded', data: v18 },
        { ...formerVersion, tab: 'builds', ...askedVersion, status: 'loaded', version: v18 },
      ],
      [
        'a version failed',
        { ...initialVersionPanels, ...askedVersion, status: 'failed', failure },
        { ...formerVersion, ...askedVersion, status: 'failed', failure },
      ],
    ],
  )
})

describe("the integrations area's loads in the shape of earlier builds", () => {
  const entries = [{ id: 'jenkins' }]
  itMovesBothWays<Root>(
    'integrations loads: value -> data',
    (loads) => ({ integrations: { filters: {}, ...(loads as Root) } }),
    (state) => {
      const { filters: _filters, ...loads } = state.integrations as Root
      return loads
    },
    [
      ['nothing asked', { catalogue: { status: 'idle' } }, { catalogue: { status: 'idle' } }],
      [
        'loading, loaded and failed',
        {
          catalogue: { status: 'loaded', requestId: 'r-1', data: entries },
          vendorList: { status: 'loading', requestId: 'r-2' },
          repos: { status: 'failed', requestId: 'r-3', failure },
        },
        {
          catalogue: { status: 'loaded', requestId: 'r-1', value: entries },
          vendorList: { status: 'loading', requestId: 'r-2' },
          repos: { status: 'failed', requestId: 'r-3', failure },
        },
      ],
      [
        'every load loaded',
        {
          catalogue: { status: 'loaded', requestId: 'r-1', data: entries },
          vendorList: { status: 'loaded', requestId: 'r-2', data: { vendor: 'GitHub', integrations: [] } },
          repos: { status: 'loaded', requestId: 'r-3', data: [] },
        },
        {
          catalogue: { status: 'loaded', requestId: 'r-1', value: entries },
          vendorList: { status: 'loaded', requestId: 'r-2', value: { vendor: 'GitHub', integrations: [] } },
          repos: { status: 'loaded', requestId: 'r-3', value: [] },
        },
      ],
    ],
  )
})

describe('the support bundles list in the shape of earlier builds', () => {
  const rows = [supportBundle({ id: 'done' }), supportBundle({ id: 'running', status: 'in progress' })]
  const former = { requestId: '', bundles: [], failure: null }
  const withBundleList = (list: unknown) => ({ supportBundles: { open: true, list } })
  const bundleListOf = (state: Root) => (state.supportBundles as { list: unknown }).list

  itMovesBothWays<BundleListState>('support bundles list: flags -> Loadable', withBundleList, bundleListOf, [
    ['nothing asked', { status: 'idle' }, { ...former, status: 'idle' }],
    [
      'a first load',
      { status: 'loading', requestId: 'r1' },
      { ...former, status: 'loading', requestId: 'r1' },
    ],
    [
      'loaded',
      { status: 'loaded', requestId: 'r1', data: rows },
      { ...former, status: 'loaded', requestId: 'r1', bundles: rows },
    ],
    [
      'a poll, the rows kept',
      { status: 'loading', requestId: 'r2', previous: rows },
      { ...former, status: 'loading', requestId: 'r2', bundles: rows },
    ],
    [
      'a failed first load',
      { status: 'failed', requestId: 'r1', failure },
      { ...former, status: 'failed', requestId: 'r1', failure },
    ],
    [
      'a failed poll, the rows kept',
      { status: 'failed', requestId: 'r2', failure, previous: rows },
      { ...former, status: 'failed', requestId: 'r2', bundles: rows, failure },
    ],
  ])

  it('a retry after a failure no longer holds that failure while it loads: that earlier state is not kept', () => {
    const { before, after } = moveNamed('support bundles list: flags -> Loadable')
    const earlier = { ...former, status: 'loading', requestId: 'r3', bundles: rows, failure }
    const now = bundleListOf(after(withBundleList(earlier)))
    expect(now).toEqual({ status: 'loading', requestId: 'r3', previous: rows })
    expect(bundleListOf(before(withBundleList(now)))).toEqual({ ...earlier, failure: null })
  })
})

describe('the search bar’s suggestions in the shape of earlier builds', () => {
  const react = { id: 'npm://react', name: 'react', packageType: 'npm', latestVersion: '18.2.0' }
  const items = [react]
  const withSuggestions = (suggestions: unknown) => ({ search: { text: 'react', suggestions } })
  const suggestionsOf = (state: Root) => (state.search as { suggestions: unknown }).suggestions
  const former = { text: 'react', items: [], failure: null }

  itMovesBothWays<Loadable<ReadonlyArray<typeof react>>>(
    'search suggestions: flags -> Loadable',
    withSuggestions,
    suggestionsOf,
    [
      ['no text', { status: 'idle' }, { ...former, status: 'idle', text: '' }],
      ['asked', { status: 'loading', requestId: 'react' }, { ...former, status: 'loading' }],
      [
        'asked, those of the text before shown',
        { status: 'loading', requestId: 'react', previous: items },
        { ...former, status: 'loading', items },
      ],
      ['answered', { status: 'loaded', data: items }, { ...former, status: 'loaded', items }],
      ['failed', { status: 'failed', failure }, { ...former, status: 'failed', failure }],
    ],
  )

  it('text asked after a failure no longer holds that failure while it loads: that earlier state is not kept', () => {
    const { before, after } = moveNamed('search suggestions: flags -> Loadable')
    const earlier = { ...former, status: 'loading', failure }
    const now = suggestionsOf(after(withSuggestions(earlier)))
    expect(now).toEqual({ status: 'loading', requestId: 'react' })
    expect(suggestionsOf(before(withSuggestions(now)))).toEqual({ ...earlier, failure: null })
  })
})
