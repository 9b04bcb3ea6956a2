import * as t from 'io-ts'
import { defineEvent, type EventOf } from '../shared/events'
import { Failure } from '../shared/failure'
import { XrayAnswer, XrayAsk, XrayChange } from './types'

const what = t.keyof({
  violations: null,
  policies: null,
  watches: null,
  ignoreRules: null,
  scans: null,
  component: null,
  trends: null,
  database: null,
  indexed: null,
  settings: null,
  notifications: null,
  reports: null,
  report: null,
  gitRepositories: null,
  gitFindings: null,
})

export const Requested = defineEvent('xray/Requested', t.type({ requestId: t.string, ask: XrayAsk }))
export const Loaded = defineEvent('xray/Loaded', t.type({ requestId: t.string, answer: XrayAnswer }))
export const LoadFailed = defineEvent(
  'xray/LoadFailed',
  t.type({ requestId: t.string, what, failure: Failure }),
)
export const ChangeRequested = defineEvent(
  'xray/ChangeRequested',
  t.type({ requestId: t.string, change: XrayChange }),
)
export const Changed = defineEvent(
  'xray/Changed',
  t.type({ requestId: t.string, kind: t.string, subject: t.string }),
)
export const ChangeFailed = defineEvent(
  'xray/ChangeFailed',
  t.type({ requestId: t.string, failure: Failure }),
)
/** The person closed the message of the last change. */
export const ChangeDismissed = defineEvent('xray/ChangeDismissed', t.type({}))

export const xrayEvents = [
  Requested,
  Loaded,
  LoadFailed,
  ChangeRequested,
  Changed,
  ChangeFailed,
  ChangeDismissed,
] as const
export type XrayEvent = EventOf<(typeof xrayEvents)[number]>
