import type { EventOf } from '../shared/events'

// One io-ts codec per event, declared with defineEvent; the union type derives from this list.
export const platformEvents = [] as const

export type PlatformEvent = EventOf<(typeof platformEvents)[number]>
