// Public surface of the onboarding area.
export * from './types'
export * from './events'
export type * from './commands'
export { onboardingArea } from './decider'
export * from './rules'
export * from './relaunch'
export * from './afterLogin'
export * from './contact'
