// Written by `npm run codecs` from ./commands.ts: do not edit (a unit test checks it is current).
import * as t from 'io-ts'
import type { CommandCodecs } from '../shared/area'
import type { SupportBundlesCommand } from './commands'

/** The fields of each command of the area, decoded before it is decided (the type is checked by the bus). */
export const supportBundlesCommandCodecs: CommandCodecs<SupportBundlesCommand> = {
  'supportBundles/CheckMissionControl': t.UnknownRecord,
  'supportBundles/CheckRetention': t.UnknownRecord,
  'supportBundles/ClearPlaceholders': t.UnknownRecord,
  'supportBundles/Close': t.UnknownRecord,
  'supportBundles/CloseSession': t.UnknownRecord,
  'supportBundles/Create': t.type({
    request: t.intersection([
      t.type({
        name: t.string,
        description: t.string,
        service: t.string,
        threadDumpCount: t.number,
        threadDumpInterval: t.number,
      }),
      t.partial({ session: t.type({ fileRef: t.string, events: t.number }) }),
    ]),
  }),
  'supportBundles/Delete': t.type({ id: t.string }),
  'supportBundles/Download': t.type({ id: t.string }),
  'supportBundles/Open': t.UnknownRecord,
  'supportBundles/OpenSession': t.type({ id: t.string }),
  'supportBundles/Reload': t.UnknownRecord,
}
