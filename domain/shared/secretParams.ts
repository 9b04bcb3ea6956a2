/**
 * The one rule that keeps secret URL parameters out of events (DESIGN.md, the event log):
 * reset keys, invitation tokens, CLI session codes and the like arrive in links, and a path
 * that carries them must never be recorded. The bus applies `redactEventSecrets` to every
 * event before it is appended, so no area can record a path with a secret in it.
 */

/** Query parameters whose values are secrets (compared without regard to case). */
export const SECRET_QUERY_PARAMS: ReadonlyArray<string> = [
  'key',
  'token',
  'code',
  'session',
  'jfClientSession',
  'jfClientCode',
  'password',
  'otp',
  'secret',
  'apiKey',
  'api_key',
  'access_token',
  'id_token',
  'refresh_token',
  'registrationToken',
  'SAMLResponse',
]

const secretNames = new Set(SECRET_QUERY_PARAMS.map((n) => n.toLowerCase()))

export const isSecretParam = (name: string): boolean => secretNames.has(name.toLowerCase())

/** Stands in for a secret value; it must return text that is not the secret. */
export type SecretReplacer = (secret: string) => string

const decode = (text: string): string => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '))
  } catch {
    return text
  }
}

/**
 * The text with the value of every secret parameter of its query replaced, also inside
 * parameters whose value is itself a target (`/login?redirectTo=%2Freset%3Fkey%3D…`).
 * Accepts a path with a query, a bare query (`?a=b`) or an absolute URL; other text is
 * answered unchanged, and so are the parameters that hold no secret (byte for byte).
 */
export function redactSecretParams(text: string, replace: SecretReplacer): string {
  const start = text.indexOf('?')
  if (start < 0) return text
  const hashAt = text.indexOf('#', start)
  const end = hashAt < 0 ? text.length : hashAt
  const query = text.slice(start + 1, end)
  let changed = false
  const parts = query.split('&').map((part) => {
    const eq = part.indexOf('=')
    if (eq < 0) return part
    const name = decode(part.slice(0, eq))
    const raw = part.slice(eq + 1)
    const value = decode(raw)
    if (isSecretParam(name)) {
      if (value === '') return part
      changed = true
      return `${part.slice(0, eq)}=${encodeURIComponent(replace(value))}`
    }
    if (!value.includes('?')) return part
    const inner = redactSecretParams(value, replace)
    if (inner === value) return part
    changed = true
    return `${part.slice(0, eq)}=${encodeURIComponent(inner)}`
  })
  return changed ? `${text.slice(0, start + 1)}${parts.join('&')}${text.slice(end)}` : text
}

// Only text shaped like a target is looked at: free text (a README, a message) is left alone.
const looksLikeTarget = (text: string): boolean =>
  text.includes('?') && text.includes('=') && /^(\/|\?|https?:\/\/)/i.test(text)

/** The value with `redactSecretParams` applied to every target-shaped string in it, at any depth. */
export function redactEventSecrets<T>(value: T, replace: SecretReplacer): T {
  return walk(value, replace) as T
}

function walk(value: unknown, replace: SecretReplacer): unknown {
  if (typeof value === 'string') return looksLikeTarget(value) ? redactSecretParams(value, replace) : value
  if (Array.isArray(value)) {
    let changed = false
    const out = value.map((item) => {
      const next = walk(item, replace)
      if (next !== item) changed = true
      return next
    })
    return changed ? out : value
  }
  if (value !== null && typeof value === 'object') {
    let out: Record<string, unknown> | undefined
    for (const [k, v] of Object.entries(value)) {
      const next = walk(v, replace)
      if (next !== v) {
        out ??= { ...(value as Record<string, unknown>) }
        out[k] = next
      }
    }
    return out ?? value
  }
  return value
}
