// Written by `npm run codecs` from ./commands.ts: do not edit (a unit test checks it is current).
import * as t from 'io-ts'
import type { CommandCodecs } from '../shared/area'
import type { NotificationsCommand } from './commands'

/** The fields of each command of the area, decoded before it is decided (the type is checked by the bus). */
export const notificationsCommandCodecs: CommandCodecs<NotificationsCommand> = {
  'notifications/Dismiss': t.type({ id: t.string }),
  'notifications/Show': t.type({
    kind: t.keyof({ error: null, success: null, info: null, warning: null }),
    message: t.string,
  }),
}
