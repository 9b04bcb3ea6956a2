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
/** The debounced filters (URL-held): the catalogue shows what they select. */
export const FiltersApplied = defineEvent('integrations/FiltersApplied', FiltersC)

export const GitModalOpened = defineEvent(
  'integrations/GitModalOpened',
  t.type({ vendor: VendorC, integrationKey: t.union([t.string, t.null]), form: FormC }),
)
export const GitFormEdited = defineEvent('integrations/GitFormEdited', FormC)
export const ConnectionTestStarted = defineEvent(
  'integrations/ConnectionTestStarted',
  t.type({ requestId: t.string }),
)
export const ConnectionTestPassed = defineEvent(
  'integrations/ConnectionTestPassed',
  t.type({ requestId: t.string }),
)
export const ConnectionTestFailed = defineEvent(
  'integrations/ConnectionTestFailed',
  t.type({ requestId: t.string, failure: Failure }),
)
export const ConnectionTestReset = defineEvent('integrations/ConnectionTestReset', NoData)
export const PopoverDismissed = defineEvent('integrations/PopoverDismissed', NoData)
export const SaveStarted = defineEvent(
  'integrations/SaveStarted',
  t.type({ requestId: t.string, kind: t.keyof({ create: null, update: null }) }),
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
  FiltersApplied,
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
