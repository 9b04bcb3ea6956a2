import * as t from 'io-ts'
import { defineEvent, type EventOf } from '../shared/events'

const Kind = t.keyof({ error: null, success: null, info: null, warning: null })

/**
 * A toast: `message` given by the caller, or (when `messageKey` is there) worded by the view,
 * with `detail` (the platform's reason) where the key takes one.
 */
export const Shown = defineEvent(
  'notifications/Shown',
  t.intersection([
    t.type({ id: t.string, kind: Kind, message: t.string, at: t.string }),
    t.partial({
      messageKey: t.keyof({ notAuthorized: null, contactRequestSent: null, navigationTypeNotSaved: null }),
      detail: t.string,
    }),
  ]),
)
export const Dismissed = defineEvent('notifications/Dismissed', t.type({ id: t.string }))

export const notificationsEvents = [Shown, Dismissed] as const

export type NotificationsEvent = EventOf<(typeof notificationsEvents)[number]>
