import { left, right } from 'fp-ts/Either'
import type { EventMeta, SliceArea } from '../shared/area'
import type { EventOf } from '../shared/events'
import type { SignedOut, SessionState } from '../session'
import type { PlatformState } from '../platform'
import type { NotificationsCommand } from '../notifications'
import type { NavigationCommand, NavigationState } from '../navigation'
import type { SupportBundlesCommand } from './commands'
import {
  CreationStarted,
  DeleteRequested,
  DownloadRequested,
  ListRequested,
  PageClosed,
  PageOpened,
  PlaceholdersCleared,
  MissionControlChecked,
  MissionControlCheckRequested,
  RetentionRequested,
  RetentionResolved,
  SessionClosed,
  SessionRequested,
  supportBundlesEvents,
  type SupportBundlesEvent,
} from './events'
import { bundleRequestProblem } from './request'
import { creationsInProgress, shownBundles } from './progress'
import { awaits } from '../shared/loadable'
import { type SupportBundle, type SupportBundlesState } from './types'
import { initialSupportBundlesState } from './initial'
import { supportBundlesCommandCodecs } from './commandCodecs.gen'

/** A platform keeps few bundles; more than this are not kept in state. */
const MAX_BUNDLES = 1000

/** A new list request: the rows shown stay until its answer. */
const loading = (
  s: SupportBundlesState,
  requestId: string,
  rows: ReadonlyArray<SupportBundle> | undefined = shownBundles(s.list),
): SupportBundlesState => ({
  ...s,
  list:
    rows === undefined ? { status: 'loading', requestId } : { status: 'loading', requestId, previous: rows },
})

const counted = (counts: Readonly<Record<string, number>>, service: string, by: number) => ({
  ...counts,
  [service]: Math.max(0, (Object.hasOwn(counts, service) ? (counts[service] ?? 0) : 0) + by),
})

function withoutKey<V>(record: Readonly<Record<string, V>>, key: string): Readonly<Record<string, V>> {
  if (!Object.hasOwn(record, key)) return record
  const { [key]: _gone, ...rest } = record
  return rest
}

type Event = SupportBundlesEvent | EventOf<typeof SignedOut>

function evolve(s: SupportBundlesState, event: Event, meta: EventMeta): SupportBundlesState {
  switch (event.type) {
    case 'supportBundles/PageOpened':
      return { ...loading(s, event.data.requestId), open: true, actionFailure: null }
    case 'supportBundles/PageClosed':
      return { ...s, open: false }
    case 'supportBundles/ListRequested':
      return loading(s, event.data.requestId)
    case 'supportBundles/ListLoaded': {
      const { requestId, bundles } = event.data
      if (!awaits(s.list, requestId)) return s
      return { ...s, list: { status: 'loaded', requestId, data: bundles.slice(0, MAX_BUNDLES) } }
    }
    case 'supportBundles/ListLoadFailed': {
      const { requestId, failure } = event.data
      if (!awaits(s.list, requestId)) return s
      // A failed reload (a poll while a bundle is built, a retry) keeps the rows shown before.
      const { previous } = s.list
      return {
        ...s,
        list:
          previous === undefined
            ? { status: 'failed', requestId, failure }
            : { status: 'failed', requestId, failure, previous },
      }
    }
    case 'supportBundles/CreationStarted': {
      const { request, requestId, recordedAt } = event.data
      const placeholder = {
        id: `pending-${requestId}`,
        requestId,
        name: request.name,
        description: request.description,
        createdAt: recordedAt ?? meta.at,
        status: 'in progress',
        service: request.service,
        nodeId: null,
        size: null,
        error: null,
      }
      return {
        ...s,
        inProgress: counted(s.inProgress, request.service, 1),
        placeholders: [placeholder, ...s.placeholders].slice(0, MAX_BUNDLES),
        create: { status: 'submitting', requestId, failure: null },
      }
    }
    case 'supportBundles/Created':
      return {
        ...s,
        inProgress: counted(s.inProgress, event.data.service, -1),
        create:
          s.create.requestId === event.data.requestId
            ? { status: 'created', requestId: event.data.requestId, failure: null }
            : s.create,
      }
    case 'supportBundles/CreationFailed':
      // A failed creation's placeholder goes at once: it would otherwise show a bundle that will never exist.
      return {
        ...s,
        inProgress: counted(s.inProgress, event.data.service, -1),
        placeholders: s.placeholders.filter((p) => p.requestId !== event.data.requestId),
        create:
          s.create.requestId === event.data.requestId
            ? { status: 'failed', requestId: event.data.requestId, failure: event.data.failure }
            : s.create,
      }
    case 'supportBundles/PlaceholdersCleared':
      return { ...loading(s, event.data.requestId), placeholders: [] }
    case 'supportBundles/DeleteRequested':
      return { ...s, busy: { ...s.busy, [event.data.id]: 'deleting' }, actionFailure: null }
    case 'supportBundles/Deleted': {
      const rows = shownBundles(s.list)?.filter((b) => b.id !== event.data.id)
      return {
        ...loading(s, event.data.requestId, rows),
        busy: withoutKey(s.busy, event.data.id),
      }
    }
    case 'supportBundles/DownloadRequested':
      return { ...s, busy: { ...s.busy, [event.data.id]: 'downloading' }, actionFailure: null }
    case 'supportBundles/Downloaded':
      return { ...s, busy: withoutKey(s.busy, event.data.id) }
    case 'supportBundles/DeleteFailed':
    case 'supportBundles/DownloadFailed':
    case 'supportBundles/SessionFetchFailed':
      return {
        ...s,
        busy: withoutKey(s.busy, event.data.id),
        actionFailure: {
          id: event.data.id,
          op:
            event.type === 'supportBundles/DeleteFailed'
              ? 'delete'
              : event.type === 'supportBundles/DownloadFailed'
                ? 'download'
                : 'open',
          failure: event.data.failure,
        },
      }
    case 'supportBundles/SessionRequested':
      return { ...s, busy: { ...s.busy, [event.data.id]: 'opening' }, actionFailure: null }
    case 'supportBundles/SessionFetched': {
      const { id, sessionRef } = event.data
      const name = findBundle(s, id)?.name ?? id
      return { ...s, busy: withoutKey(s.busy, id), replay: { id, name, sessionRef } }
    }
    case 'supportBundles/SessionClosed':
      return { ...s, replay: null }
    case 'supportBundles/RetentionRequested':
      return { ...s, retention: { status: 'loading', requestId: event.data.requestId, failed: false } }
    case 'supportBundles/RetentionResolved':
      if (s.retention.status === 'loading' && s.retention.requestId !== event.data.requestId) return s
      return {
        ...s,
        retention: {
          status: event.data.enabled ? 'enabled' : 'disabled',
          requestId: event.data.requestId,
          failed: false,
        },
      }
    case 'supportBundles/RetentionCheckFailed':
      if (s.retention.requestId !== event.data.requestId) return s
      return { ...s, retention: { status: 'disabled', requestId: event.data.requestId, failed: true } }
    case 'supportBundles/MissionControlCheckRequested':
      return { ...s, missionControl: { status: 'checking', requestId: event.data.requestId } }
    case 'supportBundles/MissionControlChecked':
      if (s.missionControl?.status === 'checking' && s.missionControl.requestId !== event.data.requestId)
        return s
      return {
        ...s,
        missionControl: {
          status: event.data.available ? 'available' : 'unavailable',
          requestId: event.data.requestId,
        },
      }
    case 'session/SignedOut':
      return initialSupportBundlesState
    default:
      return s
  }
}

const findBundle = (s: SupportBundlesState, id: string): SupportBundle | undefined =>
  shownBundles(s.list)?.find((b) => b.id === id)

/** What the decisions read of the rest of the state. */
interface SupportBundlesContext {
  /** The platform lists Mission Control as running. */
  readonly missionControlRunning: boolean
  readonly admin: boolean
  readonly debugPanelOpen: boolean
}

export const supportBundlesArea: SliceArea<
  'supportBundles',
  SupportBundlesState,
  SupportBundlesCommand,
  Event,
  SupportBundlesContext,
  NotificationsCommand | NavigationCommand,
  {
    readonly platform: PlatformState
    readonly session: SessionState
    readonly navigation: NavigationState
  }
> = {
  key: 'supportBundles',
  commands: supportBundlesCommandCodecs,
  initialState: initialSupportBundlesState,
  events: supportBundlesEvents,
  contextOf: (state) => ({
    missionControlRunning: state.platform.microservices.some((m) => m.key === 'jfmc' && m.enabled),
    admin: state.session.user?.admin === true,
    debugPanelOpen: state.navigation.debugPanelOpen,
  }),
  decide: (command, s, context, meta) => {
    switch (command.type) {
      case 'supportBundles/Open':
        return right([PageOpened({ requestId: meta.id })])
      case 'supportBundles/Close':
        return right(s.open ? [PageClosed({})] : [])
      case 'supportBundles/Reload':
        return right([ListRequested({ requestId: meta.id })])
      case 'supportBundles/Create': {
        const problem = bundleRequestProblem(command.request)
        if (problem !== null) return left(`the request is not valid: ${problem}`)
        return right([CreationStarted({ requestId: meta.id, request: command.request })])
      }
      case 'supportBundles/Delete': {
        if (!findBundle(s, command.id)) return left('no such support bundle')
        if (Object.hasOwn(s.busy, command.id)) return left('this bundle is busy')
        return right([DeleteRequested({ id: command.id })])
      }
      case 'supportBundles/Download': {
        const bundle = findBundle(s, command.id)
        if (!bundle) return left('no such support bundle')
        if (bundle.status !== 'success') return left('only a finished bundle can be downloaded')
        if (Object.hasOwn(s.busy, command.id)) return left('this bundle is busy')
        return right([DownloadRequested({ id: command.id })])
      }
      case 'supportBundles/CheckMissionControl':
        // Only a Mission Control the platform lists as running is asked (spec 001 section 7).
        return right(
          context.missionControlRunning
            ? [MissionControlCheckRequested({ requestId: meta.id })]
            : [MissionControlChecked({ requestId: meta.id, available: false })],
        )
      case 'supportBundles/OpenSession': {
        const bundle = findBundle(s, command.id)
        if (!bundle) return left('no such support bundle')
        if (!bundle.sessionEvents) return left('this bundle carries no session')
        if (Object.hasOwn(s.busy, command.id)) return left('this bundle is busy')
        return right([SessionRequested({ id: command.id })])
      }
      case 'supportBundles/CloseSession':
        return right(s.replay ? [SessionClosed({})] : [])
      case 'supportBundles/ClearPlaceholders':
        // A creation started or still waiting for its answer keeps every placeholder shown.
        return creationsInProgress(s.inProgress) > 0
          ? left('a creation is still under way')
          : right([PlaceholdersCleared({ requestId: meta.id })])
      case 'supportBundles/CheckRetention':
        // A non-admin is treated as disabled, without a call (spec 001 section 4).
        return right(
          context.admin
            ? [RetentionRequested({ requestId: meta.id })]
            : [RetentionResolved({ requestId: meta.id, enabled: false })],
        )
    }
  },
  evolve,
  evolvesOn: ['session/SignedOut'],
  policies: (envelope, _slice, context) => {
    if (envelope.event.type === 'supportBundles/RetentionCheckFailed')
      return [
        {
          type: 'notifications/Show',
          kind: 'error',
          message: { key: 'retentionCheckFailed', detail: envelope.event.data.failure.message },
        },
      ]
    // A fetched session is shown in the debug panel's replay mode.
    if (envelope.event.type === 'supportBundles/SessionFetched' && !context.debugPanelOpen)
      return [{ type: 'navigation/ToggleDebugPanel' }]
    return []
  },
}
