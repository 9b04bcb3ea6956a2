// Public surface of the contact area. Its slice (contactArea) is the composition's
// (domain/app.ts, ui/contact/manifest.ts), imported from decider.ts.
export * from './types'
export * from './events'
export type * from './commands'
export * from './rules'
