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
  'repositories/LoadRemote': t.type({ key: t.string }),
  'repositories/ResetForm': t.UnknownRecord,
  'repositories/Save': t.intersection([
    t.type({
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
    t.partial({
      remote: t.intersection([
        t.type({
          offline: t.boolean,
          metadataTtlSeconds: t.string,
          connectTimeoutMs: t.string,
          readTimeoutMs: t.string,
          userName: t.string,
          removeCredentials: t.boolean,
        }),
        t.partial({ passwordRef: t.string, tokenRef: t.string }),
      ]),
    }),
  ]),
  'repositories/TestConnection': t.type({
    key: t.string,
    packageType: t.string,
    url: t.string,
    remote: t.intersection([
      t.type({
        offline: t.boolean,
        metadataTtlSeconds: t.string,
        connectTimeoutMs: t.string,
        readTimeoutMs: t.string,
        userName: t.string,
        removeCredentials: t.boolean,
      }),
      t.partial({ passwordRef: t.string, tokenRef: t.string }),
    ]),
  }),
}
