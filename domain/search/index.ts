// Public surface of the search area.
export * from './types'
export * from './events'
export type * from './commands'
export { searchArea } from './decider'
export * from './model'
export * from './rules'
