// Public surface of the platform area.
export * from './types'
export * from './events'
export * from './rules'
export type * from './commands'
export { platformArea } from './decider'
