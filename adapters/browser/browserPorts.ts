/**
 * The ports of the running console in a browser: real clock, random ids, web storage,
 * the History API, and every area's API over one HTTP client. The login page needs only the
 * platform and session APIs; the others load with their first call (see lazyApi.ts and the
 * areas' manifests, ui/areas.ts).
 */
import { asyncScheduler } from 'rxjs'
import type { HistoryPort, IdSource, KeyValueStore, Ports } from '../ports'
import { createHttpClient, type HttpClient } from '../http/client'
import type { SaveFile } from '../http/saveFile'
import { answeringFromPage, pageAnswersOnceParsed } from './pageAnswers'
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

/**
 * Where the ports run, besides the HTTP client: the platform's origin ('' in the page, whose
 * own it is), and, outside a browser, the fetch that files go through and where downloads go
 * (a page uploads with XMLHttpRequest, for its progress, and saves through a link).
 */
export interface PortHost {
  readonly origin: string
  readonly fetch?: typeof globalThis.fetch
  readonly saveFile?: SaveFile
}

/** An area's API ports over the one HTTP client (each area's manifest declares its own: ui/areas.ts). */
export type AreaPorts = (http: HttpClient, fetch: typeof globalThis.fetch, host: PortHost) => Partial<Ports>

/**
 * The browser's ports: the platform's clock, ids, storage and history, and the API ports the
 * areas declare. Every member of `Ports` is one an area declares (a unit test checks it against
 * the script ports, which name each).
 */
export function createBrowserPorts(areas: ReadonlyArray<AreaPorts>): Ports {
  // The answers that came with a signed-in user's page (start-up's, the list's first page) are
  // taken before the network, by the HTTP client and by the areas' GraphQL clients alike, once
  // the page that carries them is parsed (its entry may run before).
  const pageFetch = answeringFromPage(
    pageAnswersOnceParsed(document),
    (input, init) => fetch(input, init),
    () => performance.now(),
  )
  const http = createHttpClient({ fetch: pageFetch })
  const core: Partial<Ports> = {
    clock: { now: () => Date.now() },
    ids: randomIds,
    scheduler: asyncScheduler,
    secrets: createSecretVault(randomIds),
    files: createFileStash(randomIds),
    shown: createShownSecrets(randomIds),
    localStore: webStore(() => window.localStorage),
    sessionStore: webStore(() => window.sessionStorage),
    history: browserHistory(),
  }
  return Object.assign(core, ...areas.map((ports) => ports(http, pageFetch, { origin: '' }))) as Ports
}
