import type { EventOf } from '../shared/events'

// One io-ts codec per event, declared with defineEvent; the union type derives from this list.
export const adminEvents = [] as const

export type AdminEvent = EventOf<(typeof adminEvents)[number]>
