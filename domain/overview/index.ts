// Public surface of the overview area.
export * from './types'
export * from './initial'
export * from './events'
export type * from './commands'
export { overviewArea } from './decider'
export * from './rules'
