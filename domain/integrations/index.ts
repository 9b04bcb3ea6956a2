// Public surface of the integrations area.
export * from './types'
export * from './initial'
export * from './events'
export type * from './commands'
export * from './rules'
export * from './messages'
export { integrationsDecider, integrationsArea } from './decider'
