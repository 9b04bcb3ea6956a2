/**
 * GraphQL over the platform's metadata endpoints (`/mds/packages`, `/mds/package`,
 * `/mds/versions`). The platform wants the operation wrapped as `{"graphQL": {query,
 * variables}}`, so a request middleware re-wraps what graphql-request sends. Every answer's
 * `data` is decoded with io-ts here; callers get `Either<Failure, A>`.
 */
import type * as t from 'io-ts'
import { GraphQLClient, ClientError, type RequestMiddleware } from 'graphql-request'
import { isLeft, left, right } from 'fp-ts/Either'
import { PathReporter } from 'io-ts/PathReporter'
import type { Result } from '../ports'
import { API_BASE } from '../http/client'

export type MetadataEndpoint = 'packages' | 'package' | 'versions'

export interface GraphqlOptions {
  readonly fetch?: typeof fetch
  /** Absolute origin plus API base; `/ui/api/v1` on the same origin by default. */
  readonly base?: string
}

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
      client = new GraphQLClient(`${base}/mds/${endpoint}`, {
        fetch: options.fetch ?? ((input, init) => fetch(input, init)),
        credentials: 'same-origin',
        headers: { 'X-Requested-With': 'XMLHttpRequest' },
        errorPolicy: 'all',
        requestMiddleware: wrapBody,
      })
      clients.set(endpoint, client)
    }
    return client
  }

  return {
    async query(endpoint, document, variables, codec, signal) {
      let response: { data?: unknown; errors?: ReadonlyArray<{ message: string }> }
      try {
        response = await clientFor(endpoint).rawRequest<unknown>({ query: document, variables, signal })
      } catch (error) {
        if (signal?.aborted) return left({ kind: 'aborted', message: 'request cancelled' })
        if (error instanceof ClientError) {
          const status = error.response.status
          const first = error.response.errors?.[0]?.message
          const body = error.response as unknown as { message?: unknown }
          const message = first ?? (typeof body.message === 'string' ? body.message : `${status}`)
          return left({ kind: 'status', status, message })
        }
        return left({ kind: 'network', message: error instanceof Error ? error.message : 'network error' })
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
