/**
 * The onboarding area, made of its parts: personalization; getting started, contact us, quick
 * setup, set-me-up and the education center are areas of their own (domain/gettingStarted,
 * domain/contact, domain/quickSetup, domain/setMeUp, domain/education).
 * Each part decides on the fields of the slice it owns and a small context of its own; the
 * state, the events and the commands keep the one `onboarding` key, so logs keep their shape.
 */
import { ofParts, type SliceArea } from '../shared/area'
import type { SessionState } from '../session'
import type { OnboardingCommand } from './commands'
import { onboardingCommandCodecs } from './commandCodecs.gen'
import { onboardingEvents } from './events'
import type { OnboardingPartEvent } from './part'
import { initialOnboardingState, type OnboardingState } from './types'
import { personalizationPart } from './personalizationDecider'

/** The slices the parts' contexts read. */
export interface OnboardingSlices {
  readonly session: SessionState
}

/** The parts, in the order an event that reaches several of them is folded. */
export const onboardingParts = [personalizationPart] as const

export const onboardingArea: SliceArea<
  'onboarding',
  OnboardingState,
  OnboardingCommand,
  OnboardingPartEvent,
  { readonly root: OnboardingSlices },
  OnboardingCommand,
  OnboardingSlices
> = ofParts<
  'onboarding',
  OnboardingState,
  OnboardingCommand,
  OnboardingPartEvent,
  OnboardingCommand,
  OnboardingSlices
>(
  {
    key: 'onboarding',
    commands: onboardingCommandCodecs,
    initialState: initialOnboardingState,
    events: onboardingEvents,
  },
  onboardingParts,
)
