// Written by `npm run codecs` from ./commands.ts: do not edit (a unit test checks it is current).
import * as t from 'io-ts'
import type { CommandCodecs } from '../shared/area'
import type { NotificationsCommand } from './commands'

/** The fields of each command of the area, decoded before it is decided (the type is checked by the bus). */
export const notificationsCommandCodecs: CommandCodecs<NotificationsCommand> = {
  'notifications/Dismiss': t.type({ id: t.string }),
  'notifications/Show': t.type({
    kind: t.keyof({ error: null, success: null, info: null, warning: null }),
    message: t.union([
      t.type({ key: t.literal('notAuthorized') }),
      t.type({ key: t.literal('contactRequestSent') }),
      t.intersection([t.type({ key: t.literal('navigationTypeNotSaved') }), t.partial({ detail: t.string })]),
      t.intersection([
        t.type({
          key: t.keyof({ saved: null, deleted: null, created: null }),
          subject: t.keyof({
            proxy: null,
            project: null,
            user: null,
            group: null,
            permission: null,
            generalSettings: null,
            projectMembers: null,
            repository: null,
            securitySettings: null,
            samlSettings: null,
            oauthSettings: null,
            ldapSettings: null,
            crowdSettings: null,
            httpSsoSettings: null,
          }),
        }),
        t.partial({ name: t.string }),
      ]),
      t.type({ key: t.literal('invitationSent'), email: t.string }),
      t.type({
        key: t.keyof({ artifactDeployed: null, artifactDeleted: null }),
        path: t.string,
        repoKey: t.string,
      }),
      t.type({ key: t.literal('nodeRemoved'), nodeId: t.string, serviceId: t.string }),
      t.type({ key: t.literal('retentionCheckFailed'), detail: t.string }),
      t.type({
        key: t.keyof({
          'integrations.created': null,
          'integrations.createFailed': null,
          'integrations.updated': null,
          'integrations.updateFailed': null,
          'integrations.deleted': null,
          'integrations.deleteFailed': null,
          'integrations.testFailed': null,
        }),
        integrationKey: t.string,
      }),
    ]),
  }),
}
