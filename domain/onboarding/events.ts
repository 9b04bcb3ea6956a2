import * as t from 'io-ts'
import { defineEvent, type EventOf } from '../shared/events'

/** Setting up a client relaunched the guided flow of its package type (instead of set-me-up). */
export const ClientFlowRelaunched = defineEvent(
  'onboarding/ClientFlowRelaunched',
  t.type({ packageType: t.string, repo: t.string }),
)
export const ClientFlowStepShown = defineEvent('onboarding/ClientFlowStepShown', t.type({ step: t.number }))
export const ClientFlowClosed = defineEvent('onboarding/ClientFlowClosed', t.type({ finished: t.boolean }))

export const onboardingEvents = [ClientFlowRelaunched, ClientFlowStepShown, ClientFlowClosed] as const

export type OnboardingEvent = EventOf<(typeof onboardingEvents)[number]>
