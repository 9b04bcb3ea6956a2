import * as t from 'io-ts'
import { defineEvent, type EventOf } from '../shared/events'
import { Failure } from '../shared/failure'

const Page = t.keyof({ general: null, saml: null, oauth: null, ldap: null, crowd: null, httpsso: null })
export const SettingsValuesC = t.record(t.string, t.union([t.string, t.boolean, t.number]))
const Problems = t.record(t.string, t.string)

export const LoadRequested = defineEvent(
  'security/LoadRequested',
  t.type({ page: Page, requestId: t.string }),
)
export const Loaded = defineEvent(
  'security/Loaded',
  t.type({ page: Page, requestId: t.string, values: SettingsValuesC }),
)
export const LoadFailed = defineEvent(
  'security/LoadFailed',
  t.type({ page: Page, requestId: t.string, failure: Failure }),
)
/** `secretRef` only says a new secret is on its way (the vault holds it), never the secret. */
export const SaveRequested = defineEvent(
  'security/SaveRequested',
  t.type({
    page: Page,
    requestId: t.string,
    values: SettingsValuesC,
    secretRef: t.union([t.string, t.null]),
  }),
)
export const Saved = defineEvent(
  'security/Saved',
  t.type({ page: Page, requestId: t.string, values: SettingsValuesC }),
)
export const SaveFailed = defineEvent(
  'security/SaveFailed',
  t.type({ page: Page, requestId: t.string, failure: Failure, problems: Problems }),
)
export const TestRequested = defineEvent(
  'security/TestRequested',
  t.type({ page: Page, requestId: t.string, target: t.string }),
)
export const Tested = defineEvent(
  'security/Tested',
  t.type({ page: Page, requestId: t.string, found: Problems }),
)
export const TestFailed = defineEvent(
  'security/TestFailed',
  t.type({ page: Page, requestId: t.string, failure: Failure }),
)

export const securityEvents = [
  LoadRequested,
  Loaded,
  LoadFailed,
  SaveRequested,
  Saved,
  SaveFailed,
  TestRequested,
  Tested,
  TestFailed,
] as const

export type SecurityEvent = EventOf<(typeof securityEvents)[number]>
