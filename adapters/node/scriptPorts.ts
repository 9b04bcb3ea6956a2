/**
 * Ports for running the console's bus from a Node script against a real platform: the same
 * areas, effects and HTTP adapters as the browser, with a cookie jar instead of the browser's
 * cookie store, in-memory web storage and history, and downloads kept in memory.
 */
import { asyncScheduler } from 'rxjs'
import type { HistoryPort, KeyValueStore, Ports } from '../ports'
import { createHttpClient, API_BASE } from '../http/client'
import { createMetadataClient } from '../graphql/client'
import { createPlatformApi } from '../http/platform'
import { createSessionApi } from '../http/session'
import { createAccountApi } from '../http/account'
import { createAdminApi } from '../http/admin'
import { createServiceStatusApi } from '../http/serviceStatus'
import { createPackagesApi } from '../http/packages'
import { createReleaseBundlesApi } from '../http/releaseBundles'
import { createRepositoriesApi } from '../http/repositories'
import { createSecurityApi } from '../http/security'
import { createIntegrationsApi } from '../http/integrations'
import { createSupportBundlesApi } from '../http/supportBundles'
import { createOnboardingApi } from '../http/onboarding'
import { createNavigationApi } from '../http/navigation'
import { createFileStash, createSecretVault, createShownSecrets } from '../memory/secretVault'
import { createArtifactsApi } from '../http/artifacts'
import { createBuildsApi } from '../http/builds'
import { createOverviewApi } from '../http/overview'
import { createTokensApi } from '../http/tokens'
import { createXrayApi } from '../http/xray'

/**
 * A fetch that resolves paths against `origin` and keeps the cookies the platform sets,
 * as a browser would for one site.
 */
export function cookieJarFetch(origin: string, base: typeof fetch = fetch): typeof fetch {
  const jar = new Map<string, string>()
  return async (input, init) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url, origin)
    const headers = new Headers(init?.headers)
    if (jar.size > 0) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '))
    const response = await base(url, { ...init, headers })
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';')
      const eq = pair.indexOf('=')
      if (eq <= 0) continue
      const name = pair.slice(0, eq).trim()
      const value = pair.slice(eq + 1).trim()
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === ''
      if (expired) jar.delete(name)
      else jar.set(name, value)
    }
    return response
  }
}

function memoryStore(): KeyValueStore {
  const data = new Map<string, string>()
  return {
    get: (k) => data.get(k) ?? null,
    set: (k, v) => void data.set(k, v),
    remove: (k) => void data.delete(k),
  }
}

export interface ScriptPorts extends Ports {
  /** Paths the app navigated to, oldest first. */
  readonly visited: ReadonlyArray<string>
  /** Files the app downloaded (name and bytes). */
  readonly downloads: ReadonlyArray<{ readonly name: string; readonly bytes: Uint8Array }>
}

export function createScriptPorts(options: { readonly platformUrl: string }): ScriptPorts {
  const origin = new URL(options.platformUrl).origin
  const jarFetch = cookieJarFetch(origin)
  const http = createHttpClient({ fetch: jarFetch })
  let n = 0
  const ids = { next: () => `s${(++n).toString(36)}` }
  const visited: string[] = []
  const downloads: Array<{ name: string; bytes: Uint8Array }> = []
  const history: HistoryPort = {
    current: () => visited[visited.length - 1] ?? '/ui/',
    push: (p) => void visited.push(p),
    replace: (p) => void (visited.length > 0 ? (visited[visited.length - 1] = p) : visited.push(p)),
    assign: (url) => void visited.push(url),
  }
  return {
    clock: { now: () => Date.now() },
    ids,
    scheduler: asyncScheduler,
    secrets: createSecretVault(ids),
    files: createFileStash(ids),
    shown: createShownSecrets(ids),
    localStore: memoryStore(),
    sessionStore: memoryStore(),
    history,
    platformApi: createPlatformApi(http),
    sessionApi: { ...createSessionApi(http), ...createAccountApi(http) },
    adminApi: createAdminApi(http),
    serviceStatusApi: createServiceStatusApi(http),
    packagesApi: createPackagesApi(http, {
      metadata: createMetadataClient({ fetch: jarFetch, base: `${origin}${API_BASE}` }),
      fetch: jarFetch,
      saveFile: (blob, name) => {
        void blob.arrayBuffer().then((b) => downloads.push({ name, bytes: new Uint8Array(b) }))
      },
    }),
    releaseBundlesApi: createReleaseBundlesApi(http),
    repositoriesApi: createRepositoriesApi(http),
    artifactsApi: createArtifactsApi(http, { fetch: jarFetch, origin }),
    securityApi: createSecurityApi(http),
    buildsApi: createBuildsApi(http),
    overviewApi: createOverviewApi(http),
    integrationsApi: createIntegrationsApi(http),
    tokensApi: createTokensApi(http),
    xrayApi: createXrayApi(http),
    supportBundlesApi: createSupportBundlesApi(http, {
      fetch: jarFetch,
      saveFile: (blob, name) => {
        void blob.arrayBuffer().then((b) => downloads.push({ name, bytes: new Uint8Array(b) }))
      },
    }),
    navigationApi: createNavigationApi(http),
    onboardingApi: createOnboardingApi(http),
    visited,
    downloads,
  }
}
