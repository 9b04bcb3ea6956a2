// Written by `npm run codecs` from ./commands.ts: do not edit (a unit test checks it is current).
import * as t from 'io-ts'
import type { CommandCodecs } from '../shared/area'
import type { PlatformCommand } from './commands'

/** The fields of each command of the area, decoded before it is decided (the type is checked by the bus). */
export const platformCommandCodecs: CommandCodecs<PlatformCommand> = {
  'platform/ContinueStart': t.type({
    after: t.keyof({
      loginData: null,
      userData: null,
      initialData: null,
      features: null,
      parallelLoads: null,
    }),
  }),
  'platform/RecheckScanner': t.UnknownRecord,
  'platform/Start': t.partial({ reason: t.keyof({ boot: null, login: null }) }),
}
