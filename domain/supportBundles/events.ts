import * as t from 'io-ts'
import { defineEvent, movesRecordedTime, type EventOf } from '../shared/events'
import { Failure } from '../shared/failure'

const BundleC = t.type({
  id: t.string,
  name: t.string,
  description: t.string,
  createdAt: t.string,
  status: t.string,
  service: t.string,
  nodeId: t.union([t.string, t.null]),
  size: t.union([t.number, t.null]),
  error: t.union([t.string, t.null]),
})
// A bundle listed before sessions could be attached has no count.
export const SupportBundleC = t.intersection([BundleC, t.partial({ sessionEvents: t.number })])

const BundleRequestC = t.intersection([
  t.type({
    name: t.string,
    description: t.string,
    service: t.string,
    threadDumpCount: t.number,
    threadDumpInterval: t.number,
  }),
  // The session's log is in the file stash; the event names it, never holds it.
  t.partial({ session: t.type({ fileRef: t.string, events: t.number }) }),
])

const Id = t.type({ id: t.string })

export const PageOpened = defineEvent('supportBundles/PageOpened', t.type({ requestId: t.string }))
export const PageClosed = defineEvent('supportBundles/PageClosed', t.type({}))
export const ListRequested = defineEvent('supportBundles/ListRequested', t.type({ requestId: t.string }))
export const ListLoaded = defineEvent(
  'supportBundles/ListLoaded',
  t.type({ requestId: t.string, bundles: t.array(SupportBundleC) }),
)
export const ListLoadFailed = defineEvent(
  'supportBundles/ListLoadFailed',
  t.type({ requestId: t.string, failure: Failure }),
)
/** A creation starts: its service's counter goes up and a placeholder row shows at once. */
export const CreationStarted = defineEvent(
  'supportBundles/CreationStarted',
  // Started at its envelope's time; v1 carried that time as `at`, kept as `recordedAt` (movesRecordedTime).
  t.intersection([
    t.type({ requestId: t.string, request: BundleRequestC }),
    t.partial({ recordedAt: t.string }),
  ]),
  { v: 2, upcasters: { 1: movesRecordedTime('at', 'recordedAt') } },
)
export const Created = defineEvent(
  'supportBundles/Created',
  t.type({ requestId: t.string, service: t.string, bundle: SupportBundleC }),
)
export const CreationFailed = defineEvent(
  'supportBundles/CreationFailed',
  t.type({ requestId: t.string, service: t.string, failure: Failure }),
)
/** No creation is under way any more and the delay passed: placeholders go, the list reloads. */
export const PlaceholdersCleared = defineEvent(
  'supportBundles/PlaceholdersCleared',
  t.type({ requestId: t.string }),
)
export const DeleteRequested = defineEvent('supportBundles/DeleteRequested', Id)
/** Deleting reloads the list (`requestId` is that reload). */
export const Deleted = defineEvent('supportBundles/Deleted', t.type({ id: t.string, requestId: t.string }))
export const DeleteFailed = defineEvent(
  'supportBundles/DeleteFailed',
  t.type({ id: t.string, failure: Failure }),
)
export const DownloadRequested = defineEvent('supportBundles/DownloadRequested', Id)
export const Downloaded = defineEvent('supportBundles/Downloaded', Id)
export const DownloadFailed = defineEvent(
  'supportBundles/DownloadFailed',
  t.type({ id: t.string, failure: Failure }),
)
export const RetentionRequested = defineEvent(
  'supportBundles/RetentionRequested',
  t.type({ requestId: t.string }),
)
export const RetentionResolved = defineEvent(
  'supportBundles/RetentionResolved',
  t.type({ requestId: t.string, enabled: t.boolean }),
)
/** Every attempt failed: the feature is treated as disabled and the user is told. */
export const RetentionCheckFailed = defineEvent(
  'supportBundles/RetentionCheckFailed',
  t.type({ requestId: t.string, failure: Failure }),
)

/** Mission Control is asked whether it is enabled and alive before it is offered a bundle. */
export const MissionControlCheckRequested = defineEvent(
  'supportBundles/MissionControlCheckRequested',
  t.type({ requestId: t.string }),
)
/** Whether Mission Control answered both checks (a failed check counts as not available). */
export const MissionControlChecked = defineEvent(
  'supportBundles/MissionControlChecked',
  t.type({ requestId: t.string, available: t.boolean }),
)

/** The session a bundle carries is fetched, to be replayed in the debug panel. */
export const SessionRequested = defineEvent('supportBundles/SessionRequested', t.type({ id: t.string }))
/** The session's log is in memory (`sessionRef`), never in an event: the replay shows it. */
export const SessionFetched = defineEvent(
  'supportBundles/SessionFetched',
  t.type({ id: t.string, sessionRef: t.string }),
)
export const SessionFetchFailed = defineEvent(
  'supportBundles/SessionFetchFailed',
  t.type({ id: t.string, failure: Failure }),
)
/** The replay of a bundle's session ended (the user went back to the live session). */
export const SessionClosed = defineEvent('supportBundles/SessionClosed', t.type({}))

export const supportBundlesEvents = [
  PageOpened,
  PageClosed,
  ListRequested,
  ListLoaded,
  ListLoadFailed,
  CreationStarted,
  Created,
  CreationFailed,
  PlaceholdersCleared,
  DeleteRequested,
  Deleted,
  DeleteFailed,
  DownloadRequested,
  Downloaded,
  DownloadFailed,
  RetentionRequested,
  RetentionResolved,
  RetentionCheckFailed,
  MissionControlCheckRequested,
  MissionControlChecked,
  SessionRequested,
  SessionFetched,
  SessionFetchFailed,
  SessionClosed,
] as const

export type SupportBundlesEvent = EventOf<(typeof supportBundlesEvents)[number]>
