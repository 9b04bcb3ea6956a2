// Public surface of the tokens area.
export * from './types'
export * from './initial'
export * from './events'
export type * from './commands'
export type * from './messages'
export { tokensArea } from './decider'
export * from './rules'
