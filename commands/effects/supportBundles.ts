import {
  catchError,
  defer,
  distinctUntilChanged,
  EMPTY,
  filter,
  from,
  map,
  mergeMap,
  of,
  retry,
  switchMap,
  throwError,
  timer,
} from 'rxjs'
import { isLeft, left } from 'fp-ts/Either'
import type { Result } from '../../adapters/ports'
import type { AppEvent } from '../../domain/app'
import type { Envelope } from '../../domain/shared/area'
import type { Failure } from '../../domain/shared/failure'
import {
  BUNDLE_CLEANUP_DELAY_MS,
  BUNDLE_POLL_MS,
  creationsInProgress,
  isBuilding,
  RETENTION_STATUS_RETRIES,
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
  PlaceholdersCleared,
  RetentionCheckFailed,
  RetentionResolved,
} from '../../domain/supportBundles/events'
import { caused, type Effect, type EffectTable } from './types'

const settle = <A>(call: () => Promise<Result<A>>): Promise<Result<A>> =>
  call().catch((error: unknown): Result<A> =>
    left({ kind: 'network', message: error instanceof Error ? error.message : String(error) }),
  )

const ofType =
  <T extends AppEvent['type']>(...types: T[]) =>
  (e: Envelope<AppEvent>): e is Envelope<Extract<AppEvent, { type: T }>> =>
    (types as string[]).includes(e.event.type)

/** Loads the list on every request of it; a newer request supersedes an older one. */
const loadList: Effect = (events$, _state$, ports) =>
  events$.pipe(
    filter(
      ofType(
        'supportBundles/PageOpened',
        'supportBundles/ListRequested',
        'supportBundles/PlaceholdersCleared',
        'supportBundles/Deleted',
      ),
    ),
    switchMap((envelope) => {
      const { requestId } = envelope.event.data
      return from(settle(() => ports.supportBundlesApi.list())).pipe(
        map((answer) =>
          caused(
            envelope,
            isLeft(answer)
              ? ListLoadFailed({ requestId, failure: answer.left })
              : ListLoaded({ requestId, bundles: [...answer.right] }),
          ),
        ),
      )
    }),
  )

/** Each creation calls its service's path; creations run side by side (one counter per service). */
const create: Effect = (events$, _state$, ports) =>
  events$.pipe(
    filter(ofType('supportBundles/CreationStarted')),
    mergeMap((envelope) => {
      const { requestId, request } = envelope.event.data
      return from(settle(() => ports.supportBundlesApi.create(request))).pipe(
        map((answer) =>
          caused(
            envelope,
            isLeft(answer)
              ? CreationFailed({ requestId, service: request.service, failure: answer.left })
              : Created({ requestId, service: request.service, bundle: answer.right }),
          ),
        ),
      )
    }),
  )

/**
 * When no service has a creation under way any more, wait the cleanup delay, then drop the
 * placeholders and reload the list. A creation started meanwhile cancels the wait.
 */
const cleanUpPlaceholders: Effect = (events$, state$, ports) =>
  events$.pipe(
    filter(
      ofType('supportBundles/CreationStarted', 'supportBundles/Created', 'supportBundles/CreationFailed'),
    ),
    switchMap((envelope) =>
      envelope.event.type === 'supportBundles/CreationStarted' ||
      creationsInProgress(state$.value.supportBundles.inProgress) > 0
        ? EMPTY
        : timer(BUNDLE_CLEANUP_DELAY_MS, ports.scheduler).pipe(
            map(() => caused(envelope, PlaceholdersCleared({ requestId: ports.ids.next() }))),
          ),
    ),
  )

/** While the page is open and a listed bundle is being built, reload the list every 3 s. */
const pollWhileBuilding: Effect = (_events$, state$, ports) =>
  state$.pipe(
    map((state) => {
      const s = state.supportBundles
      return s.open && s.list.status === 'loaded' && s.list.bundles.some(isBuilding)
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

const remove: Effect = (events$, _state$, ports) =>
  events$.pipe(
    filter(ofType('supportBundles/DeleteRequested')),
    mergeMap((envelope) => {
      const { id } = envelope.event.data
      return from(settle(() => ports.supportBundlesApi.remove(id))).pipe(
        map((answer) =>
          caused(
            envelope,
            isLeft(answer)
              ? DeleteFailed({ id, failure: answer.left })
              : Deleted({ id, requestId: ports.ids.next() }),
          ),
        ),
      )
    }),
  )

const download: Effect = (events$, _state$, ports) =>
  events$.pipe(
    filter(ofType('supportBundles/DownloadRequested')),
    mergeMap((envelope) => {
      const { id } = envelope.event.data
      return from(settle(() => ports.supportBundlesApi.download(id))).pipe(
        map((answer) =>
          caused(
            envelope,
            isLeft(answer) ? DownloadFailed({ id, failure: answer.left }) : Downloaded({ id }),
          ),
        ),
      )
    }),
  )

class RetentionFailure extends Error {
  constructor(readonly failure: Failure) {
    super(failure.message)
  }
}

/**
 * Retention status (spec 001 sections 4 and 8): a 404 means disabled; another failure is
 * tried again, RETENTION_STATUS_RETRIES attempts in all, then the feature counts as disabled.
 */
const checkRetention: Effect = (events$, _state$, ports) =>
  events$.pipe(
    filter(ofType('supportBundles/RetentionRequested')),
    switchMap((envelope) => {
      const { requestId } = envelope.event.data
      return defer(() => from(settle(() => ports.supportBundlesApi.retentionEnabled()))).pipe(
        mergeMap((answer) => {
          if (!isLeft(answer)) return of(RetentionResolved({ requestId, enabled: answer.right }))
          if (answer.left.kind === 'status' && answer.left.status === 404)
            return of(RetentionResolved({ requestId, enabled: false }))
          return throwError(() => new RetentionFailure(answer.left))
        }),
        retry({ count: RETENTION_STATUS_RETRIES - 1 }),
        map((event) => caused(envelope, event)),
        catchError((error: unknown) => {
          const failure: Failure =
            error instanceof RetentionFailure
              ? error.failure
              : { kind: 'network', message: error instanceof Error ? error.message : String(error) }
          return of(caused(envelope, RetentionCheckFailed({ requestId, failure })))
        }),
      )
    }),
  )

export const supportBundlesEffects: EffectTable = {
  loadList,
  create,
  cleanUpPlaceholders,
  pollWhileBuilding,
  remove,
  download,
  checkRetention,
}
