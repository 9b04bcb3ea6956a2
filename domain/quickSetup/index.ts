// Public surface of the quick setup area. Its slice (quickSetupArea) is the composition's
// (domain/app.ts, ui/quickSetup/manifest.ts), imported from decider.ts.
export * from './types'
export * from './events'
export type * from './commands'
export * from './relaunch'
