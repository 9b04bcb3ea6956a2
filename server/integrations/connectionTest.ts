/**
 * The git connection test: a real HTTP GET to the vendor's user endpoint under the API URL the
 * admin gave (`user`, the "who am I" of GitHub, GitLab and Bitbucket Cloud; Bitbucket Server's
 * `users?limit=1`, which needs a signed-in user), with the token as a bearer header,
 * bounded by a timeout. Redirects are not followed (the token is meant for that URL only), and
 * only a 2xx answer counts as success.
 */
import { userEndpointPath, vendorEndpoint } from './vendorApi'
import type { Vendor } from './vendors'

export const CONNECTION_TEST_TIMEOUT_MS = 5000
export const CONNECTION_FAILED_MESSAGE = 'Connection test failed, please check your credentials'
export const CONNECTION_OK_MESSAGE = 'Connection test succeeded'

export interface ConnectionResult {
  readonly success: boolean
  readonly message: string
  /** The HTTP status the URL answered, when it answered. */
  readonly status?: number
  /** Why it failed, in words safe to show (never the token). */
  readonly reason?: string
}

export async function testConnection(
  vendor: Vendor,
  url: string,
  token: string,
  timeoutMs = CONNECTION_TEST_TIMEOUT_MS,
): Promise<ConnectionResult> {
  try {
    const res = await fetch(vendorEndpoint(url, userEndpointPath(vendor)), {
      method: 'GET',
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    })
    // Only the status matters; do not hold the connection for a body nobody reads.
    await res.body?.cancel()
    if (res.status >= 200 && res.status < 300)
      return { success: true, message: CONNECTION_OK_MESSAGE, status: res.status }
    return {
      success: false,
      message: CONNECTION_FAILED_MESSAGE,
      status: res.status,
      reason: `The server answered HTTP ${res.status}`,
    }
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
    return {
      success: false,
      message: CONNECTION_FAILED_MESSAGE,
      reason: timedOut ? `No answer within ${timeoutMs / 1000} s` : 'The server could not be reached',
    }
  }
}
