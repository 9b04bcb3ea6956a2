import type { EventOf } from '../shared/events'

// One io-ts codec per event, declared with defineEvent; the union type derives from this list.
export const releaseBundlesEvents = [] as const

export type ReleaseBundlesEvent = EventOf<(typeof releaseBundlesEvents)[number]>
