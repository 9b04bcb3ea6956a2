// Written by `npm run codecs` from ./commands.ts: do not edit (a unit test checks it is current).
import * as t from 'io-ts'
import type { CommandCodecs } from '../shared/area'
import type { QuickSetupCommand } from './commands'

/** The fields of each command of the area, decoded before it is decided (the type is checked by the bus). */
export const quickSetupCommandCodecs: CommandCodecs<QuickSetupCommand> = {
  'quickSetup/Close': t.UnknownRecord,
  'quickSetup/CloseClientFlow': t.type({ finished: t.boolean }),
  'quickSetup/MoveClientFlow': t.type({ step: t.number }),
  'quickSetup/Open': t.UnknownRecord,
  'quickSetup/SetUpClient': t.intersection([
    t.type({ packageType: t.string, repo: t.string }),
    t.partial({ availableRepos: t.array(t.string) }),
  ]),
}
