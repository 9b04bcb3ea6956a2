import type { EventOf } from '../shared/events'

// One io-ts codec per event, declared with defineEvent; the union type derives from this list.
export const navigationEvents = [] as const

export type NavigationEvent = EventOf<(typeof navigationEvents)[number]>
