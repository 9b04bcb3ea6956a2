import { VirtualTimeScheduler } from 'rxjs'
import { left, right } from 'fp-ts/Either'
import type { KeyValueStore, NavigationApi, NavigationType, Ports, SetMeUpApi } from '../../adapters/ports'
import { createFileStash, createSecretVault, createShownSecrets } from '../../adapters/memory/secretVault'
import { fakePackagesApi, fakeReleaseBundlesApi } from './fakePackagesApi'

/** A storage that lives in a Map, for tests (and to inspect what was written). */
export function memoryStore(): KeyValueStore & { readonly data: Map<string, string> } {
  const data = new Map<string, string>()
  return {
    data,
    get: (k) => data.get(k) ?? null,
    set: (k, v) => void data.set(k, v),
    remove: (k) => void data.delete(k),
  }
}

/**
 * An area API whose every call answers a network failure: a test fakes only the calls it
 * means to exercise (pass `{...notFaked<SessionApi>(), login: async () => right(user)}`).
 */
export function notFaked<T extends object>(): T {
  return new Proxy({} as T, {
    get: (_target, name) =>
      typeof name === 'string' && name !== 'then'
        ? () => Promise.resolve(left({ kind: 'network', message: `${name} is not faked in this test` }))
        : undefined,
  })
}

/** A navigation API that keeps the navigation type in memory. */
export function fakeNavigationApi(initial: NavigationType = 'new'): NavigationApi & {
  readonly saved: NavigationType[]
} {
  let type = initial
  const saved: NavigationType[] = []
  return {
    saved,
    navigationType: async () => right(type),
    saveNavigationType: async (next) => {
      type = next
      saved.push(next)
      return right(next)
    },
  }
}

/** Set-me-up's API: a fixed client base URL, without reverse proxies, unless `overrides` says otherwise. */
export function fakeSetMeUpApi(
  overrides: Partial<SetMeUpApi> = {},
  baseUrl = 'http://platform.test',
): SetMeUpApi {
  return { clientBaseUrl: async () => right({ baseUrl, reverseProxies: [] }), ...overrides }
}

/**
 * Ports for tests: a manual clock, counting ids, a virtual-time scheduler, in-memory
 * storage and history. An area API a test does not pass answers every call with a network
 * failure (`notFaked`), so a new area's API needs no line here; pass the ones a test needs.
 */
export function fakePorts(overrides: Partial<Ports> = {}): Ports & {
  readonly advance: (ms: number) => void
  readonly visited: string[]
} {
  let now = Date.parse('2026-01-01T00:00:00.000Z')
  let n = 0
  const ids = { next: () => `id-${++n}` }
  const scheduler = new VirtualTimeScheduler()
  const visited: string[] = ['/ui/']
  const given: Partial<Ports> = {
    clock: { now: () => now },
    ids,
    scheduler,
    secrets: createSecretVault(ids),
    files: createFileStash(ids),
    shown: createShownSecrets(ids),
    localStore: memoryStore(),
    sessionStore: memoryStore(),
    history: {
      current: () => visited[visited.length - 1] ?? '/',
      push: (p) => void visited.push(p),
      replace: (p) => void (visited[visited.length - 1] = p),
      assign: (url) => void visited.push(url),
    },
    packagesApi: fakePackagesApi(),
    releaseBundlesApi: fakeReleaseBundlesApi(),
    navigationApi: fakeNavigationApi(),
    setMeUpApi: fakeSetMeUpApi(),
    ...overrides,
  }
  const ports = {
    ...given,
    visited,
    advance(ms: number) {
      now += ms
      scheduler.flush()
    },
  }
  const unfaked = new Map<string, object>()
  return new Proxy(ports, {
    get(target, key, receiver) {
      if (typeof key !== 'string' || !key.endsWith('Api') || key in target)
        return Reflect.get(target, key, receiver)
      const known = unfaked.get(key) ?? notFaked<object>()
      unfaked.set(key, known)
      return known
    },
  }) as unknown as Ports & { readonly advance: (ms: number) => void; readonly visited: string[] }
}
