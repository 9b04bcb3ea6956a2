/**
 * The GraphQL client's request policy (issue: hung requests hang screens forever): every
 * attempt times out, attempts that got no answer or an overload answer are made again a
 * bounded number of times, refusals and cancellations are not.
 */
import { describe, expect, it } from 'vitest'
import * as t from 'io-ts'
import { createMetadataClient } from '../../adapters/graphql/client'

const Data = t.type({ ok: t.boolean })

/** A fetch that answers each call with the next behaviour; 'hang' never answers until aborted. */
function scripted(behaviours: Array<'hang' | 'reset' | number>) {
  const calls: number[] = []
  const fetch = ((_input: RequestInfo | URL, init?: RequestInit) => {
    const behaviour = behaviours[calls.length] ?? 200
    calls.push(calls.length)
    if (behaviour === 'hang')
      return new Promise<Response>((_, reject) => {
        // As fetch does: an aborted signal rejects at once, a later abort when it comes.
        const abort = () => reject(new DOMException('aborted', 'AbortError'))
        if (init?.signal?.aborted) abort()
        else init?.signal?.addEventListener('abort', abort)
      })
    if (behaviour === 'reset') return Promise.reject(new TypeError('fetch failed'))
    const body = behaviour === 200 ? { data: { ok: true } } : { message: 'busy', code: 'BUSY' }
    return Promise.resolve(
      new Response(JSON.stringify(body), {
        status: behaviour,
        headers: { 'content-type': 'application/json' },
      }),
    )
  }) as typeof globalThis.fetch
  const slept: number[] = []
  const client = createMetadataClient({
    fetch,
    base: 'http://127.0.0.1/ui/api/v1',
    timeoutMs: 30,
    retries: 2,
    backoffMs: (n) => 100 * (n + 1),
    sleep: async (ms) => {
      slept.push(ms)
    },
  })
  const query = (signal?: AbortSignal) => client.query('packages', '{ ok }', {}, Data, signal)
  return { query, calls, slept }
}

describe('GraphQL client requests', () => {
  it('gives up on an attempt that never answers, asks once more, and says it timed out in the end', async () => {
    const { query, calls, slept } = scripted(['hang', 'hang', 'hang'])
    const result = await query()
    expect(result).toEqual({ _tag: 'Left', left: { kind: 'timeout', message: 'no answer within 30 ms' } })
    // A time-out already cost the whole wait: one more try, not the three of other failures.
    expect(calls).toHaveLength(2)
    expect(slept).toEqual([100])
  })

  it('recovers when a later attempt answers after a reset and an overload answer', async () => {
    const { query, calls } = scripted(['reset', 503, 200])
    expect(await query()).toEqual({ _tag: 'Right', right: { ok: true } })
    expect(calls).toHaveLength(3)
  })

  it('does not ask again after a refusal', async () => {
    const { query, calls } = scripted([400])
    const result = await query()
    expect(result._tag === 'Left' && result.left.kind).toBe('status')
    expect(calls).toHaveLength(1)
  })

  it('stops at once when the caller cancels', async () => {
    const { query, calls } = scripted(['hang', 'hang'])
    const controller = new AbortController()
    const pending = query(controller.signal)
    controller.abort()
    expect(await pending).toEqual({ _tag: 'Left', left: { kind: 'aborted', message: 'request cancelled' } })
    expect(calls).toHaveLength(1)
  })

  it('sends the jfLoader parameter with the packages list only', async () => {
    const urls: string[] = []
    const fetch = ((input: RequestInfo | URL) => {
      urls.push(String(input instanceof Request ? input.url : input))
      return Promise.resolve(
        new Response(JSON.stringify({ data: { ok: true } }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      )
    }) as typeof globalThis.fetch
    const client = createMetadataClient({ fetch, base: 'http://127.0.0.1/ui/api/v1' })
    for (const endpoint of ['packages', 'package', 'versions'] as const)
      expect(await client.query(endpoint, '{ ok }', {}, Data)).toEqual({ _tag: 'Right', right: { ok: true } })
    expect(urls).toEqual([
      'http://127.0.0.1/ui/api/v1/mds/packages?jfLoader=true',
      'http://127.0.0.1/ui/api/v1/mds/package',
      'http://127.0.0.1/ui/api/v1/mds/versions',
    ])
  })
})
