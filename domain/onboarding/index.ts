// Public surface of the onboarding area.
// Its slice (onboardingArea) is the composition's (domain/app.ts, ui/onboarding/manifest.ts), imported from
// decider.ts: an area or the layout that reads this one's rules or types does not take its
// decider along (the layout's chunk carried three areas' deciders through these re-exports).
export * from './types'
export * from './events'
export type * from './commands'
export * from './personalization'
