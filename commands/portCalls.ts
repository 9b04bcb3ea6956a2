/**
 * Counts the calls to the platform (the `…Api` ports) still waiting for their answer, so a
 * script can wait until the client has nothing left to hear (`app.settled()`). Only answers
 * are waited for: an effect still waiting on the scheduler (the search suggestions' debounce)
 * has made no call yet.
 */
import type { Ports } from '../adapters/ports'

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function'

export interface TrackedPorts {
  readonly ports: Ports
  /** Resolves once no call is in flight and none started in the turn after the last answer. */
  settled(): Promise<void>
}

export function trackPortCalls(ports: Ports): TrackedPorts {
  let inFlight = 0
  let waiters: Array<() => void> = []
  const done = () => {
    if (--inFlight > 0) return
    const woken = waiters
    waiters = []
    for (const wake of woken) wake()
  }
  const track = <T extends object>(api: T): T =>
    new Proxy(api, {
      get(target, key, receiver) {
        const value: unknown = Reflect.get(target, key, receiver)
        if (typeof value !== 'function') return value
        return (...args: unknown[]) => {
          const result: unknown = (value as (...a: unknown[]) => unknown).apply(target, args)
          if (isThenable(result)) {
            inFlight++
            result.then(done, done)
          }
          return result
        }
      },
    })
  // Each API is wrapped when it is first read: the ports may answer members they do not list
  // (the tests' fakes answer any API a test leaves out).
  const wrapped = new WeakMap<object, object>()
  const tracked = new Proxy(ports, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver)
      if (typeof key !== 'string' || !key.endsWith('Api') || typeof value !== 'object' || value === null)
        return value
      const known = wrapped.get(value)
      if (known) return known
      const api = track(value)
      wrapped.set(value, api)
      return api
    },
  })
  return {
    ports: tracked,
    settled: () =>
      new Promise<void>((resolve) => {
        // A turn of the event loop after the last answer: the effects it set off have made
        // their calls by then.
        const check = () =>
          setTimeout(() => {
            if (inFlight === 0) resolve()
            else waiters.push(check)
          }, 0)
        check()
      }),
  }
}
