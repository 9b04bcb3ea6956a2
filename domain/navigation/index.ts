// Public surface of the navigation area.
export * from './types'
export * from './events'
export type * from './commands'
export { navigationArea } from './decider'
