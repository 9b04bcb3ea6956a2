/**
 * The ports of the running console in a browser: real clock, random ids, web storage,
 * the History API, and every area's API over one HTTP client.
 */
import { asyncScheduler } from 'rxjs'
import type {
  AdminApi,
  HistoryPort,
  IdSource,
  KeyValueStore,
  PackagesApi,
  Ports,
  ServiceStatusApi,
  SupportBundlesApi,
} from '../ports'
import { lazyApi } from './lazyApi'
import { createHttpClient } from '../http/client'
import { createPlatformApi } from '../http/platform'
import { createSessionApi } from '../http/session'
import { createReleaseBundlesApi } from '../http/releaseBundles'
import { createNavigationApi } from '../http/navigation'
import { createSecretVault } from '../memory/secretVault'

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

// A record, so adding a method to PackagesApi without listing it here fails to compile.
const packagesApiMethods: Record<keyof PackagesApi, true> = {
  searchPackages: true,
  countPackages: true,
  getPackage: true,
  listVersions: true,
  getReadme: true,
  getBuilds: true,
  getDockerLayers: true,
  getNpmDependencies: true,
  getNpmProperties: true,
  download: true,
}
const PACKAGES_API_METHODS = Object.keys(packagesApiMethods) as Array<keyof PackagesApi>

const serviceStatusApiMethods: Record<keyof ServiceStatusApi, true> = {
  topology: true,
  logFiles: true,
  logData: true,
}
const SERVICE_STATUS_API_METHODS = Object.keys(serviceStatusApiMethods) as Array<keyof ServiceStatusApi>

const supportBundlesApiMethods: Record<keyof SupportBundlesApi, true> = {
  list: true,
  create: true,
  remove: true,
  download: true,
  retentionEnabled: true,
}
const SUPPORT_BUNDLES_API_METHODS = Object.keys(supportBundlesApiMethods) as Array<keyof SupportBundlesApi>

const adminApiMethods: Record<keyof AdminApi, true> = {
  generalConfig: true,
  saveGeneralConfig: true,
  licenses: true,
  proxies: true,
  saveProxy: true,
  deleteProxy: true,
  projects: true,
  createProject: true,
  members: true,
  saveMembers: true,
  peers: true,
  users: true,
  saveUser: true,
  deleteUser: true,
  invite: true,
  groups: true,
  saveGroup: true,
  deleteGroup: true,
  permissions: true,
  savePermission: true,
  deletePermission: true,
}
const ADMIN_API_METHODS = Object.keys(adminApiMethods) as Array<keyof AdminApi>

export function createBrowserPorts(): Ports {
  const http = createHttpClient()
  return {
    clock: { now: () => Date.now() },
    ids: randomIds,
    scheduler: asyncScheduler,
    secrets: createSecretVault(randomIds),
    localStore: webStore(() => window.localStorage),
    sessionStore: webStore(() => window.sessionStorage),
    history: browserHistory(),
    platformApi: createPlatformApi(http),
    sessionApi: createSessionApi(http),
    // Only admins' pages call it: it loads with the first admin call, not at start-up.
    adminApi: lazyApi(() => import('./adminApiChunk').then((m) => m.createAdminApi(http)), ADMIN_API_METHODS),
    // Topology and log calls load their client code with the first admin monitoring page.
    serviceStatusApi: lazyApi(
      () => import('../http/serviceStatus').then((m) => m.createServiceStatusApi(http)),
      SERVICE_STATUS_API_METHODS,
    ),
    // GraphQL (graphql + graphql-request) loads with the first package query, not at start-up.
    packagesApi: lazyApi(
      () => import('./packagesApiChunk').then((m) => m.createPackagesApi(http)),
      PACKAGES_API_METHODS,
    ),
    releaseBundlesApi: createReleaseBundlesApi(http),
    // Support bundles load their client code with the Support Zone page's first call.
    supportBundlesApi: lazyApi(
      () => import('../http/supportBundles').then((m) => m.createSupportBundlesApi(http)),
      SUPPORT_BUNDLES_API_METHODS,
    ),
    navigationApi: createNavigationApi(http),
  }
}
