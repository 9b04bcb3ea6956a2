// Written by `npm run codecs` from ./commands.ts: do not edit (a unit test checks it is current).
import * as t from 'io-ts'
import type { CommandCodecs } from '../shared/area'
import type { ReleaseBundlesCommand } from './commands'

/** The fields of each command of the area, decoded before it is decided (the type is checked by the bus). */
export const releaseBundlesCommandCodecs: CommandCodecs<ReleaseBundlesCommand> = {
  'releaseBundles/LookUpChecksum': t.type({ checksum: t.string }),
}
