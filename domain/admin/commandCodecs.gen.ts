// Written by `npm run codecs` from ./commands.ts: do not edit (a unit test checks it is current).
import * as t from 'io-ts'
import type { CommandCodecs } from '../shared/area'
import type { AdminCommand } from './commands'

/** The fields of each command of the area, decoded before it is decided (the type is checked by the bus). */
export const adminCommandCodecs: CommandCodecs<AdminCommand> = {
  'admin/Load': t.intersection([
    t.type({
      resource: t.keyof({
        generalConfig: null,
        licenses: null,
        proxies: null,
        projects: null,
        peers: null,
        members: null,
        users: null,
        groups: null,
        permissions: null,
      }),
    }),
    t.partial({ key: t.string }),
  ]),
  'admin/ResetForm': t.type({
    form: t.keyof({
      generalConfig: null,
      members: null,
      proxy: null,
      proxyDelete: null,
      project: null,
      user: null,
      userDelete: null,
      invitation: null,
      group: null,
      groupDelete: null,
      permission: null,
      permissionDelete: null,
    }),
  }),
  'admin/Save': t.type({
    form: t.keyof({
      generalConfig: null,
      members: null,
      proxy: null,
      proxyDelete: null,
      project: null,
      user: null,
      userDelete: null,
      invitation: null,
      group: null,
      groupDelete: null,
      permission: null,
      permissionDelete: null,
    }),
    op: t.union([
      t.type({
        kind: t.literal('saveGeneralConfig'),
        config: t.intersection([
          t.type({ serverName: t.string, baseUrl: t.string, customMessage: t.string }),
          t.partial({ readOnlyMode: t.boolean, logoUrl: t.string, accountPortalUrl: t.string }),
        ]),
      }),
      t.type({ kind: t.literal('uploadLogo'), fileRef: t.string }),
      t.type({ kind: t.literal('removeLogo') }),
      t.type({
        kind: t.literal('saveProxy'),
        create: t.boolean,
        proxy: t.intersection([
          t.type({ key: t.string, host: t.string, port: t.number, defaultProxy: t.boolean }),
          t.partial({ username: t.string, nonProxyHosts: t.string, passwordRef: t.string }),
        ]),
      }),
      t.type({ kind: t.literal('deleteProxy'), key: t.string }),
      t.type({
        kind: t.literal('createProject'),
        project: t.type({ key: t.string, name: t.string, description: t.string }),
      }),
      t.type({
        kind: t.literal('saveMembers'),
        key: t.string,
        members: t.array(t.type({ name: t.string, roles: t.array(t.string) })),
      }),
      t.type({
        kind: t.literal('saveUser'),
        create: t.boolean,
        user: t.intersection([
          t.type({
            name: t.string,
            email: t.string,
            admin: t.boolean,
            mfaRequired: t.boolean,
            passwordExpired: t.boolean,
            credentialsExpired: t.boolean,
            disabled: t.boolean,
            groups: t.array(t.string),
          }),
          t.partial({ passwordRef: t.string, resetMfa: t.boolean }),
        ]),
      }),
      t.type({ kind: t.literal('deleteUser'), name: t.string }),
      t.type({ kind: t.literal('inviteUser'), email: t.string }),
      t.type({
        kind: t.literal('saveGroup'),
        create: t.boolean,
        group: t.type({
          name: t.string,
          description: t.string,
          autoJoin: t.boolean,
          members: t.array(t.string),
        }),
      }),
      t.type({ kind: t.literal('deleteGroup'), name: t.string }),
      t.type({
        kind: t.literal('savePermission'),
        create: t.boolean,
        permission: t.type({
          name: t.string,
          repositories: t.array(t.string),
          includePatterns: t.array(t.string),
          excludePatterns: t.array(t.string),
          users: t.record(t.string, t.array(t.string)),
          groups: t.record(t.string, t.array(t.string)),
        }),
      }),
      t.type({ kind: t.literal('deletePermission'), name: t.string }),
    ]),
  }),
}
