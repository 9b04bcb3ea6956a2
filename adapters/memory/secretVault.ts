import type { FileStash, IdSource, SecretVault, ShownSecrets, ShownStore } from '../ports'

/** A value kept in memory under a fresh reference, readable once, then gone. Nothing is persisted. */
function onceStash<T>(ids: IdSource, prefix: string) {
  const values = new Map<string, T>()
  return {
    put(value: T) {
      const ref = `${prefix}-${ids.next()}`
      values.set(ref, value)
      return ref
    },
    take(ref: string) {
      const value = values.get(ref)
      values.delete(ref)
      return value
    },
  }
}

/** In-memory vault for secrets (passwords, codes, tokens). */
export const createSecretVault = (ids: IdSource): SecretVault => onceStash<string>(ids, 'secret')

/** Files the user chose (to deploy), kept out of commands and events until the effect takes one. */
export const createFileStash = (ids: IdSource): FileStash => onceStash<Blob>(ids, 'file')

/** Values shown to the user, readable until cleared; past `max` the oldest goes. */
function shownStore<T>(ids: IdSource, prefix: string, max: number): ShownStore<T> {
  const values = new Map<string, T>()
  return {
    put(value) {
      const ref = `${prefix}-${ids.next()}`
      values.set(ref, value)
      for (const old of values.keys()) if (values.size > max) values.delete(old)
      return ref
    },
    get: (ref) => values.get(ref),
    clear: () => values.clear(),
  }
}

/** The secrets one app shows (MFA enrolment data, a revealed API key), in memory only. */
export const createShownSecrets = (ids: IdSource): ShownSecrets => ({
  enrollments: shownStore(ids, 'mfa', 4),
  apiKeys: shownStore(ids, 'key', 1),
  clientTokens: shownStore(ids, 'token', 1),
  sessions: shownStore(ids, 'session', 1),
})
