import { distinctUntilChanged, EMPTY, map, mergeMap, switchMap, timer } from 'rxjs'
import {
  BUNDLE_CLEANUP_DELAY_MS,
  BUNDLE_POLL_MS,
  isBuilding,
  RETENTION_STATUS_RETRIES,
  retentionDisabledBy,
} from '../../domain/supportBundles/progress'
import {
  Created,
  CreationFailed,
  Deleted,
  DeleteFailed,
  Downloaded,
  DownloadFailed,
  ListLoaded,
  ListLoadFailed,
  ListRequested,
  RetentionCheckFailed,
  RetentionResolved,
  MissionControlChecked,
  SessionFetched,
  SessionFetchFailed,
} from '../../domain/supportBundles/events'
import { left } from 'fp-ts/Either'
import type { Result } from '../../adapters/ports'
import type { SupportBundle } from '../../domain/supportBundles/types'
import { asked, type Effect, type EffectTable } from './types'
import { ofType, request } from './operators'

/** Loads the list on every request of it; a newer request supersedes an older one. */
const loadList: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType(
      'supportBundles/PageOpened',
      'supportBundles/ListRequested',
      'supportBundles/PlaceholdersCleared',
      'supportBundles/Deleted',
    ),
    switchMap((envelope) => {
      const { requestId } = envelope.event.data
      return request(envelope, () => ports.supportBundlesApi.list(), {
        done: (bundles) => ListLoaded({ requestId, bundles: [...bundles] }),
        failed: (failure) => ListLoadFailed({ requestId, failure }),
      })
    }),
  )

/** Each creation calls its service's path; creations run side by side (one counter per service). */
const create: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('supportBundles/CreationStarted'),
    mergeMap((envelope) => {
      const { requestId, request: bundle } = envelope.event.data
      const { session, ...rest } = bundle
      const { service } = bundle
      // The session's log was stashed by the form; it is taken once, here.
      const file = session ? ports.files.take(session.fileRef) : undefined
      const call = async (): Promise<Result<SupportBundle>> => {
        if (session && !file)
          return left({ kind: 'aborted', message: 'The session to attach is no longer in memory' })
        return ports.supportBundlesApi.create(rest, file ? await file.text() : undefined)
      }
      return request(envelope, call, {
        done: (created) => Created({ requestId, service, bundle: created }),
        failed: (failure) => CreationFailed({ requestId, service, failure }),
      })
    }),
  )

/**
 * The cleanup delay after a creation's answer, then the placeholders go and the list reloads
 * (the decider keeps them while another creation is under way). A creation started meanwhile
 * cancels the wait.
 */
const cleanUpPlaceholders: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('supportBundles/CreationStarted', 'supportBundles/Created', 'supportBundles/CreationFailed'),
    switchMap((envelope) =>
      envelope.event.type === 'supportBundles/CreationStarted'
        ? EMPTY
        : timer(BUNDLE_CLEANUP_DELAY_MS, ports.scheduler).pipe(
            map(() => asked(envelope, { type: 'supportBundles/ClearPlaceholders' })),
          ),
    ),
  )

/** While the page is open and a listed bundle is being built, reload the list every 3 s. */
const pollWhileBuilding: Effect = (_events$, state$, ports) =>
  state$.pipe(
    map((state) => {
      const s = state.supportBundles
      return s.open && s.list.status === 'loaded' && s.list.data.some(isBuilding)
    }),
    distinctUntilChanged(),
    switchMap((building) =>
      building
        ? timer(BUNDLE_POLL_MS, ports.scheduler).pipe(
            map(() => ListRequested({ requestId: ports.ids.next() })),
          )
        : EMPTY,
    ),
  )

/** A bundle's session is fetched into memory (never into an event) for the debug panel's replay. */
const openSession: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('supportBundles/SessionRequested'),
    switchMap((envelope) => {
      const { id } = envelope.event.data
      return request(envelope, () => ports.supportBundlesApi.session(id), {
        done: (log) => SessionFetched({ id, sessionRef: ports.shown.sessions.put(log) }),
        failed: (failure) => SessionFetchFailed({ id, failure }),
      })
    }),
  )

/** The replay ended: the session's log is let go (on sign-out too: the session area's effect). */
const closeSession: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('supportBundles/SessionClosed'),
    mergeMap(() => {
      ports.shown.sessions.clear()
      return EMPTY
    }),
  )

const remove: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('supportBundles/DeleteRequested'),
    mergeMap((envelope) => {
      const { id } = envelope.event.data
      return request(envelope, () => ports.supportBundlesApi.remove(id), {
        done: () => Deleted({ id, requestId: ports.ids.next() }),
        failed: (failure) => DeleteFailed({ id, failure }),
      })
    }),
  )

const download: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('supportBundles/DownloadRequested'),
    mergeMap((envelope) => {
      const { id } = envelope.event.data
      return request(envelope, () => ports.supportBundlesApi.download(id), {
        done: () => Downloaded({ id }),
        failed: (failure) => DownloadFailed({ id, failure }),
      })
    }),
  )

/**
 * Retention status (spec 001 sections 4 and 8): a 404 means disabled; another failure is
 * tried again, RETENTION_STATUS_RETRIES attempts in all, then the feature counts as disabled.
 */
const checkRetention: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('supportBundles/RetentionRequested'),
    switchMap((envelope) => {
      const { requestId } = envelope.event.data
      return request(envelope, () => ports.supportBundlesApi.retentionEnabled(), {
        done: (enabled) => RetentionResolved({ requestId, enabled }),
        failed: (failure) =>
          retentionDisabledBy(failure)
            ? RetentionResolved({ requestId, enabled: false })
            : RetentionCheckFailed({ requestId, failure }),
        attempts: RETENTION_STATUS_RETRIES,
        again: (failure) => !retentionDisabledBy(failure),
      })
    }),
  )

/** Mission Control's checks: a failure of either means it is not offered a bundle. */
const checkMissionControl: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('supportBundles/MissionControlCheckRequested'),
    switchMap((envelope) => {
      const { requestId } = envelope.event.data
      return request(envelope, () => ports.supportBundlesApi.missionControlAvailable(), {
        done: (available) => MissionControlChecked({ requestId, available }),
        failed: () => MissionControlChecked({ requestId, available: false }),
      })
    }),
  )

export const supportBundlesEffects: EffectTable = {
  checkMissionControl,
  loadList,
  create,
  cleanUpPlaceholders,
  pollWhileBuilding,
  remove,
  download,
  checkRetention,
  openSession,
  closeSession,
}
