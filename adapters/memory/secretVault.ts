import type { IdSource, SecretVault } from '../ports'

/** In-memory vault: a secret is readable once, then gone. Nothing is persisted. */
export function createSecretVault(ids: IdSource): SecretVault {
  const secrets = new Map<string, string>()
  return {
    put(secret) {
      const ref = `secret-${ids.next()}`
      secrets.set(ref, secret)
      return ref
    },
    take(ref) {
      const secret = secrets.get(ref)
      secrets.delete(ref)
      return secret
    },
  }
}
