// API ports that load on first call (adapters/browser/lazyApi.ts).
import { describe, expect, it } from 'vitest'
import { right } from 'fp-ts/Either'
import { lazyApi } from '../../adapters/browser/lazyApi'
import type { ReleaseBundlesApi, ServiceStatusApi } from '../../adapters/ports'
import { notFaked } from '../support/fakePorts'

describe('lazyApi', () => {
  it('loads the implementation once, on the first call, and forwards every method', async () => {
    let loads = 0
    const api = lazyApi<ReleaseBundlesApi>(async () => {
      loads++
      return { byChecksum: async (checksum, rows) => right([{ checksum, rows }] as never) }
    })
    expect(loads).toBe(0)
    // The port is not a promise: awaiting it gives the port itself.
    expect(await api).toBe(api)
    expect(await api.byChecksum('abc', 2)).toEqual(right([{ checksum: 'abc', rows: 2 }]))
    await api.byChecksum('def', 1)
    expect(loads).toBe(1)
  })

  it('answers a network failure when the code does not load, and tries again on the next call', async () => {
    let attempts = 0
    const api = lazyApi<ServiceStatusApi>(async () => {
      attempts++
      if (attempts === 1) throw new Error('Failed to fetch dynamically imported module')
      return { ...notFaked<ServiceStatusApi>(), topology: async () => right([]) }
    })
    expect(await api.topology()).toEqual({
      _tag: 'Left',
      left: {
        kind: 'network',
        message: 'could not load the client code: Failed to fetch dynamically imported module',
      },
    })
    expect(await api.topology()).toEqual(right([]))
    expect(attempts).toBe(2)
  })
})
