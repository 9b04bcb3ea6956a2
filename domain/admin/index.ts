// Public surface of the admin area.
export * from './types'
export * from './events'
export type * from './commands'
export { adminArea } from './decider'
export * from './validation'
export * from './menu'
export * from './permissions'
export * from './messages'
