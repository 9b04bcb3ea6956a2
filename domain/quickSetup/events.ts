import * as t from 'io-ts'
import { defineEvent, type EventOf } from '../shared/events'

// Quick setup (spec 000 section 4): the wizard opened and closed, and the guided client flow it
// relaunches. The navigation area had the wizard first, then the onboarding area had both, until
// quick setup became an area of its own: logs written then name these events `navigation/…` or
// `onboarding/…` (`formerly`), with the same data.

/** Quick setup opened: as the /quick-setup route or as the overlay wizard. */
export const QuickSetupOpened = defineEvent('quickSetup/Opened', t.type({ asRoute: t.boolean }), {
  formerly: ['onboarding/QuickSetupOpened', 'navigation/QuickSetupOpened'],
})
export const QuickSetupClosed = defineEvent('quickSetup/Closed', t.type({}), {
  formerly: ['onboarding/QuickSetupClosed', 'navigation/QuickSetupClosed'],
})
/** Setting up a client relaunched the guided flow of its package type (instead of set-me-up). */
export const ClientFlowRelaunched = defineEvent(
  'quickSetup/ClientFlowRelaunched',
  t.type({ packageType: t.string, repo: t.string }),
  { formerly: ['onboarding/ClientFlowRelaunched'] },
)
/**
 * Setting up a client chose set-me-up (the type has no guided flow): a policy asks the set-me-up
 * area to show it, so that area decides its own event, loaded first where it is deferred.
 */
export const SetMeUpChosen = defineEvent(
  'quickSetup/SetMeUpChosen',
  t.type({ packageType: t.string, availableRepos: t.array(t.string) }),
)
export const ClientFlowStepShown = defineEvent('quickSetup/ClientFlowStepShown', t.type({ step: t.number }), {
  formerly: ['onboarding/ClientFlowStepShown'],
})
export const ClientFlowClosed = defineEvent('quickSetup/ClientFlowClosed', t.type({ finished: t.boolean }), {
  formerly: ['onboarding/ClientFlowClosed'],
})

export const quickSetupEvents = [
  QuickSetupOpened,
  QuickSetupClosed,
  ClientFlowRelaunched,
  SetMeUpChosen,
  ClientFlowStepShown,
  ClientFlowClosed,
] as const

export type QuickSetupEvent = EventOf<(typeof quickSetupEvents)[number]>
