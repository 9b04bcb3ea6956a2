import type { EventOf } from '../shared/events'

// One io-ts codec per event, declared with defineEvent; the union type derives from this list.
export const packagesEvents = [] as const

export type PackagesEvent = EventOf<(typeof packagesEvents)[number]>
