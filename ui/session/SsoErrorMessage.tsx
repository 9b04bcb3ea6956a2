// What an identity provider's failure (`?ssoError=CODE`, set by the platform's sign-in
// callback) means to the person: a known code picks its message; the query text itself is
// never shown. Loaded only when the login page has such a code.
import { FailureNote } from '../shared/kit/LoadFailure'

const SSO_ERRORS: Readonly<Record<string, string>> = {
  denied: 'Sign-in was cancelled at the identity provider.',
  state: 'That sign-in took too long or was started elsewhere. Please try again.',
  expired: "The identity provider's answer had expired. Please try again.",
  no_account: 'You have no account on this platform yet. Ask an administrator to add you.',
  conflict: 'A local account already has your username: sign in with its password, or ask an administrator.',
  unavailable: 'The identity provider cannot be reached right now. Try again, or sign in locally.',
  not_configured: 'Single sign-on is not set up on this platform.',
  no_identity:
    'No single sign-on session came with your browser: sign in to your identity provider first, or sign in here.',
  untrusted_proxy: 'Your request did not come through the sign-on proxy this platform trusts.',
  provider: 'The identity provider refused to answer this platform. Ask an administrator.',
}
const SSO_ERROR_FALLBACK = "The identity provider's answer could not be verified. Please try again."

export default function SsoErrorMessage({ code }: { readonly code: string }) {
  return <FailureNote>{Object.hasOwn(SSO_ERRORS, code) ? SSO_ERRORS[code] : SSO_ERROR_FALLBACK}</FailureNote>
}
