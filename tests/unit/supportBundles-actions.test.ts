/**
 * Support bundles (spec 001 sections 4, 7 and 9): what a row's actions leave shown when they
 * fail, a creation's outcome on the form, the bundle's session opened in the debug panel's
 * replay, the Mission Control check, the retention check's answers, and a sign-out.
 */
import { describe, expect, it } from 'vitest'
import { appSlice, type AppEvent, type AppState } from '../../domain/app'
import { supportBundlesArea } from '../../domain/supportBundles'
import * as E from '../../domain/supportBundles/events'
import { InitialDataLoaded } from '../../domain/platform/events'
import { DebugPanelToggled } from '../../domain/navigation/events'
import { SignedOut } from '../../domain/session/events'
import type { Envelope } from '../../domain/shared/area'
import { foldEvents, spec } from '../support/decider'
import { bundle } from '../support/fakeSupportBundlesApi'
import { footer, signedIn } from '../support/fixtures'

const bundles = spec(appSlice(supportBundlesArea))
const failure = { kind: 'status' as const, status: 500, message: 'disk full' }
const withSession = bundle({ id: 'b-s', name: 'with session', sessionEvents: 12 })
const listed = [
  E.PageOpened({ requestId: 'r1' }),
  E.ListLoaded({
    requestId: 'r1',
    bundles: [bundle({ id: 'done' }), bundle({ id: 'running', status: 'in progress' }), withSession],
  }),
]
const request = { name: 'n', description: '', service: 'xray', threadDumpCount: 1, threadDumpInterval: 0 }
const slice = (events: ReadonlyArray<AppEvent>) => foldEvents(events).supportBundles
const policiesOf = (event: AppEvent, state: AppState) => {
  const envelope: Envelope<AppEvent> = { seq: 1, at: 'x', source: 'effect', corr: 'c', event }
  return appSlice(supportBundlesArea).policies?.(envelope, state) ?? []
}
const missionControl = (enabled: boolean) =>
  InitialDataLoaded({
    version: { version: '7', revision: '7' },
    microservices: [{ name: 'mission control', key: 'jfmc', enabled }],
    footer: footer(),
    entitlements: [],
  })

describe("a row's actions", () => {
  it('a failed delete, download or session fetch frees the row and says which and why', () => {
    const cases = [
      [E.DeleteRequested({ id: 'done' }), E.DeleteFailed({ id: 'done', failure }), 'delete'],
      [E.DownloadRequested({ id: 'done' }), E.DownloadFailed({ id: 'done', failure }), 'download'],
      [E.SessionRequested({ id: 'done' }), E.SessionFetchFailed({ id: 'done', failure }), 'open'],
    ] as const
    for (const [asked, failed, op] of cases) {
      expect(slice([...listed, asked]).busy).toEqual({
        done: op === 'delete' ? 'deleting' : op === 'download' ? 'downloading' : 'opening',
      })
      const s = slice([...listed, asked, failed])
      expect(s.busy).toEqual({})
      expect(s.actionFailure).toEqual({ id: 'done', op, failure })
      // The next action clears the failure shown.
      expect(slice([...listed, asked, failed, E.DownloadRequested({ id: 'done' })]).actionFailure).toBeNull()
      expect(slice([...listed, asked, failed, E.DeleteRequested({ id: 'done' })]).actionFailure).toBeNull()
      expect(slice([...listed, asked, failed, E.SessionRequested({ id: 'b-s' })]).actionFailure).toBeNull()
      // Opening the page again clears it too.
      expect(slice([...listed, asked, failed, E.PageOpened({ requestId: 'r2' })]).actionFailure).toBeNull()
    }
  })

  it('a finished download frees only its own row', () => {
    const s = slice([
      ...listed,
      E.DownloadRequested({ id: 'done' }),
      E.DeleteRequested({ id: 'b-s' }),
      E.Downloaded({ id: 'done' }),
    ])
    expect(s.busy).toEqual({ 'b-s': 'deleting' })
    // A download of a row not busy changes nothing about the others.
    expect(slice([...listed, E.DeleteRequested({ id: 'b-s' }), E.Downloaded({ id: 'done' })]).busy).toEqual({
      'b-s': 'deleting',
    })
  })

  it('a deleted bundle leaves the list and frees its row', () => {
    const s = slice([
      ...listed,
      E.DeleteRequested({ id: 'done' }),
      E.Deleted({ id: 'done', requestId: 'r2' }),
    ])
    expect(s.busy).toEqual({})
    expect(s.list).toEqual({
      status: 'loading',
      requestId: 'r2',
      previous: [bundle({ id: 'running', status: 'in progress' }), withSession],
    })
  })

  it('refuses an action on a bundle not listed, or busy', () => {
    bundles
      .given(...listed)
      .when({ type: 'supportBundles/Delete', id: 'nope' })
      .rejected(/no such/)
    bundles
      .given(...listed)
      .when({ type: 'supportBundles/Download', id: 'nope' })
      .rejected(/no such/)
    bundles
      .given(...listed, E.DeleteRequested({ id: 'done' }))
      .when({ type: 'supportBundles/Download', id: 'done' })
      .rejected(/busy/)
    bundles
      .given(...listed, E.DownloadRequested({ id: 'done' }))
      .when({ type: 'supportBundles/Delete', id: 'done' })
      .rejected(/busy/)
  })
})

describe("a creation's outcome on the form", () => {
  it('created, or failed with its reason; an outcome of an older creation leaves the latest alone', () => {
    const started = [E.CreationStarted({ requestId: 'c1', request })]
    const created = E.Created({ requestId: 'c1', service: 'xray', bundle: bundle() })
    expect(slice([...started, created]).create).toEqual({ status: 'created', requestId: 'c1', failure: null })
    expect(slice([...started, created]).inProgress).toEqual({ xray: 0 })
    const failed = E.CreationFailed({ requestId: 'c1', service: 'xray', failure })
    expect(slice([...started, failed]).create).toEqual({ status: 'failed', requestId: 'c1', failure })
    expect(slice([...started, failed]).placeholders).toEqual([])
    const later = [...started, E.CreationStarted({ requestId: 'c2', request })]
    const submitting = { status: 'submitting', requestId: 'c2', failure: null }
    expect(slice([...later, created]).create).toEqual(submitting)
    const older = slice([...later, failed])
    expect(older.create).toEqual(submitting)
    // Only the failed creation's placeholder goes.
    expect(older.placeholders.map((p) => p.requestId)).toEqual(['c2'])
    expect(older.inProgress).toEqual({ xray: 1 })
  })

  it('counts calls per service and never below none', () => {
    const s = slice([
      E.CreationStarted({ requestId: 'c1', request }),
      E.CreationStarted({ requestId: 'c2', request: { ...request, service: 'artifactory' } }),
      E.Created({ requestId: 'c1', service: 'xray', bundle: bundle() }),
      E.Created({ requestId: 'c9', service: 'xray', bundle: bundle() }),
    ])
    expect(s.inProgress).toEqual({ xray: 0, artifactory: 1 })
    // A service never asked counts from none.
    expect(slice([E.Created({ requestId: 'c9', service: 'toString', bundle: bundle() })]).inProgress).toEqual(
      {
        toString: 0,
      },
    )
  })

  it('clearing the placeholders reloads the list and keeps the rows shown', () => {
    const s = slice([
      ...listed,
      E.CreationStarted({ requestId: 'c1', request }),
      E.PlaceholdersCleared({ requestId: 'r2' }),
    ])
    expect(s.placeholders).toEqual([])
    expect(s.list.status).toBe('loading')
    expect(s.list.status === 'loading' && s.list.previous).toHaveLength(3)
  })

  it('a closed page is not polled', () => {
    expect(slice([...listed, E.PageClosed({})]).open).toBe(false)
    expect(slice(listed).open).toBe(true)
  })
})

describe("a bundle's session, replayed in the debug panel", () => {
  it('opens only a listed bundle that carries a session and is not busy', () => {
    bundles
      .given(...listed)
      .when({ type: 'supportBundles/OpenSession', id: 'b-s' })
      .then(E.SessionRequested({ id: 'b-s' }))
    bundles
      .given(...listed)
      .when({ type: 'supportBundles/OpenSession', id: 'nope' })
      .rejected(/no such/)
    bundles
      .given(...listed)
      .when({ type: 'supportBundles/OpenSession', id: 'done' })
      .rejected(/no session/)
    bundles
      .given(...listed, E.SessionRequested({ id: 'b-s' }))
      .when({ type: 'supportBundles/OpenSession', id: 'b-s' })
      .rejected(/busy/)
  })

  it('the fetched session is replayed under the bundle’s name, and closes', () => {
    const fetched = [
      ...listed,
      E.SessionRequested({ id: 'b-s' }),
      E.SessionFetched({ id: 'b-s', sessionRef: 'ref-1' }),
    ]
    const s = slice(fetched)
    expect(s.replay).toEqual({ id: 'b-s', name: 'with session', sessionRef: 'ref-1' })
    expect(s.busy).toEqual({})
    // A bundle no longer listed is named by its id.
    expect(slice([E.SessionFetched({ id: 'gone', sessionRef: 'ref-2' })]).replay).toEqual({
      id: 'gone',
      name: 'gone',
      sessionRef: 'ref-2',
    })
    bundles
      .given(...fetched)
      .when({ type: 'supportBundles/CloseSession' })
      .then(E.SessionClosed({}))
    bundles
      .given(...listed)
      .when({ type: 'supportBundles/CloseSession' })
      .nothing()
    expect(slice([...fetched, E.SessionClosed({})]).replay).toBeNull()
  })

  it('opens the debug panel for it, unless it is open', () => {
    const fetched = E.SessionFetched({ id: 'b-s', sessionRef: 'ref-1' })
    expect(policiesOf(fetched, foldEvents(listed))).toEqual([{ type: 'navigation/ToggleDebugPanel' }])
    expect(policiesOf(fetched, foldEvents([...listed, DebugPanelToggled({ open: true })]))).toEqual([])
  })
})

describe('the Mission Control check', () => {
  it('asks only a Mission Control the platform lists as running; else it is unavailable at once', () => {
    bundles
      .given(missionControl(true))
      .when({ type: 'supportBundles/CheckMissionControl' })
      .then(E.MissionControlCheckRequested({ requestId: 'id-1' }))
    for (const given of [[], [missionControl(false)]])
      bundles
        .given(...given)
        .when({ type: 'supportBundles/CheckMissionControl' })
        .then(E.MissionControlChecked({ requestId: 'id-1', available: false }))
  })

  it('shows the answer to the latest check only', () => {
    const asked = [E.MissionControlCheckRequested({ requestId: 'm1' })]
    expect(slice(asked).missionControl).toEqual({ status: 'checking', requestId: 'm1' })
    expect(
      slice([...asked, E.MissionControlChecked({ requestId: 'm1', available: true })]).missionControl,
    ).toEqual({
      status: 'available',
      requestId: 'm1',
    })
    expect(
      slice([...asked, E.MissionControlChecked({ requestId: 'm1', available: false })]).missionControl,
    ).toEqual({
      status: 'unavailable',
      requestId: 'm1',
    })
    expect(
      slice([...asked, E.MissionControlChecked({ requestId: 'm0', available: true })]).missionControl,
    ).toEqual({
      status: 'checking',
      requestId: 'm1',
    })
    // Once answered, a later answer (the check without a call) is shown.
    expect(
      slice([
        ...asked,
        E.MissionControlChecked({ requestId: 'm1', available: true }),
        E.MissionControlChecked({ requestId: 'm2', available: false }),
      ]).missionControl?.status,
    ).toBe('unavailable')
  })
})

describe('the retention check', () => {
  it('shows the latest answer; an older one is ignored while it is asked', () => {
    const asked = [E.RetentionRequested({ requestId: 'k1' })]
    expect(slice(asked).retention).toEqual({ status: 'loading', requestId: 'k1', failed: false })
    expect(slice([...asked, E.RetentionResolved({ requestId: 'k1', enabled: true })]).retention).toEqual({
      status: 'enabled',
      requestId: 'k1',
      failed: false,
    })
    expect(slice([...asked, E.RetentionResolved({ requestId: 'k0', enabled: true })]).retention.status).toBe(
      'loading',
    )
    expect(slice([...asked, E.RetentionResolved({ requestId: 'k1', enabled: false })]).retention.status).toBe(
      'disabled',
    )
  })

  it('a failed check is disabled, says it failed, and notifies with the reason', () => {
    const asked = [E.RetentionRequested({ requestId: 'k1' })]
    const failed = E.RetentionCheckFailed({ requestId: 'k1', failure })
    expect(slice([...asked, failed]).retention).toEqual({ status: 'disabled', requestId: 'k1', failed: true })
    expect(slice([...asked, E.RetentionCheckFailed({ requestId: 'k0', failure })]).retention.status).toBe(
      'loading',
    )
    expect(policiesOf(failed, foldEvents(asked))).toEqual([
      {
        type: 'notifications/Show',
        kind: 'error',
        message: { key: 'retentionCheckFailed', detail: 'disk full' },
      },
    ])
    expect(policiesOf(E.RetentionResolved({ requestId: 'k1', enabled: true }), foldEvents(asked))).toEqual([])
  })

  it('an admin is asked', () => {
    bundles
      .given(signedIn('root', true))
      .when({ type: 'supportBundles/CheckRetention' })
      .then(E.RetentionRequested({ requestId: 'id-1' }))
  })
})

describe('a sign-out', () => {
  it('forgets the list, the actions and the checks', () => {
    const s = slice([
      ...listed,
      E.DeleteRequested({ id: 'done' }),
      E.RetentionRequested({ requestId: 'k1' }),
      E.CreationStarted({ requestId: 'c1', request }),
      SignedOut({ reason: 'logout' }),
    ])
    expect(s).toEqual(foldEvents([]).supportBundles)
  })
})
