// Given events, when a command, then events: the builds list and a run's details (domain/builds).
import { appSlice } from '../../domain/app'
import { describe, expect, it } from 'vitest'
import { buildsArea } from '../../domain/builds/decider'
import * as B from '../../domain/builds/events'
import { durationText, summariesByName } from '../../domain/builds/rules'
import { foldEvents, spec, specMeta } from '../support/decider'

const run = (name: string, number: string, status = 'success') => ({
  name,
  number,
  status,
  started: '2026-01-01T00:00:00Z',
})
const detail = (name: string, number: string) => ({
  ...run(name, number),
  durationMillis: null,
  agent: null,
  modules: [],
})

describe('builds', () => {
  it('the list and a run are asked for with the command id', () => {
    spec(appSlice(buildsArea))
      .given()
      .when({ type: 'builds/LoadList' })
      .then(B.ListRequested({ requestId: specMeta.id }))
    spec(appSlice(buildsArea))
      .given()
      .when({ type: 'builds/OpenBuild', name: 'a', number: '1' })
      .then(B.DetailRequested({ requestId: specMeta.id, name: 'a', number: '1' }))
  })

  it('a run opened after another shows the later one, whatever order the answers come in', () => {
    const s = foldEvents([
      B.DetailRequested({ requestId: 'd1', name: 'a', number: '1' }),
      B.DetailRequested({ requestId: 'd2', name: 'a', number: '2' }),
      B.DetailLoaded({ requestId: 'd1', build: detail('a', '1') }),
    ])
    expect(s.builds.detail).toMatchObject({ status: 'loading', number: '2' })
    const shown = foldEvents([B.DetailLoaded({ requestId: 'd2', build: detail('a', '2') })], s)
    expect(shown.builds.detail).toMatchObject({ status: 'loaded', name: 'a', number: '2' })
  })

  it('the list keeps what it showed while it reloads', () => {
    const s = foldEvents([
      B.ListRequested({ requestId: 'l1' }),
      B.ListLoaded({ requestId: 'l1', builds: [run('a', '1')] }),
      B.ListRequested({ requestId: 'l2' }),
    ])
    expect(s.builds.list).toMatchObject({ status: 'loading', previous: [run('a', '1')] })
  })

  it('a failed list or run says why, still naming the run; an answer no longer awaited changes nothing', () => {
    const failure = { kind: 'status' as const, status: 500, message: 'boom' }
    const list = foldEvents([
      B.ListRequested({ requestId: 'l1' }),
      B.ListFailed({ requestId: 'l1', failure }),
    ])
    expect(list.builds.list).toEqual({ status: 'failed', failure })
    const late = foldEvents(
      [
        B.ListLoaded({ requestId: 'l1', builds: [run('a', '1')] }),
        B.ListFailed({ requestId: 'l0', failure }),
      ],
      list,
    )
    expect(late.builds.list).toEqual(list.builds.list)
    const loaded = foldEvents([
      B.ListRequested({ requestId: 'l2' }),
      B.ListLoaded({ requestId: 'l2', builds: [] }),
    ])
    expect(foldEvents([B.ListFailed({ requestId: 'l2', failure })], loaded).builds.list).toEqual({
      status: 'loaded',
      data: [],
    })
    const opened = foldEvents([B.DetailRequested({ requestId: 'd1', name: 'a', number: '7' })])
    expect(opened.builds.detail).toEqual({ status: 'loading', requestId: 'd1', name: 'a', number: '7' })
    const failed = foldEvents([B.DetailFailed({ requestId: 'd1', failure })], opened)
    expect(failed.builds.detail).toEqual({ status: 'failed', failure, name: 'a', number: '7' })
    expect(foldEvents([B.DetailFailed({ requestId: 'd0', failure })], opened).builds.detail).toEqual(
      opened.builds.detail,
    )
    const shown = foldEvents([B.DetailLoaded({ requestId: 'd1', build: detail('a', '7') })], opened)
    expect(shown.builds.detail).toEqual({ status: 'loaded', data: detail('a', '7'), name: 'a', number: '7' })
    expect(foldEvents([B.DetailFailed({ requestId: 'd1', failure })], shown).builds.detail).toEqual(
      shown.builds.detail,
    )
  })

  it('signing out forgets the list and the run shown', () => {
    const s = foldEvents([
      B.ListRequested({ requestId: 'l1' }),
      B.ListLoaded({ requestId: 'l1', builds: [run('a', '1')] }),
      B.DetailRequested({ requestId: 'd1', name: 'a', number: '1' }),
      { type: 'session/SignedOut', data: { reason: 'user' } } as never,
    ])
    expect(s.builds).toEqual(foldEvents([]).builds)
  })

  it('one row per build name with its newest run and its number of runs; durations in words', () => {
    expect(summariesByName([run('b', '9', 'failure'), run('a', '3'), run('b', '8')])).toEqual([
      { name: 'b', last: run('b', '9', 'failure'), runs: 2 },
      { name: 'a', last: run('a', '3'), runs: 1 },
    ])
    expect([durationText(4_400), durationText(95_000), durationText(3_725_000)]).toEqual([
      '4 s',
      '1 min 35 s',
      '1 h 2 min',
    ])
  })
})
