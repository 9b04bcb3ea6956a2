// Written by `npm run codecs` from ./commands.ts: do not edit (a unit test checks it is current).
import * as t from 'io-ts'
import type { CommandCodecs } from '../shared/area'
import type { SecurityCommand } from './commands'

/** The fields of each command of the area, decoded before it is decided (the type is checked by the bus). */
export const securityCommandCodecs: CommandCodecs<SecurityCommand> = {
  'security/Load': t.type({
    page: t.keyof({ general: null, saml: null, oauth: null, ldap: null, crowd: null, httpsso: null }),
  }),
  'security/Save': t.intersection([
    t.type({
      page: t.keyof({ general: null, saml: null, oauth: null, ldap: null, crowd: null, httpsso: null }),
      values: t.record(t.string, t.union([t.boolean, t.string, t.number])),
    }),
    t.partial({ secretRef: t.string }),
  ]),
  'security/Test': t.type({
    page: t.keyof({ general: null, saml: null, oauth: null, ldap: null, crowd: null, httpsso: null }),
    target: t.string,
  }),
}
