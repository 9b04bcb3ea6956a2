/**
 * The git connection test: a real HTTP GET to the vendor's user endpoint under the API URL the
 * admin gave (`user`, the "who am I" of GitHub, GitLab and Bitbucket Cloud; Bitbucket Server's
 * `users?limit=1`, which needs a signed-in user), with the token as a bearer header,
 * bounded by a timeout. Redirects are not followed (the token is meant for that URL only), and
 * only a 2xx answer counts as success. Link-local and cloud metadata addresses are never
 * called (server/addressGuard.ts).
 *
 * Why it failed is told only for an address the admin saved with an integration: for any other
 * address every failure reads the same, so the test cannot be used to map what answers where
 * inside the platform's network (which ports are open, what a service answers).
 */
import http from 'node:http'
import https from 'node:https'
import { guardedLookup, RefusedAddress } from '../addressGuard'
import { userEndpointPath, vendorEndpoint } from './vendorApi'
import type { Vendor } from './vendors'

export const CONNECTION_TEST_TIMEOUT_MS = 5000
export const CONNECTION_FAILED_MESSAGE = 'Connection test failed, please check your credentials'
export const CONNECTION_OK_MESSAGE = 'Connection test succeeded'
/** The one reason given for an address no integration was saved with. */
export const COULD_NOT_CONNECT = 'Could not connect'

/**
 * Why a test failed, for a client to word: the token refused (401/403), an address that answers
 * but not as the vendor's API, a TLS certificate not accepted, nothing reachable there, no answer
 * in time, an address never called, or `undisclosed` for an address no integration was saved with.
 */
export const FAILURE_CAUSES = [
  'credentials',
  'notVendorApi',
  'tls',
  'unreachable',
  'timeout',
  'blocked',
  'undisclosed',
] as const
export type FailureCause = (typeof FAILURE_CAUSES)[number]

export interface ConnectionResult {
  readonly success: boolean
  readonly message: string
  /** The HTTP status the URL answered, when it answered (saved addresses only). */
  readonly status?: number
  /** Why it failed, in words safe to show (never the token). */
  readonly reason?: string
  /** Why it failed, as a code a client words itself. */
  readonly cause?: FailureCause
}

type Outcome =
  | { readonly kind: 'answered'; readonly status: number }
  | { readonly kind: 'timeout' }
  | { readonly kind: 'unreachable'; readonly code?: string }
  | { readonly kind: 'tls'; readonly code: string }
  | { readonly kind: 'refused' }

// Node's codes for a TLS handshake or certificate the client would not accept.
const TLS_CODE = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|EPROTO$)/

/** One GET with the token, through the guarded lookup; never throws. */
function call(url: string, token: string, timeoutMs: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const target = new URL(url)
    const request = (target.protocol === 'https:' ? https : http).request(target, {
      method: 'GET',
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      lookup: guardedLookup,
      timeout: timeoutMs,
    })
    const timer = setTimeout(() => {
      resolve({ kind: 'timeout' })
      request.destroy()
    }, timeoutMs)
    request.on('response', (response) => {
      clearTimeout(timer)
      // Only the status matters; do not hold the connection for a body nobody reads.
      response.destroy()
      resolve({ kind: 'answered', status: response.statusCode ?? 0 })
    })
    request.on('timeout', () => request.destroy(new Error('timeout')))
    request.on('error', (error) => {
      clearTimeout(timer)
      const code = (error as NodeJS.ErrnoException).code ?? ''
      resolve(
        error instanceof RefusedAddress
          ? { kind: 'refused' }
          : TLS_CODE.test(code)
            ? { kind: 'tls', code }
            : { kind: 'unreachable', code },
      )
    })
    request.end()
  })
}

export async function testConnection(
  vendor: Vendor,
  url: string,
  token: string,
  options: { readonly saved: boolean; readonly timeoutMs?: number },
): Promise<ConnectionResult> {
  const timeoutMs = options.timeoutMs ?? CONNECTION_TEST_TIMEOUT_MS
  const outcome = await call(vendorEndpoint(url, userEndpointPath(vendor)), token, timeoutMs)
  if (outcome.kind === 'answered' && outcome.status >= 200 && outcome.status < 300)
    return { success: true, message: CONNECTION_OK_MESSAGE, status: outcome.status }
  const failed = (cause: FailureCause, reason: string, status?: number): ConnectionResult => ({
    success: false,
    message: CONNECTION_FAILED_MESSAGE,
    ...(status === undefined ? {} : { status }),
    reason,
    cause,
  })
  if (!options.saved) return failed('undisclosed', COULD_NOT_CONNECT)
  switch (outcome.kind) {
    // The spec's message blames the credentials whatever happened: the reason says which it was.
    case 'answered':
      return outcome.status === 401 || outcome.status === 403
        ? failed('credentials', `The server refused the token (HTTP ${outcome.status})`, outcome.status)
        : failed(
            'notVendorApi',
            `The server answered HTTP ${outcome.status}: this address does not answer as the vendor's API; check the API URL`,
            outcome.status,
          )
    case 'tls':
      return failed('tls', `The server's TLS certificate was not accepted (${outcome.code})`)
    case 'timeout':
      return failed('timeout', `No answer within ${timeoutMs / 1000} s`)
    case 'refused':
      return failed('blocked', 'The address is link-local or a cloud metadata service: it is never called')
    case 'unreachable':
      return failed(
        'unreachable',
        outcome.code === 'ECONNREFUSED'
          ? 'The server could not be reached: nothing accepts connections at that address'
          : outcome.code === 'ENOTFOUND'
            ? 'The server could not be reached: its host name is not known'
            : 'The server could not be reached',
      )
  }
}
