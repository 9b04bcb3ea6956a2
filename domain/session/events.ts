import type { EventOf } from '../shared/events'

// One io-ts codec per event, declared with defineEvent; the union type derives from this list.
export const sessionEvents = [] as const

export type SessionEvent = EventOf<(typeof sessionEvents)[number]>
