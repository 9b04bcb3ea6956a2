// Written by `npm run codecs` from ./commands.ts: do not edit (a unit test checks it is current).
import * as t from 'io-ts'
import type { CommandCodecs } from '../shared/area'
import type { RepositoriesCommand } from './commands'

/** The fields of each command of the area, decoded before it is decided (the type is checked by the bus). */
export const repositoriesCommandCodecs: CommandCodecs<RepositoriesCommand> = {
  'repositories/CreateQuickly': t.type({ packageTypes: t.array(t.string) }),
  'repositories/Delete': t.type({ key: t.string }),
  'repositories/GenerateClientToken': t.UnknownRecord,
  'repositories/LoadList': t.UnknownRecord,
  'repositories/ResetForm': t.UnknownRecord,
  'repositories/Save': t.type({
    create: t.boolean,
    form: t.type({
      key: t.string,
      kind: t.keyof({ local: null, remote: null, virtual: null }),
      packageType: t.string,
      description: t.string,
      includesPattern: t.string,
      excludesPattern: t.string,
      url: t.string,
      members: t.array(t.string),
      defaultDeploymentRepo: t.string,
    }),
  }),
}
