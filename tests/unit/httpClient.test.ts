import { describe, expect, it } from 'vitest'
import * as t from 'io-ts'
import { isLeft, isRight } from 'fp-ts/Either'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createHttpClient } from '../../adapters/http/client'
import { corporaDir } from '../support/corpora'

const Answer = t.type({ name: t.string })

/** A fetch that answers from a script of responses and records the requests. */
function scripted(responses: Array<() => Response | Promise<Response>>) {
  const calls: Array<{ url: string; init: RequestInit | undefined }> = []
  const fetchFn = (async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init })
    const next = responses.shift()
    if (!next) throw new Error('no more responses')
    return next()
  }) as typeof fetch
  return { fetchFn, calls }
}

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    })

describe('http client', () => {
  it('decodes a good answer and sends the XHR header under the API base', async () => {
    const { fetchFn, calls } = scripted([json(200, { name: 'react' })])
    const http = createHttpClient({ fetch: fetchFn })
    const result = await http.request('/ui/auth/current', Answer, { query: { a: 'x y', b: undefined } })
    expect(result).toEqual({ _tag: 'Right', right: { name: 'react' } })
    expect(calls[0]!.url).toBe('/ui/api/v1/ui/auth/current?a=x+y')
    expect((calls[0]!.init!.headers as Record<string, string>)['X-Requested-With']).toBe('XMLHttpRequest')
  })

  it('turns an answer of the wrong shape into a decode failure, not an exception', async () => {
    const { fetchFn } = scripted([json(200, { name: 42 })])
    const result = await createHttpClient({ fetch: fetchFn }).request('/x', Answer)
    expect(isLeft(result) && result.left.kind).toBe('decode')
  })

  it('reports status, message and code from an error body', async () => {
    const { fetchFn } = scripted([json(403, { message: 'Password expired', code: 'PASSWORD_EXPIRED' })])
    const result = await createHttpClient({ fetch: fetchFn }).request('/x', Answer, {
      method: 'POST',
      body: {},
    })
    expect(result).toEqual({
      _tag: 'Left',
      left: { kind: 'status', status: 403, message: 'Password expired', code: 'PASSWORD_EXPIRED' },
    })
  })

  it('retries a GET on 503 at most 3 times, honouring Retry-After', async () => {
    const waits: number[] = []
    const { fetchFn, calls } = scripted([
      json(503, {}, { 'retry-after': '2' }),
      json(503, {}),
      json(503, {}),
      json(503, {}),
    ])
    const http = createHttpClient({
      fetch: fetchFn,
      backoffMs: (n) => 10 * (n + 1),
      sleep: async (ms) => void waits.push(ms),
    })
    const result = await http.request('/x', Answer)
    expect(calls).toHaveLength(4)
    expect(waits).toEqual([2000, 20, 30])
    expect(isLeft(result) && result.left.status).toBe(503)
  })

  it('never retries a POST', async () => {
    const { fetchFn, calls } = scripted([json(503, {}), json(200, { name: 'x' })])
    const http = createHttpClient({ fetch: fetchFn, sleep: async () => undefined })
    const result = await http.request('/x', Answer, { method: 'POST', body: { a: 1 } })
    expect(calls).toHaveLength(1)
    expect(isLeft(result)).toBe(true)
  })

  it('does not retry a 4xx other than 429', async () => {
    const { fetchFn, calls } = scripted([json(404, { message: 'nope' })])
    await createHttpClient({ fetch: fetchFn, sleep: async () => undefined }).request('/x', Answer)
    expect(calls).toHaveLength(1)
  })

  it('times out a request that never answers', async () => {
    const never = ((_url: string, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
      })) as typeof fetch
    const http = createHttpClient({ fetch: never, timeoutMs: 20, retries: 0 })
    const result = await http.request('/x', Answer)
    expect(isLeft(result) && result.left.kind).toBe('timeout')
  })

  it('asks once more after a time-out, not three times', async () => {
    let calls = 0
    const never = ((_url: string, init?: RequestInit) => {
      calls++
      return new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
      })
    }) as typeof fetch
    const http = createHttpClient({ fetch: never, timeoutMs: 20, retries: 3, sleep: async () => undefined })
    const result = await http.request('/x', Answer)
    expect(isLeft(result) && result.left.kind).toBe('timeout')
    expect(calls).toBe(2)
  })

  it('reports a cancelled request as aborted', async () => {
    const controller = new AbortController()
    const never = ((_url: string, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
      })) as typeof fetch
    const pending = createHttpClient({ fetch: never }).request('/x', Answer, { signal: controller.signal })
    controller.abort()
    const result = await pending
    expect(isLeft(result) && result.left.kind).toBe('aborted')
  })

  it('ends every JSONTestSuite body in a value, never an exception (valid ones decode as unknown)', async () => {
    const dir = join(corporaDir(), 'json-parsing/test_parsing')
    const files = readdirSync(dir).filter((f) => f.endsWith('.json'))
    expect(files.length).toBeGreaterThan(300)
    for (const file of files) {
      const bytes = readFileSync(join(dir, file))
      const { fetchFn } = scripted([() => new Response(bytes, { status: 200 })])
      const result = await createHttpClient({ fetch: fetchFn }).request('/x', Answer)
      // Whatever the body, the caller gets an Either; never a name from a body that has none.
      if (isRight(result)) expect(typeof result.right.name).toBe('string')
      else expect(['decode']).toContain(result.left.kind)
      if (file.startsWith('n_')) expect(isLeft(result)).toBe(true)
    }
  })
})
