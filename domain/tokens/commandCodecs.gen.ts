// Written by `npm run codecs` from ./commands.ts: do not edit (a unit test checks it is current).
import * as t from 'io-ts'
import type { CommandCodecs } from '../shared/area'
import type { TokensCommand } from './commands'

/** The fields of each command of the area, decoded before it is decided (the type is checked by the bus). */
export const tokensCommandCodecs: CommandCodecs<TokensCommand> = {
  'tokens/Create': t.type({
    description: t.string,
    expiresInDays: t.number,
    repositories: t.union([t.null, t.array(t.string)]),
    access: t.keyof({ read: null, deploy: null }),
  }),
  'tokens/DismissSecret': t.UnknownRecord,
  'tokens/Load': t.type({ owner: t.keyof({ mine: null, all: null }) }),
  'tokens/Revoke': t.type({ owner: t.keyof({ mine: null, all: null }), id: t.string }),
  'tokens/SetPolicy': t.type({ maxDays: t.number }),
}
