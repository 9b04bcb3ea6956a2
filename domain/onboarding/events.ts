import type { EventOf } from '../shared/events'

// One io-ts codec per event, declared with defineEvent; the union type derives from this list.
export const onboardingEvents = [] as const

export type OnboardingEvent = EventOf<(typeof onboardingEvents)[number]>
