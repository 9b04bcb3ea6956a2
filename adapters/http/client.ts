/**
 * The one HTTP client of the console. Every answer is decoded with an io-ts codec here, at
 * the boundary: callers get `Either<Failure, A>`, never an exception or an unchecked shape.
 * GETs time out and retry (at most 3 times, once after a time-out, jittered backoff, honouring
 * Retry-After);
 * other methods are never retried blindly.
 */
import type * as t from 'io-ts'
import { left, right, isLeft } from 'fp-ts/Either'
import { PathReporter } from 'io-ts/PathReporter'
import type { Result } from '../ports'
import type { Failure } from '../../domain/shared/failure'

export const API_BASE = '/ui/api/v1'

export interface HttpOptions {
  readonly fetch?: typeof fetch
  /** Prefix for API paths; `/ui/api/v1` by default. */
  readonly base?: string
  readonly timeoutMs?: number
  readonly retries?: number
  /** Delay before retry n (0-based); jittered exponential by default. Injected so tests don't wait. */
  readonly backoffMs?: (attempt: number) => number
  readonly sleep?: (ms: number) => Promise<void>
}

export interface RequestOptions {
  readonly method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH'
  readonly query?: Readonly<Record<string, string | number | boolean | undefined>>
  /** JSON, or a Blob sent as its bytes (with its own type). */
  readonly body?: unknown
  readonly headers?: Readonly<Record<string, string>>
  readonly signal?: AbortSignal
  /**
   * Told when the platform answered (its `Date` header, as an ISO string) once the last attempt
   * has an answer, whether it succeeded or failed; not called when no answer came.
   */
  readonly answered?: (at: string | undefined) => void
  /**
   * How long the platform may wait on someone else before it answers (an upstream's time-outs,
   * which it reports in its answer): added to the client's time-out, so its answer is read.
   */
  readonly platformWaitsMs?: number
}

/** The `Date` header of an answer as an ISO string, if it has a valid one. */
function answeredAt(response: Response): string | undefined {
  const header = response.headers.get('date')
  const ms = header ? Date.parse(header) : NaN
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString()
}

export interface HttpClient {
  /** Calls `path` (relative to the API base) and decodes a JSON answer with `codec`. */
  request<A>(path: string, codec: t.Decoder<unknown, A>, options?: RequestOptions): Promise<Result<A>>
  /** The same for answers without a body worth reading (204, or ignored). */
  send(path: string, options?: RequestOptions): Promise<Result<void>>
  /** The absolute URL of an API path, for links the browser opens itself (downloads). */
  url(path: string, query?: RequestOptions['query']): string
}

/** Attempts that timed out are made again at most this many times (other failures: `retries`). */
export const TIMEOUT_RETRIES = 1

export const sleepReal = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
export const jitteredBackoff = (attempt: number) => Math.round(250 * 2 ** attempt * (0.5 + Math.random()))

function buildUrl(base: string, path: string, query?: RequestOptions['query']): string {
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) params.set(k, String(v))
  const qs = params.toString()
  return `${base}${path.startsWith('/') ? path : `/${path}`}${qs ? `?${qs}` : ''}`
}

function retryAfterMs(response: Response): number | undefined {
  const header = response.headers.get('retry-after')
  if (!header) return undefined
  const seconds = Number(header)
  if (Number.isFinite(seconds)) return Math.min(seconds * 1000, 30_000)
  const date = Date.parse(header)
  return Number.isNaN(date) ? undefined : Math.min(Math.max(0, date - Date.now()), 30_000)
}

/** Pulls a human message and a code out of an error body, whatever its usual shape. */
async function failureOf(response: Response): Promise<Failure> {
  let message = `${response.status} ${response.statusText}`.trim()
  let code: string | undefined
  try {
    const body: unknown = await response.json()
    if (typeof body === 'object' && body !== null) {
      const b = body as Record<string, unknown>
      const first = Array.isArray(b.errors) ? (b.errors[0] as Record<string, unknown> | undefined) : undefined
      const text = b.message ?? b.error ?? first?.message
      if (typeof text === 'string' && text.trim() !== '') message = text
      const c = b.code ?? first?.code
      if (typeof c === 'string' || typeof c === 'number') code = String(c)
    }
  } catch {
    // Not JSON: keep the status line.
  }
  return code === undefined
    ? { kind: 'status', status: response.status, message }
    : { kind: 'status', status: response.status, message, code }
}

export function createHttpClient(options: HttpOptions = {}): HttpClient {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init))
  const base = options.base ?? API_BASE
  const timeoutMs = options.timeoutMs ?? 15_000
  const retries = options.retries ?? 3
  const backoff = options.backoffMs ?? jitteredBackoff
  const sleep = options.sleep ?? sleepReal

  async function raw(path: string, req: RequestOptions): Promise<Result<Response>> {
    const method = req.method ?? 'GET'
    const url = buildUrl(base, path, req.query)
    const headers: Record<string, string> = {
      'X-Requested-With': 'XMLHttpRequest',
      Accept: 'application/json',
      ...req.headers,
    }
    let body: string | Blob | undefined
    if (req.body instanceof Blob) {
      headers['Content-Type'] = req.body.type || 'application/octet-stream'
      body = req.body
    } else if (req.body !== undefined) {
      headers['Content-Type'] = 'application/json'
      body = JSON.stringify(req.body)
    }
    const attempts = method === 'GET' ? retries + 1 : 1
    let last: Failure = { kind: 'network', message: 'no attempt made' }
    let timeouts = 0
    for (let attempt = 0; attempt < attempts; attempt++) {
      if (req.signal?.aborted) return left({ kind: 'aborted', message: 'request cancelled' })
      const controller = new AbortController()
      const onAbort = () => controller.abort()
      req.signal?.addEventListener('abort', onAbort)
      const limitMs = timeoutMs + (req.platformWaitsMs ?? 0)
      const timer = setTimeout(() => controller.abort(), limitMs)
      let wait: number | undefined
      try {
        const response = await doFetch(url, {
          method,
          headers,
          body,
          credentials: 'same-origin',
          signal: controller.signal,
        })
        if (response.ok) {
          req.answered?.(answeredAt(response))
          return right(response)
        }
        last = await failureOf(response)
        // Only overload and gateway answers are worth asking again.
        if (![429, 502, 503, 504].includes(response.status) || attempt + 1 >= attempts) {
          req.answered?.(answeredAt(response))
          return left(last)
        }
        wait = retryAfterMs(response)
      } catch (error) {
        if (req.signal?.aborted) return left({ kind: 'aborted', message: 'request cancelled' })
        last = controller.signal.aborted
          ? { kind: 'timeout', message: `no answer within ${limitMs} ms` }
          : { kind: 'network', message: error instanceof Error ? error.message : 'network error' }
      } finally {
        clearTimeout(timer)
        req.signal?.removeEventListener('abort', onAbort)
      }
      // A time-out has already cost the user the whole wait: one more try, not three.
      if (last.kind === 'timeout' && ++timeouts > TIMEOUT_RETRIES) break
      if (attempt + 1 < attempts) await sleep(wait ?? backoff(attempt))
    }
    return left(last)
  }

  return {
    async request(path, codec, req = {}) {
      const answered = await raw(path, req)
      if (isLeft(answered)) return answered
      let json: unknown
      try {
        json = await answered.right.json()
      } catch {
        return left({ kind: 'decode', message: 'The server answered with something that is not JSON' })
      }
      const decoded = codec.decode(json)
      if (isLeft(decoded)) {
        return left({
          kind: 'decode',
          message: `Unexpected answer from ${path}: ${PathReporter.report(decoded).slice(0, 3).join('; ')}`,
        })
      }
      return right(decoded.right)
    },
    async send(path, req = {}) {
      const answered = await raw(path, req)
      if (isLeft(answered)) return answered
      // Drain the body so the connection can be reused.
      await answered.right.text().catch(() => '')
      return right(undefined)
    },
    url: (path, query) => buildUrl(base, path, query),
  }
}
