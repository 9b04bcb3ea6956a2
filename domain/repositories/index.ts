// Public surface of the repositories area.
export * from './types'
export * from './initial'
export * from './events'
export type * from './commands'
export { repositoriesArea } from './decider'
export * from './rules'
export * from './remote'
