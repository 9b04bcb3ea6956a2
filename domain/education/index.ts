// Public surface of the education area. Its slice (educationArea) is the composition's
// (domain/app.ts, ui/education/manifest.ts), imported from decider.ts.
export * from './types'
export * from './events'
export type * from './commands'
export * from './rules'
