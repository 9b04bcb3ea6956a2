/**
 * The integrations area's own words for a failed git connection test, by the cause the platform
 * gave: what went wrong and what to check, in the area's chunk.
 */
import type { ConnectionFailureCause } from '../../domain/integrations'

/** The specification's words, for a test that did not get as far as the vendor's answer. */
export const CONNECTION_TEST_FAILED = 'Connection test failed, please check your credentials'

export function connectionFailureText(cause: ConnectionFailureCause | undefined, vendor: string): string {
  switch (cause) {
    case 'credentials':
      return `${vendor} refused the access token. Check the token, its scopes and that it has not expired.`
    case 'notVendorApi':
      return `The address answers, but not as ${vendor}'s API. Check the API URL.`
    case 'tls':
      return "The server's TLS certificate was not accepted. Use an address whose certificate the platform trusts."
    case 'unreachable':
      return 'The server could not be reached. Check the API URL and that the platform can reach that host.'
    case 'timeout':
      return 'The server did not answer in time. Check the API URL and that the platform can reach that host.'
    case 'blocked':
      return "The platform never calls link-local or cloud metadata addresses. Enter the vendor's API URL."
    case 'undisclosed':
      // The platform tells why only for an address an integration was saved with, so that the
      // test cannot be used to map what answers inside its network.
      return 'The connection failed. Check the API URL and the access token: for a new address the platform does not say which one failed.'
    case undefined:
      return CONNECTION_TEST_FAILED
  }
}
