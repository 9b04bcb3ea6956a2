// Public surface of the builds area.
export * from './types'
export * from './initial'
export * from './events'
export type * from './commands'
export { buildsArea } from './decider'
export * from './rules'
