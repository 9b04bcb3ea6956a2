// Public surface of the getting-started area. Its slice (gettingStartedArea) is the
// composition's (domain/app.ts, ui/gettingStarted/manifest.ts), imported from decider.ts.
export * from './types'
export * from './events'
export type * from './commands'
export * from './rules'
export * from './afterLogin'
