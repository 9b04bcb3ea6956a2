/**
 * Effects of the integrations area: each calls a port and turns the answer (or the failure)
 * into an event. The catalogue re-filters only after the user pauses: category, vendor and
 * search changes are debounced (300 ms) on the injected scheduler, so tests and replay drive
 * time themselves. Tokens come from the secret vault by reference and go only to the port.
 */
import { isLeft } from 'fp-ts/Either'
import { debounceTime, distinctUntilChanged, map, mergeMap, switchMap } from 'rxjs'
import type { Observable, SchedulerLike } from 'rxjs'
import { FILTER_DEBOUNCE_MS, filtersToQuery } from '../../domain/integrations/rules'
import type { CatalogueFilters } from '../../domain/integrations/types'
import * as E from '../../domain/integrations/events'
import type { GitIntegrationForm, Ports } from '../../adapters/ports'
import type { GitConnection } from '../../domain/integrations/events'
import { ofType, work } from './operators'
import { secretGone } from './session'
import { asked, type Effect, type EffectTable } from './types'

/** One ApplyFilters per burst of changes: the last filters once nothing changed for 300 ms. */
export function debouncedFilters<T>(
  changes$: Observable<T>,
  scheduler: SchedulerLike,
  // The changes are filters themselves unless said otherwise (the effect debounces their events).
  filtersOf: (change: T) => CatalogueFilters = (change) => change as CatalogueFilters,
): Observable<T> {
  return changes$.pipe(
    debounceTime(FILTER_DEBOUNCE_MS, scheduler),
    // A burst that ends where it started (typed, then erased) changes nothing.
    distinctUntilChanged((a, b) => filtersToQuery(filtersOf(a)) === filtersToQuery(filtersOf(b))),
  )
}

const catalogue: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('integrations/CatalogueRequested'),
    switchMap((env) => {
      const { requestId } = env.event.data
      return work(
        env,
        async (emit) => {
          const a = await ports.integrationsApi.catalogue()
          emit(
            isLeft(a)
              ? E.CatalogueLoadFailed({ requestId, failure: a.left })
              : E.CatalogueLoaded({
                  requestId,
                  entries: a.right.map(({ configureAction, ...e }) => ({
                    ...e,
                    categories: [...e.categories],
                    vendors: [...e.vendors],
                    ...(configureAction
                      ? { configureAction: { ...configureAction, payload: { ...configureAction.payload } } }
                      : {}),
                  })),
                }),
          )
        },
        (failure) => E.CatalogueLoadFailed({ requestId, failure }),
      )
    }),
  )

// The settled draft is applied by the decider, which knows whether it differs from the filters applied.
const filters: Effect = (events$, _state$, ports) =>
  debouncedFilters(
    events$.pipe(ofType('integrations/FiltersEdited')),
    ports.scheduler,
    (env) => env.event.data,
  ).pipe(map((env) => asked(env, { type: 'integrations/ApplyFilters', filters: env.event.data })))

const toolSetup: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('integrations/ToolOpened', 'integrations/ToolClosed'),
    switchMap((env) => {
      if (env.event.type === 'integrations/ToolClosed') return []
      const { requestId, withApiKey, userName } = env.event.data
      return work(
        env,
        async (emit) => {
          const base = await ports.onboardingApi.clientBaseUrl()
          if (isLeft(base)) return emit(E.ToolSetupFailed({ requestId, failure: base.left }))
          let apiKeyRef: string | null = null
          if (withApiKey) {
            const key = await ports.integrationsApi.oauthApiKey(userName)
            // A failed key fetch is recorded only (spec 001): the setup data goes on without it.
            if (isLeft(key)) emit(E.ToolApiKeyFailed({ requestId, failure: key.left }))
            // Shown to its owner from memory by reference (like the profile's key), never in an event.
            else apiKeyRef = ports.shown.apiKeys.put(key.right)
          }
          emit(E.ToolSetupReady({ requestId, baseUrl: base.right.baseUrl, apiKeyRef }))
        },
        (failure) => E.ToolSetupFailed({ requestId, failure }),
      )
    }),
  )

const vendorList: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('integrations/VendorListRequested'),
    switchMap((env) => {
      const { requestId, vendor } = env.event.data
      return work(
        env,
        async (emit) => {
          const a = await ports.integrationsApi.vendorIntegrations(vendor)
          emit(
            isLeft(a)
              ? E.VendorListFailed({ requestId, failure: a.left })
              : E.VendorListLoaded({
                  requestId,
                  list: {
                    vendor: a.right.vendor,
                    integrations: a.right.integrations.map((i) => ({
                      ...i,
                      connectedServices: [...i.connectedServices],
                    })),
                    configuredServices: a.right.configuredServices.map((c) => ({ ...c })),
                  },
                }),
          )
        },
        (failure) => E.VendorListFailed({ requestId, failure }),
      )
    }),
  )

/** The form the platform takes: the connection the decider wrote, with the token from the vault. */
function wireForm(connection: GitConnection, token: string | undefined): GitIntegrationForm {
  const { integrationKey, ...rest } = connection
  return {
    ...rest,
    integrationType: 1,
    ...(token !== undefined ? { token } : {}),
    ...(integrationKey !== null ? { integrationKey } : {}),
  }
}

const tokenOf = (ports: Ports, ref: string | null): string | undefined | null =>
  ref === null ? undefined : (ports.secrets.take(ref) ?? null)

const connectionTest: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('integrations/ConnectionTestStarted'),
    switchMap((env) => {
      const { requestId, tokenRef, connection } = env.event.data
      return work(
        env,
        async (emit) => {
          const token = tokenOf(ports, tokenRef)
          const form = token === null ? null : wireForm(connection, token)
          if (form === null) return emit(E.ConnectionTestFailed({ requestId, failure: secretGone('token') }))
          const a = await ports.integrationsApi.testConnection(form)
          if (isLeft(a)) return emit(E.ConnectionTestFailed({ requestId, failure: a.left }))
          emit(
            a.right.success
              ? E.ConnectionTestPassed({ requestId })
              : E.ConnectionTestFailed({
                  requestId,
                  failure: { kind: 'status', message: 'the connection test failed' },
                  ...(a.right.cause === undefined ? {} : { cause: a.right.cause }),
                }),
          )
        },
        (failure) => E.ConnectionTestFailed({ requestId, failure }),
      )
    }),
  )

const save: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('integrations/SaveStarted'),
    mergeMap((env) => {
      const { requestId, kind, tokenRef, connection } = env.event.data
      const failed = kind === 'create' ? E.IntegrationCreateFailed : E.IntegrationUpdateFailed
      const key = connection.integrationKey
      return work(
        env,
        async (emit) => {
          const token = tokenOf(ports, tokenRef)
          const form = token === null ? null : wireForm(connection, token)
          if (form === null) return emit(failed({ requestId, failure: secretGone('token') }))
          const a =
            kind === 'create' || key === null
              ? await ports.integrationsApi.create(form)
              : await ports.integrationsApi.update(key, form)
          if (isLeft(a)) return emit(failed({ requestId, failure: a.left }))
          emit(
            kind === 'create'
              ? E.IntegrationCreated({ requestId, integrationKey: a.right })
              : E.IntegrationUpdated({ requestId, integrationKey: a.right }),
          )
        },
        (failure) => failed({ requestId, failure }),
      )
    }),
  )

const remove: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('integrations/DeleteStarted'),
    mergeMap((env) => {
      const { integrationKey } = env.event.data
      return work(
        env,
        async (emit) => {
          const a = await ports.integrationsApi.remove(integrationKey)
          emit(
            isLeft(a)
              ? E.IntegrationDeleteFailed({ integrationKey, failure: a.left })
              : E.IntegrationDeleted({ integrationKey }),
          )
        },
        (failure) => E.IntegrationDeleteFailed({ integrationKey, failure }),
      )
    }),
  )

const repos: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('integrations/ReposRequested', 'integrations/RepoSelectionSaveStarted'),
    mergeMap((env) => {
      const e = env.event
      const { requestId } = e.data
      const copy = (list: ReadonlyArray<{ name: string; private: boolean; selected: boolean }>) =>
        list.map((r) => ({ name: r.name, private: r.private, selected: r.selected }))
      if (e.type === 'integrations/ReposRequested')
        return work(
          env,
          async (emit) => {
            const a = await ports.integrationsApi.repositories(e.data.integrationKey)
            emit(
              isLeft(a)
                ? E.ReposFailed({ requestId, failure: a.left })
                : E.ReposLoaded({ requestId, repositories: copy(a.right) }),
            )
          },
          (failure) => E.ReposFailed({ requestId, failure }),
        )
      return work(
        env,
        async (emit) => {
          const a = await ports.integrationsApi.saveRepositories(e.data.integrationKey, e.data.selected)
          emit(
            isLeft(a)
              ? E.RepoSelectionSaveFailed({ requestId, failure: a.left })
              : E.RepoSelectionSaved({ requestId, repositories: copy(a.right) }),
          )
        },
        (failure) => E.RepoSelectionSaveFailed({ requestId, failure }),
      )
    }),
  )

export const integrationsEffects: EffectTable = {
  catalogue,
  filters,
  toolSetup,
  vendorList,
  connectionTest,
  save,
  remove,
  repos,
}
