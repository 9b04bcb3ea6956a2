import { right } from 'fp-ts/Either'
import type { EventMeta, SliceArea } from '../shared/area'
import type { NavigationEvent } from '../navigation/events'
import { Dismissed, Shown, notificationsEvents, type NotificationsEvent } from './events'
import type { NotificationsCommand } from './commands'
import { initialNotificationsState, MAX_TOASTS, type NotificationsState, type Toast } from './types'
import { notificationsCommandCodecs } from './commandCodecs.gen'

const add = (slice: NotificationsState, toast: Toast): NotificationsState => ({
  toasts: [...slice.toasts, toast].slice(-MAX_TOASTS),
})

// A toast's time is its event's envelope's (an event read from an older log keeps its own).
function evolve(
  slice: NotificationsState,
  event: NotificationsEvent | NavigationEvent,
  meta: EventMeta,
): NotificationsState {
  switch (event.type) {
    case 'notifications/Shown': {
      const { id, kind, message, recordedAt } = event.data
      return add(slice, { id, kind, message, at: recordedAt ?? meta.at })
    }
    case 'notifications/Dismissed':
      return slice.toasts.some((t) => t.id === event.data.id)
        ? { toasts: slice.toasts.filter((t) => t.id !== event.data.id) }
        : slice
    // A refused navigation tells the user why, with the not-authorized notification.
    case 'navigation/Denied':
      return event.data.notify
        ? add(slice, {
            id: event.data.id,
            kind: 'error',
            message: { key: 'notAuthorized' },
            at: event.data.recordedAt ?? meta.at,
          })
        : slice
    default:
      return slice
  }
}

export const notificationsArea: SliceArea<
  'notifications',
  NotificationsState,
  NotificationsCommand,
  NotificationsEvent
> = {
  key: 'notifications',
  commands: notificationsCommandCodecs,
  initialState: initialNotificationsState,
  events: notificationsEvents,
  decide: (command, slice, _context, meta) => {
    switch (command.type) {
      case 'notifications/Show':
        return right([Shown({ id: meta.id, kind: command.kind, message: command.message })])
      case 'notifications/Dismiss':
        return slice.toasts.some((t) => t.id === command.id)
          ? right([Dismissed({ id: command.id })])
          : right([])
    }
  },
  evolve,
  evolvesOn: ['navigation/Denied'],
}
