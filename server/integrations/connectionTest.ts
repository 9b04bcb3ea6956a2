/**
 * The git connection test: a real HTTP GET to the vendor's user endpoint under the API URL the
 * admin gave (`user`, the "who am I" of GitHub, GitLab and Bitbucket Cloud; Bitbucket Server's
 * `users?limit=1`, which needs a signed-in user), with the token as a bearer header,
 * through the platform's one guarded way out (vendorGet, server/upstream/fetch.ts): bounded by a
 * time-out to connect and one to answer, redirects not followed (the token is meant for that URL
 * only), link-local and cloud metadata addresses never called. Only a 2xx answer counts as success.
 *
 * Why it failed is told only for an address the admin saved with an integration: for any other
 * address every failure reads the same, so the test cannot be used to map what answers where
 * inside the platform's network (which ports are open, what a service answers).
 */
import { shownUrl, UpstreamFault } from '../upstream/fetch'
import { userEndpointPath, vendorEndpoint, vendorGet } from './vendorApi'
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

/** What the call came to: an answer (its status, and where a redirect points), or the fault. */
type Outcome =
  | { readonly kind: 'answered'; readonly status: number; readonly location?: string }
  | { readonly kind: 'fault'; readonly fault: UpstreamFault }

/**
 * One GET with the token through the platform's guarded way out (vendorGet): a redirect answered
 * as it came, never followed; only the status is read.
 */
async function call(url: string, token: string, timeoutMs: number): Promise<Outcome> {
  try {
    const res = await vendorGet(url, token, 'application/json', timeoutMs)
    // Only the status matters; do not hold the connection for a body nobody reads.
    res.body.destroy()
    const location = res.headers.location
    return {
      kind: 'answered',
      status: res.status,
      ...(location
        ? { location: shownUrl(URL.canParse(location, url) ? new URL(location, url) : location) }
        : {}),
    }
  } catch (error) {
    if (error instanceof UpstreamFault) return { kind: 'fault', fault: error }
    throw error
  }
}

/** Why a saved address could not be called, in words safe to show, from the guarded call's fault. */
function faultReason(fault: UpstreamFault, timeoutMs: number): readonly [FailureCause, string] {
  switch (fault.kind) {
    case 'blocked':
      return ['blocked', 'The address is link-local or a cloud metadata service: it is never called']
    case 'tls':
      return ['tls', `The server's TLS certificate was not accepted (${fault.code ?? 'TLS'})`]
    case 'connectTimeout':
    case 'readTimeout':
      return ['timeout', `No answer within ${timeoutMs / 1000} s`]
    default:
      return [
        'unreachable',
        fault.code === 'ECONNREFUSED'
          ? 'The server could not be reached: nothing accepts connections at that address'
          : fault.code === 'ENOTFOUND' || fault.code === 'EAI_AGAIN'
            ? 'The server could not be reached: its host name is not known'
            : 'The server could not be reached',
      ]
  }
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
  if (outcome.kind === 'fault') return failed(...faultReason(outcome.fault, timeoutMs))
  const { status, location } = outcome
  // The spec's message blames the credentials whatever happened: the reason says which it was.
  if (status === 401 || status === 403)
    return failed('credentials', `The server refused the token (HTTP ${status})`, status)
  if (status >= 300 && status < 400 && location)
    return failed(
      'notVendorApi',
      `The server redirects to ${location}: the token is sent only to the API URL given; check the API URL`,
      status,
    )
  return failed(
    'notVendorApi',
    `The server answered HTTP ${status}: this address does not answer as the vendor's API; check the API URL`,
    status,
  )
}
