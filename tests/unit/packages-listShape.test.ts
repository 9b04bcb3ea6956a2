/**
 * The packages list is a tagged union (issue 19 item 4); earlier builds kept a status beside
 * flags, nullable fields and `totalCount: -1`. Their logs hashed that shape and their snapshots
 * hold it: domain/stateMoves.ts turns each state of the list into the earlier shape and back.
 */
import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { replayLog } from '../../domain/log'
import { stateHash } from '../../domain/shared/canonical'
import { STATE_MOVES } from '../../domain/stateMoves'
import { defaultPackageQuery, type ListState } from '../../domain/packages/types'
import { makePackage } from '../support/fakePackagesApi'

const move = STATE_MOVES.find((m) => m.name === 'packages list: flags -> tagged union')!
const withList = (list: unknown) => ({ packages: { pageLoading: false, packageCount: -1, list } })
const listOf = (state: Record<string, unknown>) => (state.packages as { list: unknown }).list

const query = { ...defaultPackageQuery, name: 'react*' }
const failure = { kind: 'network', message: 'down' } as const
const pages = { pages: [[makePackage('react')]], endCursor: 'c1', hasNextPage: true, totalCount: 2 }
// The list of nothing asked as earlier builds kept it (checked below): the others differ from it.
const flat = listOf(move.before(withList({ status: 'idle' }))) as Record<string, unknown>

// Each state of the list beside the shape an earlier build gave the same state.
const cases: ReadonlyArray<[string, ListState, Record<string, unknown>]> = [
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

  it.each(cases)(
    '%s: goes back to the earlier shape, and an earlier snapshot comes forward',
    (_, list, former) => {
      expect(listOf(move.before(withList(list)))).toEqual(former)
      expect(listOf(move.after(withList(former)))).toEqual(list)
    },
  )

  it('leaves a list already in its tagged shape as it is', () => {
    for (const [, list] of cases) {
      const state = withList(list)
      expect(move.after(state)).toBe(state)
    }
  })

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
    // A bounded log of then: a snapshot in the former shape, hashed as it was.
    const former = move.before(replayed.state as unknown as Record<string, unknown>)
    expect(listOf(former)).toHaveProperty('loadingMore', false)
    const bounded = [
      log.split('\n')[0],
      JSON.stringify({ kind: 'snapshot', seq: replayed.lastSeq, state: former }),
      JSON.stringify({ kind: 'trailer', lastSeq: replayed.lastSeq, stateHash: stateHash(former) }),
    ].join('\n')
    const lifted = replayLog(bounded)
    expect(lifted.errors).toEqual([])
    expect(lifted.state.packages.list).toEqual(replayed.state.packages.list)
    expect(lifted.hashMatches).toBe(true)
  })
})
