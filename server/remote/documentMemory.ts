/**
 * Parsed package documents kept in memory, so a document asked for again is neither read whole
 * from the database nor parsed again: a popular package's document is megabytes of JSON, and
 * parsing it cost more than the rest of its request. Bounded by the documents' text size, the
 * least recently used going first.
 *
 * An entry is the parse of one stored row, named by its stamp (the row's fetch time and ETag).
 * The caller reads the stamp (a small read) and takes the entry only when it matches, so a
 * document refreshed after its period, evicted by an admin, or written by another node sharing
 * the database is never answered from memory: the database stays the one truth.
 */

export interface DocumentMemory<T> {
  /** The value kept for `key` if it is the parse of the row stamped `stamp`. */
  get(key: string, stamp: string): T | undefined
  /** Keeps `value` (`size`: its text's length) as the parse of the row stamped `stamp`. */
  set(key: string, stamp: string, value: T, size: number): void
  /** The row was touched (its period renewed, nothing else changed): the entry follows it. */
  restamp(key: string, from: string, to: string): void
  forget(key: string): void
  /** The text size of what is kept. */
  readonly bytes: number
}

interface Entry<T> {
  readonly stamp: string
  readonly value: T
  readonly size: number
}

export function documentMemory<T>(limitBytes: number): DocumentMemory<T> {
  // A Map iterates in insertion order: an entry used is put back at the end, so the first is the least recent.
  const entries = new Map<string, Entry<T>>()
  let bytes = 0
  const forget = (key: string) => {
    const entry = entries.get(key)
    if (!entry) return
    entries.delete(key)
    bytes -= entry.size
  }
  return {
    get(key, stamp) {
      const entry = entries.get(key)
      if (!entry) return undefined
      if (entry.stamp !== stamp) {
        forget(key)
        return undefined
      }
      entries.delete(key)
      entries.set(key, entry)
      return entry.value
    },
    set(key, stamp, value, size) {
      forget(key)
      // One document larger than the whole bound would only push every other out.
      if (size > limitBytes) return
      entries.set(key, { stamp, value, size })
      bytes += size
      for (const oldest of entries.keys()) {
        if (bytes <= limitBytes) break
        forget(oldest)
      }
    },
    restamp(key, from, to) {
      const entry = entries.get(key)
      if (entry?.stamp === from) entries.set(key, { ...entry, stamp: to })
      else forget(key)
    },
    forget,
    get bytes() {
      return bytes
    },
  }
}

/** Freezes a parsed document whole: a kept one is shared by every request, which must not change it. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const inner of Object.values(value)) deepFreeze(inner)
  }
  return value
}
