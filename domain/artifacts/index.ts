// Public surface of the artifacts area.
export * from './types'
export * from './initial'
export * from './events'
export type * from './commands'
export { artifactsArea } from './decider'
export * from './rules'
