/**
 * Canonical JSON: object keys sorted, no whitespace, `undefined` properties dropped.
 * Two equal states always print the same text, so a hash of it identifies a state.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    const text = JSON.stringify(value)
    return text === undefined ? 'null' : text
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  const record = value as Record<string, unknown>
  const keys = Object.keys(record)
    .filter((k) => record[k] !== undefined)
    .sort()
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(record[k])}`).join(',')}}`
}

/**
 * cyrb53-style 53-bit hash, printed as hex. Not cryptographic: it detects a replay that
 * diverged from the recorded session, it does not defend against forgery.
 */
export function hashText(text: string): string {
  let h1 = 0xdeadbeef
  let h2 = 0x41c6ce57
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i)
    h1 = Math.imul(h1 ^ ch, 2654435761)
    h2 = Math.imul(h2 ^ ch, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0')
}

export const stateHash = (state: unknown): string => hashText(canonicalJson(state))

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Canonical JSON of what `value` changed from `base`: an object that both are records as the
 * keys whose values differ (each as its own change, recursively), a key `base` has and `value`
 * lacks as `-`, anything else whole; undefined when nothing changed. `base` fixed, two values
 * print the same text only when they are equal, and a key `base` gains whose value nobody
 * changed prints nothing. Not JSON (the `-`): it is only hashed.
 */
export function canonicalChanges(value: unknown, base: unknown): string | undefined {
  if (!isRecord(value) || !isRecord(base)) {
    const text = canonicalJson(value)
    return text === canonicalJson(base) ? undefined : text
  }
  const keys = new Set([...Object.keys(value), ...Object.keys(base)])
  const parts: string[] = []
  for (const key of [...keys].sort()) {
    const now = value[key]
    const change =
      now === undefined ? (base[key] === undefined ? undefined : '-') : canonicalChanges(now, base[key])
    if (change !== undefined) parts.push(`${JSON.stringify(key)}:${change}`)
  }
  return parts.length === 0 ? undefined : `{${parts.join(',')}}`
}

/**
 * The hash of what a state changed from the initial state (see `canonicalChanges`): a field or
 * a page added to an area's initial state leaves the hash of every state that never touched it
 * as it was, so the logs recorded before it replay to their trailer's hash.
 */
export const changesHash = (state: unknown, initial: unknown): string =>
  hashText(canonicalChanges(state, initial) ?? '{}')
