// Written by `npm run codecs` from ./commands.ts: do not edit (a unit test checks it is current).
import * as t from 'io-ts'
import type { CommandCodecs } from '../shared/area'
import type { SetMeUpCommand } from './commands'

/** The fields of each command of the area, decoded before it is decided (the type is checked by the bus). */
export const setMeUpCommandCodecs: CommandCodecs<SetMeUpCommand> = {
  'setMeUp/Hide': t.UnknownRecord,
  'setMeUp/LoadClientBaseUrl': t.UnknownRecord,
  'setMeUp/Show': t.partial({ packageType: t.string, availableRepos: t.array(t.string) }),
}
