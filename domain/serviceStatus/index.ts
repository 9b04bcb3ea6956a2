// Public surface of the serviceStatus area.
export * from './types'
export * from './initial'
export * from './events'
export type * from './commands'
export { serviceStatusArea } from './decider'
export * from './rules'
export * from './logTail'
export { isLogLive, logRefreshSecs } from './logViewer'
