/** What changed between two states, by path: the debug panel's "diff against the state before". */

export interface Change {
  /** Dotted path from the state's root (`search.text`, `packages.list.pages.0`). */
  readonly path: string
  readonly before: unknown
  readonly after: unknown
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * Walks both values in step. States share untouched branches (evolve returns the same object
 * for what did not change), so identical references are skipped without a look inside.
 * Arrays are compared by index; a changed length shows as added or removed entries.
 */
export function diffStates(before: unknown, after: unknown, path = '', out: Change[] = []): Change[] {
  if (Object.is(before, after)) return out
  if (Array.isArray(before) && Array.isArray(after)) {
    for (let i = 0; i < Math.max(before.length, after.length); i++)
      diffStates(before[i], after[i], join(path, String(i)), out)
    return out
  }
  if (isRecord(before) && isRecord(after)) {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)])
    for (const key of keys) diffStates(before[key], after[key], join(path, key), out)
    return out
  }
  out.push({ path: path || '(root)', before, after })
  return out
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key)
