/**
 * What a Node script needs of a browser to talk to a platform: a fetch that keeps the site's
 * cookies, and web storage in memory.
 */
import type { KeyValueStore } from '../ports'

/**
 * A fetch that resolves paths against `origin` and keeps the cookies the platform sets,
 * as a browser would for one site.
 */
export function cookieJarFetch(origin: string, base: typeof fetch = fetch): typeof fetch {
  const jar = new Map<string, string>()
  return async (input, init) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url, origin)
    const headers = new Headers(init?.headers)
    if (jar.size > 0) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '))
    const response = await base(url, { ...init, headers })
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';')
      const eq = pair.indexOf('=')
      if (eq <= 0) continue
      const name = pair.slice(0, eq).trim()
      const value = pair.slice(eq + 1).trim()
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === ''
      if (expired) jar.delete(name)
      else jar.set(name, value)
    }
    return response
  }
}

export function memoryStore(): KeyValueStore {
  const data = new Map<string, string>()
  return {
    get: (k) => data.get(k) ?? null,
    set: (k, v) => void data.set(k, v),
    remove: (k) => void data.delete(k),
  }
}
