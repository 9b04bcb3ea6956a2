// Public surface of the releaseBundles area.
export * from './types'
export * from './initial'
export * from './events'
export type * from './commands'
export { releaseBundlesArea } from './decider'
export * from './rules'
