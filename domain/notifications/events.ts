import * as t from 'io-ts'
import { defineEvent, type EventOf } from '../shared/events'

const Kind = t.keyof({ error: null, success: null, info: null, warning: null })

export const Shown = defineEvent(
  'notifications/Shown',
  t.type({ id: t.string, kind: Kind, message: t.string, at: t.string }),
)
export const Dismissed = defineEvent('notifications/Dismissed', t.type({ id: t.string }))

export const notificationsEvents = [Shown, Dismissed] as const

export type NotificationsEvent = EventOf<(typeof notificationsEvents)[number]>
