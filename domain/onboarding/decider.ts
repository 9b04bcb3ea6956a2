import { left } from 'fp-ts/Either'
import type { AppArea } from '../app'
import { onboardingEvents } from './events'
import { initialOnboardingState } from './types'

export const onboardingArea: AppArea<'onboarding'> = {
  key: 'onboarding',
  initialState: initialOnboardingState,
  events: onboardingEvents,
  decide: (command) => left(`${(command as { type: string }).type} is not handled yet`),
  evolve: (slice) => slice,
}
