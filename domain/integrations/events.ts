import * as t from 'io-ts'
import { defineEvent, NoData, type EventOf } from '../shared/events'
import { Failure } from '../shared/failure'

const VendorC = t.keyof({ github: null, gitlab: null, bitbucket_cloud: null, bitbucket_server: null })

export const CatalogueEntryC = t.intersection([
  t.type({
    id: t.string,
    label: t.string,
    icon: t.string,
    categories: t.array(t.string),
    vendors: t.array(t.string),
    documentationLink: t.string,
  }),
  t.partial({
    iconScale: t.number,
    rank: t.number,
    configureAction: t.type({
      type: t.keyof({ redirect: null, action: null }),
      actionName: t.string,
      payload: t.record(t.string, t.unknown),
    }),
  }),
])

const FiltersC = t.type({
  categories: t.array(t.string),
  vendors: t.array(t.string),
  search: t.string,
})

/** Never a token: the form in events says only whether one was typed. */
const FormC = t.type({ userName: t.string, integrationName: t.string, url: t.string, hasToken: t.boolean })

export const CatalogueRequested = defineEvent(
  'integrations/CatalogueRequested',
  t.type({ requestId: t.string }),
)
export const CatalogueLoaded = defineEvent(
  'integrations/CatalogueLoaded',
  t.type({ requestId: t.string, entries: t.array(CatalogueEntryC) }),
)
export const CatalogueLoadFailed = defineEvent(
  'integrations/CatalogueLoadFailed',
  t.type({ requestId: t.string, failure: Failure }),
)
/** What the panel and the search box show now (applied after the debounce). */
export const FiltersEdited = defineEvent('integrations/FiltersEdited', FiltersC)
/** The debounced filters (URL-held): the catalogue shows what they select. */
export const FiltersApplied = defineEvent('integrations/FiltersApplied', FiltersC)
/** An admin's Set Up of a catalogue entry that leads to a page of the console. */
export const SetupRedirected = defineEvent(
  'integrations/SetupRedirected',
  t.type({ entryId: t.string, path: t.string }),
)
/**
 * The common integration modal of a tool opened (its setup data is asked for at once, with
 * `userName`'s API key when `withApiKey`). v1 had no name (its effect read it from the state):
 * its effects ran when it was written, and replay runs none, so an older one reads with none.
 */
export const ToolOpened = defineEvent(
  'integrations/ToolOpened',
  t.type({ tool: t.string, requestId: t.string, withApiKey: t.boolean, userName: t.string }),
  { v: 2, upcasters: { 1: (data) => ({ ...(data as Record<string, unknown>), userName: '' }) } },
)
/** The tool's setup data: this platform's base URL and, for OAuth users, a reference to an API key held in memory. */
export const ToolSetupReady = defineEvent(
  'integrations/ToolSetupReady',
  t.type({ requestId: t.string, baseUrl: t.string, apiKeyRef: t.union([t.string, t.null]) }),
)
/** The OAuth user's API key could not be fetched: recorded only (spec 001), the setup data goes on without it. */
export const ToolApiKeyFailed = defineEvent(
  'integrations/ToolApiKeyFailed',
  t.type({ requestId: t.string, failure: Failure }),
)
export const ToolSetupFailed = defineEvent(
  'integrations/ToolSetupFailed',
  t.type({ requestId: t.string, failure: Failure }),
)
export const ToolClosed = defineEvent('integrations/ToolClosed', NoData)

const GitIntegrationC = t.type({
  integrationKey: t.string,
  integrationName: t.string,
  userName: t.string,
  url: t.string,
  connectedServices: t.array(t.string),
  created: t.string,
})
const ConfiguredServiceC = t.type({
  serviceName: t.string,
  connections: t.number,
  connected: t.boolean,
  configured: t.boolean,
  disabled: t.boolean,
})
export const VendorIntegrationsC = t.type({
  vendor: VendorC,
  integrations: t.array(GitIntegrationC),
  configuredServices: t.array(ConfiguredServiceC),
})
export const GitRepositoryC = t.type({ name: t.string, private: t.boolean, selected: t.boolean })

export const VendorListRequested = defineEvent(
  'integrations/VendorListRequested',
  t.type({ requestId: t.string, vendor: VendorC }),
)
export const VendorListLoaded = defineEvent(
  'integrations/VendorListLoaded',
  t.type({ requestId: t.string, list: VendorIntegrationsC }),
)
export const VendorListFailed = defineEvent(
  'integrations/VendorListFailed',
  t.type({ requestId: t.string, failure: Failure }),
)
export const ReposRequested = defineEvent(
  'integrations/ReposRequested',
  t.type({ requestId: t.string, integrationKey: t.string }),
)
export const ReposLoaded = defineEvent(
  'integrations/ReposLoaded',
  t.type({ requestId: t.string, repositories: t.array(GitRepositoryC) }),
)
export const ReposFailed = defineEvent(
  'integrations/ReposFailed',
  t.type({ requestId: t.string, failure: Failure }),
)
export const RepoSelectionSaveStarted = defineEvent(
  'integrations/RepoSelectionSaveStarted',
  t.type({ requestId: t.string, integrationKey: t.string, selected: t.array(t.string) }),
)
export const RepoSelectionSaved = defineEvent(
  'integrations/RepoSelectionSaved',
  t.type({ requestId: t.string, repositories: t.array(GitRepositoryC) }),
)
export const RepoSelectionSaveFailed = defineEvent(
  'integrations/RepoSelectionSaveFailed',
  t.type({ requestId: t.string, failure: Failure }),
)

export const GitModalOpened = defineEvent(
  'integrations/GitModalOpened',
  t.type({ vendor: VendorC, integrationKey: t.union([t.string, t.null]), form: FormC }),
)
export const GitFormEdited = defineEvent('integrations/GitFormEdited', FormC)
/** `tokenRef` names the token stashed in memory for this call (null: the stored one, on edit). */
const TokenRef = t.union([t.string, t.null])
/**
 * The connection the platform is asked to test or save, as the form gave it (never the token,
 * which goes by reference): the decider writes it, so the effect calls the port with it alone.
 */
export const GitConnectionC = t.type({
  userName: t.string,
  integrationName: t.string,
  url: t.string,
  vendorName: t.number,
  /** The integration edited; null for a new one. */
  integrationKey: t.union([t.string, t.null]),
})
export type GitConnection = t.TypeOf<typeof GitConnectionC>
/**
 * v1 had no connection (its effect read the form from the state): its effects ran when it was
 * written, and replay runs none, so an older one reads with an empty one.
 */
const withoutConnection = {
  1: (data: unknown) => ({
    ...(data as Record<string, unknown>),
    connection: { userName: '', integrationName: '', url: '', vendorName: 0, integrationKey: null },
  }),
}
export const ConnectionTestStarted = defineEvent(
  'integrations/ConnectionTestStarted',
  t.type({ requestId: t.string, tokenRef: TokenRef, connection: GitConnectionC }),
  { v: 2, upcasters: withoutConnection },
)
export const ConnectionTestPassed = defineEvent(
  'integrations/ConnectionTestPassed',
  t.type({ requestId: t.string }),
)
/**
 * Why the vendor call failed, as the platform tells it: the token refused, an address that is
 * not the vendor's API, TLS, nothing reachable, no answer in time, an address never called, or
 * not told (an address no integration was saved with).
 */
export const ConnectionFailureCauseC = t.keyof({
  credentials: null,
  notVendorApi: null,
  tls: null,
  unreachable: null,
  timeout: null,
  blocked: null,
  undisclosed: null,
})
export type ConnectionFailureCause = t.TypeOf<typeof ConnectionFailureCauseC>
/** `cause`: the platform answered and said why; absent when the call itself failed. */
export const ConnectionTestFailed = defineEvent(
  'integrations/ConnectionTestFailed',
  t.intersection([
    t.type({ requestId: t.string, failure: Failure }),
    t.partial({ cause: ConnectionFailureCauseC }),
  ]),
)
export const ConnectionTestReset = defineEvent('integrations/ConnectionTestReset', NoData)
export const PopoverDismissed = defineEvent('integrations/PopoverDismissed', NoData)
export const SaveStarted = defineEvent(
  'integrations/SaveStarted',
  t.type({
    requestId: t.string,
    kind: t.keyof({ create: null, update: null }),
    tokenRef: TokenRef,
    connection: GitConnectionC,
  }),
  { v: 2, upcasters: withoutConnection },
)
export const IntegrationCreated = defineEvent(
  'integrations/IntegrationCreated',
  t.type({ requestId: t.string, integrationKey: t.string }),
)
export const IntegrationCreateFailed = defineEvent(
  'integrations/IntegrationCreateFailed',
  t.type({ requestId: t.string, failure: Failure }),
)
export const IntegrationUpdated = defineEvent(
  'integrations/IntegrationUpdated',
  t.type({ requestId: t.string, integrationKey: t.string }),
)
export const IntegrationUpdateFailed = defineEvent(
  'integrations/IntegrationUpdateFailed',
  t.type({ requestId: t.string, failure: Failure }),
)
export const DeleteStarted = defineEvent('integrations/DeleteStarted', t.type({ integrationKey: t.string }))
export const IntegrationDeleted = defineEvent(
  'integrations/IntegrationDeleted',
  t.type({ integrationKey: t.string }),
)
export const IntegrationDeleteFailed = defineEvent(
  'integrations/IntegrationDeleteFailed',
  t.type({ integrationKey: t.string, failure: Failure }),
)
export const ServiceChosen = defineEvent(
  'integrations/ServiceChosen',
  t.type({ service: t.keyof({ xray: null, pipelines: null }), path: t.string }),
)
export const GitModalClosed = defineEvent('integrations/GitModalClosed', NoData)

export const integrationsEvents = [
  CatalogueRequested,
  CatalogueLoaded,
  CatalogueLoadFailed,
  FiltersEdited,
  FiltersApplied,
  SetupRedirected,
  ToolOpened,
  ToolSetupReady,
  ToolSetupFailed,
  ToolApiKeyFailed,
  ToolClosed,
  VendorListRequested,
  VendorListLoaded,
  VendorListFailed,
  ReposRequested,
  ReposLoaded,
  ReposFailed,
  RepoSelectionSaveStarted,
  RepoSelectionSaved,
  RepoSelectionSaveFailed,
  GitModalOpened,
  GitFormEdited,
  ConnectionTestStarted,
  ConnectionTestPassed,
  ConnectionTestFailed,
  ConnectionTestReset,
  PopoverDismissed,
  SaveStarted,
  IntegrationCreated,
  IntegrationCreateFailed,
  IntegrationUpdated,
  IntegrationUpdateFailed,
  DeleteStarted,
  IntegrationDeleted,
  IntegrationDeleteFailed,
  ServiceChosen,
  GitModalClosed,
] as const

export type IntegrationsEvent = EventOf<(typeof integrationsEvents)[number]>
