// What stands for a secret in a support bundle's files, and the one replacement of known secrets.
// A module of its own: the bundle's builder and its session file both use it.
export const REDACTED = '********'

/**
 * Tokens the platform issues: client tokens (`cnt_`, registry/auth.ts) and container registry
 * tokens (`oci_`, containers/auth.ts), each 32 random bytes in base64url. Only their hashes are
 * stored, so a bundle cannot know them by value: it knows them by this shape.
 */
const ISSUED_TOKEN = /(?<![A-Za-z0-9_-])(?:cnt|oci)_[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g

/**
 * The text with every known secret replaced, as it is and percent-encoded (a URL or a token
 * with `/`, `:` or `+` reaches a request log encoded), and every token the platform issues.
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text
  for (const secret of secrets)
    for (const form of new Set([secret, encodeURIComponent(secret)]))
      if (out.includes(form)) out = out.split(form).join(REDACTED)
  return out.replace(ISSUED_TOKEN, REDACTED)
}
