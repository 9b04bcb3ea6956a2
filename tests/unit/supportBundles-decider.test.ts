/**
 * Support bundles' decider (spec 001 section 9) as a specification: given the events that
 * happened, when a command arrives, then these events, a rejection with its reason, or nothing.
 */
import { describe, expect, it } from 'vitest'
import { shownBundles, supportBundlesArea } from '../../domain/supportBundles'
import { appSlice } from '../../domain/app'
import {
  CreationStarted,
  Created,
  DeleteRequested,
  DownloadRequested,
  Deleted,
  ListLoaded,
  ListLoadFailed,
  ListRequested,
  PageClosed,
  PageOpened,
  PlaceholdersCleared,
  RetentionRequested,
  RetentionResolved,
} from '../../domain/supportBundles/events'
import * as S from '../../domain/session/events'
import { foldEvents, spec, specMeta } from '../support/decider'
import { bundle } from '../support/fakeSupportBundlesApi'
import { user } from '../support/fixtures'

const request = {
  name: 'nightly-1.0',
  description: 'after the outage',
  service: 'artifactory',
  threadDumpCount: 2,
  threadDumpInterval: 1,
}
const listed = [
  PageOpened({ requestId: 'r1' }),
  ListLoaded({
    requestId: 'r1',
    bundles: [bundle({ id: 'done' }), bundle({ id: 'running', status: 'in progress' })],
  }),
]
const bundles = spec(appSlice(supportBundlesArea))

describe('the support bundles page', () => {
  it('opens with a list request named by the command id', () => {
    bundles
      .given()
      .when({ type: 'supportBundles/Open' })
      .then(PageOpened({ requestId: specMeta.id }))
  })

  it('closes only when open', () => {
    bundles
      .given(...listed)
      .when({ type: 'supportBundles/Close' })
      .then(PageClosed({}))
    bundles.given().when({ type: 'supportBundles/Close' }).nothing()
  })

  it('reloads on request', () => {
    bundles
      .given(...listed)
      .when({ type: 'supportBundles/Reload' })
      .then(ListRequested({ requestId: 'id-1' }))
  })
})

describe('creating a bundle', () => {
  it('starts a valid request; its placeholder is created at the time the start was recorded', () => {
    const when = bundles.given(...listed).when({ type: 'supportBundles/Create', request })
    when.then(CreationStarted({ requestId: 'id-1', request }))
    expect(when.after().supportBundles.placeholders.map((p) => p.createdAt)).toEqual([specMeta.now])
  })

  it('refuses a request the platform would refuse, naming the field', () => {
    const when = (over: Partial<typeof request>) =>
      bundles.given(...listed).when({ type: 'supportBundles/Create', request: { ...request, ...over } })
    when({ name: 'two words' }).rejected('not valid: name')
    when({ description: 'x'.repeat(1001) }).rejected('not valid: description')
    when({ service: 'nginx' }).rejected('not valid: service')
    when({ threadDumpCount: 11 }).rejected('not valid: thread dump count')
    when({ threadDumpInterval: 1.5 }).rejected('not valid: thread dump interval')
  })

  it('shows a placeholder in progress at once', () => {
    const after = bundles
      .given(...listed)
      .when({ type: 'supportBundles/Create', request })
      .after()
    expect(after.supportBundles.placeholders[0]).toMatchObject({ name: 'nightly-1.0', status: 'in progress' })
    expect(after.supportBundles.inProgress).toEqual({ artifactory: 1 })
  })
})

describe('the placeholders after the clean-up delay', () => {
  const started = (service: string, requestId: string) =>
    CreationStarted({ requestId, request: { ...request, service } })

  it('go once no creation is under way', () => {
    bundles
      .given(
        ...listed,
        started('artifactory', 'c1'),
        Created({ requestId: 'c1', service: 'artifactory', bundle: bundle() }),
      )
      .when({ type: 'supportBundles/ClearPlaceholders' })
      .then(PlaceholdersCleared({ requestId: 'id-1' }))
  })

  it('stay while another service’s creation is under way', () => {
    bundles
      .given(
        ...listed,
        started('artifactory', 'c1'),
        started('xray', 'c2'),
        Created({ requestId: 'c1', service: 'artifactory', bundle: bundle() }),
      )
      .when({ type: 'supportBundles/ClearPlaceholders' })
      .rejected('under way')
  })
})

describe('deleting and downloading', () => {
  it('deletes a listed bundle, once at a time', () => {
    bundles
      .given(...listed)
      .when({ type: 'supportBundles/Delete', id: 'done' })
      .then(DeleteRequested({ id: 'done' }))
    bundles
      .given(...listed, DeleteRequested({ id: 'done' }))
      .when({ type: 'supportBundles/Delete', id: 'done' })
      .rejected('busy')
    bundles
      .given(...listed)
      .when({ type: 'supportBundles/Delete', id: 'gone' })
      .rejected('no such support bundle')
  })

  it('downloads only a finished bundle that is not busy', () => {
    bundles
      .given(...listed)
      .when({ type: 'supportBundles/Download', id: 'done' })
      .then(DownloadRequested({ id: 'done' }))
    bundles
      .given(...listed)
      .when({ type: 'supportBundles/Download', id: 'running' })
      .rejected('finished bundle')
    bundles
      .given(...listed, DownloadRequested({ id: 'done' }))
      .when({ type: 'supportBundles/Download', id: 'done' })
      .rejected('busy')
    bundles
      .given(...listed)
      .when({ type: 'supportBundles/Download', id: 'gone' })
      .rejected('no such support bundle')
  })
})

describe('the bundle list (the shared Loadable)', () => {
  const rows = [bundle({ id: 'done' }), bundle({ id: 'running', status: 'in progress' })]
  const failure = { kind: 'network', message: 'down' } as const
  const listOf = (...events: Parameters<typeof foldEvents>[0]) => foldEvents(events).supportBundles.list

  it('loads, and a poll keeps the rows shown until its answer', () => {
    expect(listOf(PageOpened({ requestId: 'r1' }))).toEqual({ status: 'loading', requestId: 'r1' })
    expect(listOf(...listed)).toEqual({ status: 'loaded', requestId: 'r1', data: rows })
    expect(listOf(...listed, ListRequested({ requestId: 'r2' }))).toEqual({
      status: 'loading',
      requestId: 'r2',
      previous: rows,
    })
  })

  it('a failed poll shows its failure and keeps the rows loaded before', () => {
    const failed = [
      ...listed,
      ListRequested({ requestId: 'r2' }),
      ListLoadFailed({ requestId: 'r2', failure }),
    ]
    expect(listOf(...failed)).toEqual({ status: 'failed', requestId: 'r2', failure, previous: rows })
    expect(shownBundles(listOf(...failed))).toEqual(rows)
    // Retry keeps them too, and its answer replaces them.
    const retried = [...failed, ListRequested({ requestId: 'r3' })]
    expect(listOf(...retried)).toEqual({ status: 'loading', requestId: 'r3', previous: rows })
    expect(listOf(...retried, ListLoaded({ requestId: 'r3', bundles: [] }))).toEqual({
      status: 'loaded',
      requestId: 'r3',
      data: [],
    })
  })

  it('a failed first load has no rows to show', () => {
    const failed = listOf(PageOpened({ requestId: 'r1' }), ListLoadFailed({ requestId: 'r1', failure }))
    expect(failed).toEqual({ status: 'failed', requestId: 'r1', failure })
    expect(shownBundles(failed)).toBeUndefined()
  })

  it('counts only the latest request’s answer', () => {
    const superseded = [...listed, ListRequested({ requestId: 'r2' }), ListRequested({ requestId: 'r3' })]
    expect(listOf(...superseded, ListLoadFailed({ requestId: 'r2', failure }))).toEqual(listOf(...superseded))
    expect(listOf(...superseded, ListLoaded({ requestId: 'r2', bundles: [] }))).toEqual(listOf(...superseded))
    // An answer once answered is not answered again.
    expect(listOf(...listed, ListLoadFailed({ requestId: 'r1', failure }))).toEqual(listOf(...listed))
  })

  it('a deleted bundle leaves the rows shown while the list reloads', () => {
    expect(listOf(...listed, Deleted({ id: 'done', requestId: 'r2' }))).toEqual({
      status: 'loading',
      requestId: 'r2',
      previous: [rows[1]],
    })
  })
})

describe('the retention check', () => {
  it('asks the platform for an admin', () => {
    bundles
      .given(S.UserDataLoaded({ user: user({ admin: true }) }))
      .when({ type: 'supportBundles/CheckRetention' })
      .then(RetentionRequested({ requestId: 'id-1' }))
  })

  it('is disabled without a call for anyone else', () => {
    bundles
      .given(S.UserDataLoaded({ user: user({ admin: false }) }))
      .when({ type: 'supportBundles/CheckRetention' })
      .then(RetentionResolved({ requestId: 'id-1', enabled: false }))
  })
})
