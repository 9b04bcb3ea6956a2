import type { EventOf } from '../shared/events'

// One io-ts codec per event, declared with defineEvent; the union type derives from this list.
export const searchEvents = [] as const

export type SearchEvent = EventOf<(typeof searchEvents)[number]>
