/**
 * The session area's catalogue: the words its screens give the session's message keys. A failure
 * whose secret was gone (domain/shared/failure.ts `secretGone`) names the secret to give again.
 */
import type { SecretName } from '../../domain/shared/failure'

// The names that are not the key itself (the login page carries this module: keep it short).
const NAMES: Readonly<Partial<Record<SecretName, string>>> = {
  newPassword: 'new password',
  resetKey: 'reset key',
  invitationToken: 'invitation',
}

export const secretGoneText = (secret: SecretName): string =>
  // The reset key and the invitation come in the email's link; the others were typed.
  `The ${NAMES[secret] ?? secret} is no longer available; please ${secret in LINKED ? 'open the link' : 'type it'} again.`

const LINKED = { resetKey: 1, invitationToken: 1 }

/** The words as a component, for the login family's kit to load only when a secret was gone. */
export default function SecretGone({ secret }: { readonly secret: SecretName }) {
  return secretGoneText(secret)
}
