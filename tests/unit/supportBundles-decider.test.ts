/**
 * Support bundles' decider (spec 001 section 9) as a specification: given the events that
 * happened, when a command arrives, then these events, a rejection with its reason, or nothing.
 */
import { describe, expect, it } from 'vitest'
import { supportBundlesArea } from '../../domain/supportBundles'
import {
  CreationStarted,
  DeleteRequested,
  DownloadRequested,
  ListLoaded,
  ListRequested,
  PageClosed,
  PageOpened,
  RetentionRequested,
  RetentionResolved,
} from '../../domain/supportBundles/events'
import * as S from '../../domain/session/events'
import { spec, specMeta } from '../support/decider'
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
const bundles = spec(supportBundlesArea)

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
