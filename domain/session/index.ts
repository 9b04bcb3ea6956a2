// Public surface of the session area.
export * from './types'
export * from './events'
export type * from './commands'
export { sessionArea } from './decider'
export * from './rules'
