// Public surface of the packages area.
export * from './types'
export * from './initial'
export * from './events'
export type * from './commands'
export { packagesArea } from './decider'
