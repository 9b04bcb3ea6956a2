import { left } from 'fp-ts/Either'
import type { AppArea } from '../app'
import { notificationsEvents } from './events'
import { initialNotificationsState } from './types'

export const notificationsArea: AppArea<'notifications'> = {
  key: 'notifications',
  initialState: initialNotificationsState,
  events: notificationsEvents,
  decide: (command) => left(`${(command as { type: string }).type} is not handled yet`),
  evolve: (slice) => slice,
}
