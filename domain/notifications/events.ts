import type { EventOf } from '../shared/events'

// One io-ts codec per event, declared with defineEvent; the union type derives from this list.
export const notificationsEvents = [] as const

export type NotificationsEvent = EventOf<(typeof notificationsEvents)[number]>
