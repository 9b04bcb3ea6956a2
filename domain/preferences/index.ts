// Public surface of the preferences area.
export * from './types'
export * from './events'
export type * from './commands'
export * from './rules'
export { preferencesArea } from './decider'
