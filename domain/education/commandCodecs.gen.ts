// Written by `npm run codecs` from ./commands.ts: do not edit (a unit test checks it is current).
import * as t from 'io-ts'
import type { CommandCodecs } from '../shared/area'
import type { EducationCommand } from './commands'

/** The fields of each command of the area, decoded before it is decided (the type is checked by the bus). */
export const educationCommandCodecs: CommandCodecs<EducationCommand> = {
  'education/Close': t.UnknownRecord,
  'education/MarkVideoPlayed': t.type({
    video: t.keyof({ welcome: null, 'first-repository': null, 'publish-package': null }),
  }),
  'education/Open': t.partial({
    module: t.keyof({ repositories: null, gettingStarted: null, security: null, automation: null }),
  }),
  'education/SendFeedback': t.type({ helpful: t.boolean, comment: t.string }),
  'education/ShowModule': t.type({
    module: t.keyof({ repositories: null, gettingStarted: null, security: null, automation: null }),
  }),
}
