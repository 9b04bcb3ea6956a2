// Public surface of the security area.
export * from './types'
export * from './initial'
export * from './events'
export * from './rules'
export type * from './commands'
export { securityArea } from './decider'
