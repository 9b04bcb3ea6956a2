/**
 * Effects of the integrations area: each calls a port and turns the answer (or the failure)
 * into an event. The catalogue re-filters only after the user pauses: category, vendor and
 * search changes are debounced (300 ms) on the injected scheduler, so tests and replay drive
 * time themselves. Tokens come from the secret vault by reference and go only to the port.
 */
import { isLeft, right } from 'fp-ts/Either'
import { debounceTime, distinctUntilChanged, map, mergeMap, switchMap } from 'rxjs'
import type { Observable, SchedulerLike } from 'rxjs'
import { FILTER_DEBOUNCE_MS, filtersToQuery } from '../../domain/integrations/rules'
import type { CatalogueFilters } from '../../domain/integrations/types'
import * as E from '../../domain/integrations/events'
import type { GitIntegrationForm, IntegrationsApi, Ports, Result } from '../../adapters/ports'
import type { GitConnection } from '../../domain/integrations/events'
import { ofType, refused, request } from './operators'
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
      return request(env, () => ports.integrationsApi.catalogue(), {
        done: (entries) =>
          E.CatalogueLoaded({
            requestId,
            entries: entries.map(({ configureAction, ...e }) => ({
              ...e,
              categories: [...e.categories],
              vendors: [...e.vendors],
              ...(configureAction
                ? { configureAction: { ...configureAction, payload: { ...configureAction.payload } } }
                : {}),
            })),
          }),
        failed: (failure) => E.CatalogueLoadFailed({ requestId, failure }),
      })
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
      // One request of up to two calls: the key is asked for only once the base URL is known.
      return request(
        env,
        async (): Promise<Result<ToolSetup>> => {
          const base = await ports.setMeUpApi.clientBaseUrl()
          if (isLeft(base)) return base
          const key = withApiKey ? await ports.integrationsApi.oauthApiKey(userName) : null
          return right({ baseUrl: base.right.baseUrl, key })
        },
        {
          done: ({ baseUrl, key }) => {
            // A failed key fetch is recorded only (spec 001): the setup data goes on without it.
            if (key !== null && isLeft(key))
              return [
                E.ToolApiKeyFailed({ requestId, failure: key.left }),
                E.ToolSetupReady({ requestId, baseUrl, apiKeyRef: null }),
              ]
            // Shown to its owner from memory by reference (like the profile's key), never in an event.
            const apiKeyRef = key === null ? null : ports.shown.apiKeys.put(key.right)
            return E.ToolSetupReady({ requestId, baseUrl, apiKeyRef })
          },
          failed: (failure) => E.ToolSetupFailed({ requestId, failure }),
        },
      )
    }),
  )

/** What a tool's set-up gathered: the base URL, and the API key's answer when one was asked for. */
interface ToolSetup {
  readonly baseUrl: string
  readonly key: Result<string> | null
}

const vendorList: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('integrations/VendorListRequested'),
    switchMap((env) => {
      const { requestId, vendor } = env.event.data
      return request(env, () => ports.integrationsApi.vendorIntegrations(vendor), {
        done: (list) =>
          E.VendorListLoaded({
            requestId,
            list: {
              vendor: list.vendor,
              integrations: list.integrations.map((i) => ({
                ...i,
                connectedServices: [...i.connectedServices],
              })),
              configuredServices: list.configuredServices.map((c) => ({ ...c })),
            },
          }),
        failed: (failure) => E.VendorListFailed({ requestId, failure }),
      })
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
      const token = tokenOf(ports, tokenRef)
      const form = token === null ? null : wireForm(connection, token)
      return request(
        env,
        (): ReturnType<IntegrationsApi['testConnection']> =>
          form === null ? refused(secretGone('token')) : ports.integrationsApi.testConnection(form),
        {
          done: (test) =>
            test.success
              ? E.ConnectionTestPassed({ requestId })
              : E.ConnectionTestFailed({
                  requestId,
                  failure: { kind: 'status', message: 'the connection test failed' },
                  ...(test.cause === undefined ? {} : { cause: test.cause }),
                }),
          failed: (failure) => E.ConnectionTestFailed({ requestId, failure }),
        },
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
      const token = tokenOf(ports, tokenRef)
      const form = token === null ? null : wireForm(connection, token)
      const call = () =>
        form === null
          ? refused<string>(secretGone('token'))
          : kind === 'create' || key === null
            ? ports.integrationsApi.create(form)
            : ports.integrationsApi.update(key, form)
      return request(env, call, {
        done: (integrationKey) =>
          kind === 'create'
            ? E.IntegrationCreated({ requestId, integrationKey })
            : E.IntegrationUpdated({ requestId, integrationKey }),
        failed: (failure) => failed({ requestId, failure }),
      })
    }),
  )

const remove: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('integrations/DeleteStarted'),
    mergeMap((env) => {
      const { integrationKey } = env.event.data
      return request(env, () => ports.integrationsApi.remove(integrationKey), {
        done: () => E.IntegrationDeleted({ integrationKey }),
        failed: (failure) => E.IntegrationDeleteFailed({ integrationKey, failure }),
      })
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
        return request(env, () => ports.integrationsApi.repositories(e.data.integrationKey), {
          done: (list) => E.ReposLoaded({ requestId, repositories: copy(list) }),
          failed: (failure) => E.ReposFailed({ requestId, failure }),
        })
      return request(
        env,
        () => ports.integrationsApi.saveRepositories(e.data.integrationKey, e.data.selected),
        {
          done: (list) => E.RepoSelectionSaved({ requestId, repositories: copy(list) }),
          failed: (failure) => E.RepoSelectionSaveFailed({ requestId, failure }),
        },
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
