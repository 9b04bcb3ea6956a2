// Public surface of the set-me-up area. Its slice (setMeUpArea) is the composition's
// (domain/app.ts, ui/setMeUp/manifest.ts), imported from decider.ts; the set-up steps
// (./steps.ts) only views import.
export * from './types'
export * from './events'
export type * from './commands'
