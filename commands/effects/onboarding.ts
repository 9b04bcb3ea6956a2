import type { EffectTable } from './types'

// Effects of the onboarding area: each calls a port and turns the answer into an event.
export const onboardingEffects: EffectTable = {}
