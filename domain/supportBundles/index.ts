// Public surface of the supportBundles area.
export * from './types'
export * from './initial'
export * from './events'
export type * from './commands'
export { supportBundlesArea } from './decider'
export * from './rules'
export * from './request'
export * from './progress'
