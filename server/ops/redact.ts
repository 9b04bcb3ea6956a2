// What stands for a secret in a support bundle's files, and the one replacement of known secrets.
// A module of its own: the bundle's builder and its session file both use it.
export const REDACTED = '********'

/** The text with every known secret replaced. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text
  for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join(REDACTED)
  return out
}
