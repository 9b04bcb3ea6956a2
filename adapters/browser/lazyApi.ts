/**
 * An API port whose implementation (and the libraries it needs) loads on its first call, so
 * they stay out of the first-load bundle. A chunk that fails to load answers every call with
 * a network failure, like an unreachable server: effects handle it as any failed call.
 */
import { left } from 'fp-ts/Either'
import type { Result } from '../ports'

type AsyncApi<T> = { [K in keyof T]: (...args: never[]) => Promise<Result<unknown>> }

export function lazyApi<T extends AsyncApi<T>>(load: () => Promise<T>, methods: ReadonlyArray<keyof T>): T {
  let loading: Promise<T> | undefined
  const api = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined // a later call may try again (e.g. after a deploy)
      throw error
    })
    return loading
  }
  const entries = methods.map((name) => [
    name,
    async (...args: never[]) => {
      let loaded: T
      try {
        loaded = await api()
      } catch (error) {
        return left({
          kind: 'network',
          message: `could not load the client code: ${(error as Error).message}`,
        })
      }
      return (loaded[name] as (...a: never[]) => Promise<Result<unknown>>)(...args)
    },
  ])
  return Object.fromEntries(entries) as T
}
