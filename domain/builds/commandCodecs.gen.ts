// Written by `npm run codecs` from ./commands.ts: do not edit (a unit test checks it is current).
import * as t from 'io-ts'
import type { CommandCodecs } from '../shared/area'
import type { BuildsCommand } from './commands'

/** The fields of each command of the area, decoded before it is decided (the type is checked by the bus). */
export const buildsCommandCodecs: CommandCodecs<BuildsCommand> = {
  'builds/LoadList': t.UnknownRecord,
  'builds/OpenBuild': t.type({ name: t.string, number: t.string }),
}
