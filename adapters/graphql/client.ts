/**
 * GraphQL over the platform's metadata endpoints (`/mds/packages`, `/mds/package`,
 * `/mds/versions`). The platform wants the operation wrapped as `{"graphQL": {query,
 * variables}}`, so a request middleware re-wraps what graphql-request sends. Every answer's
 * `data` is decoded with io-ts here; callers get `Either<Failure, A>`. The queries only read,
 * so they follow the GET policy of the HTTP client: each attempt times out, and one that got
 * no answer (or an overload answer) is asked again, at most `retries` times (once after a
 * time-out), with backoff.
 */
import type * as t from 'io-ts'
import { GraphQLClient, ClientError, type RequestMiddleware } from 'graphql-request'
import { isLeft, left, right } from 'fp-ts/Either'
import { PathReporter } from 'io-ts/PathReporter'
import type { Result } from '../ports'
import type { Failure } from '../../domain/shared/failure'
import { API_BASE, TIMEOUT_RETRIES, jitteredBackoff, sleepReal } from '../http/client'

export type MetadataEndpoint = 'packages' | 'package' | 'versions'

export interface GraphqlOptions {
  readonly fetch?: typeof fetch
  /** Absolute origin plus API base; `/ui/api/v1` on the same origin by default. */
  readonly base?: string
  /** Per attempt (15 s by default, as the HTTP client's). */
  readonly timeoutMs?: number
  readonly retries?: number
  readonly backoffMs?: (attempt: number) => number
  readonly sleep?: (ms: number) => Promise<void>
}

const RETRIED_STATUSES: ReadonlyArray<number> = [429, 502, 503, 504]

export interface MetadataClient {
  query<A>(
    endpoint: MetadataEndpoint,
    document: string,
    variables: Record<string, unknown>,
    codec: t.Decoder<unknown, A>,
    signal?: AbortSignal,
  ): Promise<Result<A>>
}

// graphql-request serialises `{query, variables, operationName}`; the platform reads `graphQL`.
const wrapBody: RequestMiddleware = (request) => {
  if (typeof request.body !== 'string') return request
  const { query, variables } = JSON.parse(request.body) as { query: string; variables?: unknown }
  return { ...request, body: JSON.stringify({ graphQL: { query, variables: variables ?? {} } }) }
}

function absolute(base: string): string {
  if (/^https?:\/\//.test(base)) return base
  // graphql-request builds a URL object: give it the page's origin.
  const origin = typeof location !== 'undefined' ? location.origin : 'http://127.0.0.1'
  return `${origin}${base}`
}

export function createMetadataClient(options: GraphqlOptions = {}): MetadataClient {
  const base = absolute(options.base ?? API_BASE)
  const clients = new Map<MetadataEndpoint, GraphQLClient>()
  const clientFor = (endpoint: MetadataEndpoint): GraphQLClient => {
    let client = clients.get(endpoint)
    if (!client) {
      // The packages list names itself a loader of the page (spec 001 section 7: /mds/packages
      // "with jfLoader param"); the single package and versions calls do not.
      const query = endpoint === 'packages' ? '?jfLoader=true' : ''
      client = new GraphQLClient(`${base}/mds/${endpoint}${query}`, {
        fetch: options.fetch ?? ((input, init) => fetch(input, init)),
        credentials: 'same-origin',
        headers: { 'X-Requested-With': 'XMLHttpRequest' },
        errorPolicy: 'all',
        // Documents are text and the platform reads no operation name: nothing to parse
        // (documentsAsText.ts: the browser's build carries no parser).
        excludeOperationName: true,
        requestMiddleware: wrapBody,
      })
      clients.set(endpoint, client)
    }
    return client
  }

  const timeoutMs = options.timeoutMs ?? 15_000
  const retries = options.retries ?? 3
  const backoff = options.backoffMs ?? jitteredBackoff
  const sleep = options.sleep ?? sleepReal

  type Raw = { data?: unknown; errors?: ReadonlyArray<{ message: string }> }
  /** One attempt: the answer, or a failure and whether asking again may help. */
  const attempt = async (
    endpoint: MetadataEndpoint,
    document: string,
    variables: Record<string, unknown>,
    signal: AbortSignal | undefined,
  ): Promise<{ ok: true; response: Raw } | { ok: false; failure: Failure; again: boolean }> => {
    if (signal?.aborted)
      return { ok: false, failure: { kind: 'aborted', message: 'request cancelled' }, again: false }
    const controller = new AbortController()
    const onAbort = () => controller.abort()
    signal?.addEventListener('abort', onAbort)
    const timer = setTimeout(() => controller.abort(), timeoutMs)
    try {
      const response = await clientFor(endpoint).rawRequest<unknown>({
        query: document,
        variables,
        signal: controller.signal,
      })
      return { ok: true, response }
    } catch (error) {
      if (signal?.aborted)
        return { ok: false, failure: { kind: 'aborted', message: 'request cancelled' }, again: false }
      if (controller.signal.aborted)
        return {
          ok: false,
          failure: { kind: 'timeout', message: `no answer within ${timeoutMs} ms` },
          again: true,
        }
      if (error instanceof ClientError) {
        const status = error.response.status
        const first = error.response.errors?.[0]?.message
        const body = error.response as unknown as { message?: unknown }
        const message = first ?? (typeof body.message === 'string' ? body.message : `${status}`)
        return {
          ok: false,
          failure: { kind: 'status', status, message },
          again: RETRIED_STATUSES.includes(status),
        }
      }
      const message = error instanceof Error ? error.message : 'network error'
      return { ok: false, failure: { kind: 'network', message }, again: true }
    } finally {
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
    }
  }

  return {
    async query(endpoint, document, variables, codec, signal) {
      let response: Raw | undefined
      let timeouts = 0
      for (let n = 0; response === undefined; n++) {
        const answer = await attempt(endpoint, document, variables, signal)
        if (answer.ok) response = answer.response
        else if (!answer.again || n >= retries) return left(answer.failure)
        else if (answer.failure.kind === 'timeout' && ++timeouts > TIMEOUT_RETRIES)
          return left(answer.failure)
        else await sleep(backoff(n))
      }
      if (response.errors && response.errors.length > 0 && response.data == null) {
        return left({ kind: 'status', status: 200, message: response.errors[0]?.message ?? 'GraphQL error' })
      }
      const decoded = codec.decode(response.data)
      if (isLeft(decoded)) {
        return left({
          kind: 'decode',
          message: `Unexpected answer from /mds/${endpoint}: ${PathReporter.report(decoded).slice(0, 3).join('; ')}`,
        })
      }
      return right(decoded.right)
    },
  }
}
