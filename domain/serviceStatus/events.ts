import type { EventOf } from '../shared/events'

// One io-ts codec per event, declared with defineEvent; the union type derives from this list.
export const serviceStatusEvents = [] as const

export type ServiceStatusEvent = EventOf<(typeof serviceStatusEvents)[number]>
