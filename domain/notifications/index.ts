// Public surface of the notifications area.
export * from './types'
export * from './events'
export type * from './commands'
export { notificationsArea } from './decider'
