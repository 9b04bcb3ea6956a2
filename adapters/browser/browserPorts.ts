/**
 * The ports of the running console in a browser: real clock, random ids, web storage,
 * the History API, and every area's API over one HTTP client. The login page needs only the
 * platform and session APIs; the others load with their first call (see lazyApi.ts).
 */
import { asyncScheduler } from 'rxjs'
import type { HistoryPort, IdSource, KeyValueStore, Ports } from '../ports'
import { lazyApi, pick } from './lazyApi'
import { createHttpClient } from '../http/client'
import { createPlatformApi } from '../http/platform'
import { ACCOUNT_CALLS, createSessionApi, type AccountApi } from '../http/session'
import { createNavigationApi } from '../http/navigation'
import { createFileStash, createSecretVault, createShownSecrets } from '../memory/secretVault'

/** Web storage that never throws (private mode, quota, disabled storage): a failed write is dropped. */
export function webStore(storage: () => Storage): KeyValueStore {
  return {
    get(key) {
      try {
        return storage().getItem(key)
      } catch {
        return null
      }
    },
    set(key, value) {
      try {
        storage().setItem(key, value)
      } catch {
        // Storage full or unavailable: the console keeps working without it.
      }
    },
    remove(key) {
      try {
        storage().removeItem(key)
      } catch {
        // As above.
      }
    },
  }
}

export const randomIds: IdSource = {
  next: () => crypto.randomUUID().slice(0, 8),
}

export function browserHistory(): HistoryPort {
  return {
    current: () => `${location.pathname}${location.search}${location.hash}`,
    push: (path) => history.pushState(null, '', path),
    replace: (path) => history.replaceState(null, '', path),
    assign: (url) => location.assign(url),
  }
}

export function createBrowserPorts(): Ports {
  const http = createHttpClient()
  return {
    clock: { now: () => Date.now() },
    ids: randomIds,
    scheduler: asyncScheduler,
    secrets: createSecretVault(randomIds),
    files: createFileStash(randomIds),
    shown: createShownSecrets(randomIds),
    localStore: webStore(() => window.localStorage),
    sessionStore: webStore(() => window.sessionStorage),
    history: browserHistory(),
    platformApi: createPlatformApi(http),
    // The account screens' calls load with the first of them.
    sessionApi: {
      ...createSessionApi(http),
      ...pick(
        lazyApi<AccountApi>(() => import('../http/account').then((m) => m.createAccountApi(http))),
        ACCOUNT_CALLS,
      ),
    },
    // Only admins' pages call it: it loads with the first admin call, not at start-up.
    adminApi: lazyApi(() => import('./adminApiChunk').then((m) => m.createAdminApi(http))),
    serviceStatusApi: lazyApi(() =>
      import('../http/serviceStatus').then((m) => m.createServiceStatusApi(http)),
    ),
    // GraphQL (graphql + graphql-request) loads with the first package query, not at start-up.
    packagesApi: lazyApi(() => import('./packagesApiChunk').then((m) => m.createPackagesApi(http))),
    releaseBundlesApi: lazyApi(() =>
      import('../http/releaseBundles').then((m) => m.createReleaseBundlesApi(http)),
    ),
    // Support bundles load their client code with the Support Zone page's first call.
    onboardingApi: lazyApi(() => import('./adminApiChunk').then((m) => m.createOnboardingApi(http))),
    supportBundlesApi: lazyApi(() =>
      import('../http/supportBundles').then((m) => m.createSupportBundlesApi(http)),
    ),
    navigationApi: createNavigationApi(http),
    repositoriesApi: lazyApi(() => import('../http/repositories').then((m) => m.createRepositoriesApi(http))),
    artifactsApi: lazyApi(() => import('../http/artifacts').then((m) => m.createArtifactsApi(http))),
    securityApi: lazyApi(() => import('../http/security').then((m) => m.createSecurityApi(http))),
    buildsApi: lazyApi(() => import('../http/builds').then((m) => m.createBuildsApi(http))),
    overviewApi: lazyApi(() => import('../http/overview').then((m) => m.createOverviewApi(http))),
    integrationsApi: lazyApi(() => import('../http/integrations').then((m) => m.createIntegrationsApi(http))),
    tokensApi: lazyApi(() => import('../http/tokens').then((m) => m.createTokensApi(http))),
    xrayApi: lazyApi(() => import('../http/xray').then((m) => m.createXrayApi(http))),
  }
}
