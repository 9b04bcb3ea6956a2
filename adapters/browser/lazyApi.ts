/**
 * An API port whose implementation (and the libraries it needs) loads on its first call, so
 * they stay out of the first-load bundle. A chunk that fails to load answers every call with
 * a network failure, like an unreachable server: effects handle it as any failed call.
 *
 * Every method name is forwarded (a Proxy), so a method added to a port needs no change here.
 * `then` is not: the port must not look like a promise to `await`.
 */
import { left } from 'fp-ts/Either'
import type { Result } from '../ports'

type AsyncApi<T> = { [K in keyof T]: (...args: never[]) => Promise<Result<unknown>> }
type Method = (...args: never[]) => Promise<Result<unknown>>

export function lazyApi<T extends AsyncApi<T>>(load: () => Promise<T>): T {
  let loading: Promise<T> | undefined
  const api = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined // a later call may try again (e.g. after a deploy)
      throw error
    })
    return loading
  }
  const methods = new Map<string, Method>()
  const forward =
    (name: string): Method =>
    async (...args) => {
      let loaded: T
      try {
        loaded = await api()
      } catch (error) {
        return left({
          kind: 'network',
          message: `could not load the client code: ${(error as Error).message}`,
        })
      }
      const method = (loaded as unknown as Record<string, Method | undefined>)[name]
      if (typeof method !== 'function')
        return left({ kind: 'network', message: `the client code has no call named ${name}` })
      return method.apply(loaded, args)
    }
  return new Proxy({} as T, {
    get(_target, name) {
      if (typeof name !== 'string' || name === 'then') return undefined
      let method = methods.get(name)
      if (!method) {
        method = forward(name)
        methods.set(name, method)
      }
      return method
    },
  })
}

/** Some of an API's calls, as an object of their own (a lazily loaded API is a Proxy). */
export function pick<T, K extends keyof T>(api: T, names: ReadonlyArray<K>): Pick<T, K> {
  return Object.fromEntries(names.map((name) => [name, api[name]])) as unknown as Pick<T, K>
}
