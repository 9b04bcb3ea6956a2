import * as t from 'io-ts'
import { defineEvent, movesRecordedTime, type EventOf } from '../shared/events'
import { notificationsCommandCodecs } from './commandCodecs.gen'
import type { ToastMessage } from './types'

const Kind = t.keyof({ error: null, success: null, info: null, warning: null })

// The message's codec is the Show command's, generated from types.ts: written once.
const Message = (
  notificationsCommandCodecs['notifications/Show'] as unknown as t.TypeC<{
    message: t.Type<ToastMessage, ToastMessage, unknown>
  }>
).props.message
const Recorded = t.type({ key: t.literal('recorded'), text: t.string })

type V1 = { message?: unknown; messageKey?: unknown; detail?: unknown }

/**
 * v1 held prose (`message`) or a `messageKey` with the platform's `detail`; v2 holds the message
 * key and its data. A v1 key keeps its key (with its detail where the key takes one); v1 prose
 * is kept as recorded text, the only place prose is left.
 */
export function upcastShownV1(data: unknown): unknown {
  const { message, messageKey, detail, ...rest } = data as V1 & Record<string, unknown>
  if (typeof messageKey === 'string')
    return {
      ...rest,
      message:
        messageKey === 'navigationTypeNotSaved' && typeof detail === 'string' && detail !== ''
          ? { key: messageKey, detail }
          : { key: messageKey },
    }
  return { ...rest, message: { key: 'recorded', text: typeof message === 'string' ? message : '' } }
}

/**
 * A toast: what it says as a message key and its data, worded by the view; it is shown at its
 * envelope's time. v2 carried that time as `at`, kept as `recordedAt` (see movesRecordedTime).
 */
export const Shown = defineEvent(
  'notifications/Shown',
  t.intersection([
    t.type({ id: t.string, kind: Kind, message: t.union([Message, Recorded]) }),
    t.partial({ recordedAt: t.string }),
  ]),
  { v: 3, upcasters: { 1: upcastShownV1, 2: movesRecordedTime('at', 'recordedAt') } },
)
export const Dismissed = defineEvent('notifications/Dismissed', t.type({ id: t.string }))

export const notificationsEvents = [Shown, Dismissed] as const

export type NotificationsEvent = EventOf<(typeof notificationsEvents)[number]>
