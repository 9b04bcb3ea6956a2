/**
 * A minimal browser for server tests of sign-in round trips across origins: a cookie jar per
 * host (honouring Path and removal), redirects followed by hand so a test can stop where it
 * wants, and HTML forms submitted as a browser would.
 */
interface StoredCookie {
  readonly value: string
  readonly path: string
}

export interface Visit {
  readonly url: URL
  readonly status: number
  readonly text: string
  readonly location: string | undefined
}

const MAX_REDIRECTS = 20

export class CookieBrowser {
  private readonly jar = new Map<string, Map<string, StoredCookie>>()

  cookie(host: string, name: string): string | undefined {
    return this.jar.get(host)?.get(name)?.value
  }

  private cookieHeader(url: URL): string {
    const cookies = this.jar.get(url.host) ?? new Map<string, StoredCookie>()
    return [...cookies]
      .filter(([, c]) => url.pathname.startsWith(c.path))
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ')
  }

  private store(url: URL, setCookies: readonly string[]): void {
    const cookies = this.jar.get(url.host) ?? new Map<string, StoredCookie>()
    this.jar.set(url.host, cookies)
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';').map((p) => p.trim())
      const eq = pair.indexOf('=')
      const name = pair.slice(0, eq)
      const value = pair.slice(eq + 1)
      const attr = (key: string) =>
        attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1)
      const expires = attr('expires')
      const removed =
        value === '' || attr('max-age') === '0' || (expires !== undefined && Date.parse(expires) < Date.now())
      if (removed) cookies.delete(name)
      else cookies.set(name, { value, path: attr('path') ?? '/' })
    }
  }

  /** One request, no redirect followed. */
  async request(url: URL | string, init: { method?: string; form?: URLSearchParams } = {}): Promise<Visit> {
    const target = new URL(url)
    const headers: Record<string, string> = { cookie: this.cookieHeader(target) }
    if (init.form) headers['content-type'] = 'application/x-www-form-urlencoded'
    const res = await fetch(target, {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      headers,
      redirect: 'manual',
      ...(init.form ? { body: init.form.toString() } : {}),
    })
    this.store(target, res.headers.getSetCookie())
    return {
      url: target,
      status: res.status,
      text: await res.text(),
      location: res.headers.get('location') ?? undefined,
    }
  }

  /**
   * Follows redirects from a request until an answer that is not a redirect, or until the
   * next address satisfies `stopAt` (that address is answered without being requested).
   */
  async follow(
    url: URL | string,
    init: { method?: string; form?: URLSearchParams } = {},
    stopAt: (next: URL) => boolean = () => false,
  ): Promise<Visit> {
    let visit = await this.request(url, init)
    for (let i = 0; i < MAX_REDIRECTS; i++) {
      if (visit.location === undefined || visit.status < 300 || visit.status >= 400) return visit
      const next = new URL(visit.location, visit.url)
      if (stopAt(next)) return { url: next, status: 0, text: '', location: undefined }
      visit = await this.request(next)
    }
    throw new Error('too many redirects')
  }

  /** Submits the page's form whose action ends with `actionSuffix`, with its hidden fields and `fields`. */
  async submit(
    page: Visit,
    actionSuffix: string,
    fields: Record<string, string> = {},
    stopAt?: (next: URL) => boolean,
  ): Promise<Visit> {
    const forms = [...page.text.matchAll(/<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/g)]
    const form = forms.find((f) => (f[1] ?? '').endsWith(actionSuffix))
    if (!form) throw new Error(`no form with action …${actionSuffix} on ${page.url.href}`)
    const body = new URLSearchParams()
    for (const input of (form[2] ?? '').matchAll(/<input[^>]*type="hidden"[^>]*>/g)) {
      const name = /name="([^"]*)"/.exec(input[0])?.[1]
      const value = /value="([^"]*)"/.exec(input[0])?.[1] ?? ''
      if (name) body.set(name, value)
    }
    for (const [name, value] of Object.entries(fields)) body.set(name, value)
    return this.follow(new URL(form[1] ?? '', page.url), { form: body }, stopAt)
  }
}
