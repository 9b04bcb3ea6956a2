// Public surface of the personalization area. Its slice (personalizationArea) is the
// composition's (domain/app.ts, ui/personalization/manifest.ts), imported from decider.ts.
export * from './types'
export * from './events'
export type * from './commands'
export * from './rules'
