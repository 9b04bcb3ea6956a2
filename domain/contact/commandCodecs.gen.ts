// Written by `npm run codecs` from ./commands.ts: do not edit (a unit test checks it is current).
import * as t from 'io-ts'
import type { CommandCodecs } from '../shared/area'
import type { ContactCommand } from './commands'

/** The fields of each command of the area, decoded before it is decided (the type is checked by the bus). */
export const contactCommandCodecs: CommandCodecs<ContactCommand> = {
  'contact/CloseForm': t.UnknownRecord,
  'contact/LoadRequests': t.UnknownRecord,
  'contact/SubmitRequest': t.type({
    form: t.type({
      firstName: t.string,
      lastName: t.string,
      country: t.string,
      email: t.string,
      helpOption: t.union([
        t.null,
        t.literal('Request a demo'),
        t.literal('Technical support'),
        t.literal('Request trial extension'),
        t.literal('Contact sales'),
      ]),
      optionalComment: t.string,
    }),
  }),
  'contact/ThankForRequest': t.UnknownRecord,
}
