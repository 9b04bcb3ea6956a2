// Public surface of the tour area.
export * from './types'
export * from './events'
export type * from './commands'
export * from './rules'
export { tourArea } from './decider'
