// The first paint in the user's theme: the console keeps a signed-in user's theme
// choice in a preference cookie (ui/shared/theme.ts), and the page the server sends that user
// carries <html data-theme> from it, so the skeleton drawn before the script runs is already in
// that theme. Decoded strictly: only a known theme for this very user counts; another user's
// cookie, a visitor's and hostile values (the public XSS corpus) leave the page as it was.
// Over real HTTP against the reference server; needs the build (`npx vite build`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encodeThemeMark, THEME_COOKIE } from '../../domain/preferences/themeMark'
import { corpusLines } from '../support/corpora'
import { startTestServer, type TestServer } from '../support/server'
import { sessionOf } from '../support/apiCalls'

let server: TestServer
let developer: string
let admin: string
beforeAll(async () => {
  server = await startTestServer()
  developer = await sessionOf(server, 'developer', server.config.userPassword)
  admin = await sessionOf(server, 'admin', server.config.adminPassword)
})
afterAll(async () => server.stop())

/** The page's <html> tag, and the page, for these cookies. */
async function page(path: string, ...cookies: ReadonlyArray<string>) {
  const res = await fetch(`${server.url}${path}`, {
    headers: cookies.length > 0 ? { cookie: cookies.join('; ') } : {},
  })
  expect(res.status).toBe(200)
  const html = await res.text()
  return { html, tag: /<html[^>]*>/.exec(html)?.[0] }
}

const theme = (value: string) => `${THEME_COOKIE}=${value}`

describe("a signed-in user's page is painted in the theme they chose", () => {
  it('carries data-theme for their own light or dark choice, on a chrome page and a login family one', async () => {
    for (const choice of ['dark', 'light'] as const)
      for (const path of ['/ui/packages', '/ui/', '/ui/no/such/page', '/ui/login']) {
        const { tag, html } = await page(path, developer, theme(encodeThemeMark('developer', choice)))
        expect(tag).toBe(`<html lang="en" data-theme="${choice}">`)
        // Nothing else of the page changes.
        const plain = await page(path, developer)
        expect(plain.tag).toBe('<html lang="en">')
        expect(html.replace(` data-theme="${choice}"`, '')).toBe(plain.html)
      }
  })

  it("ignores another user's choice on a shared browser, and a visitor's cookie", async () => {
    expect((await page('/ui/packages', admin, theme(encodeThemeMark('developer', 'dark')))).tag).toBe(
      '<html lang="en">',
    )
    expect((await page('/ui/packages', admin, theme(encodeThemeMark('admin', 'dark')))).tag).toBe(
      '<html lang="en" data-theme="dark">',
    )
    // Not signed in: the login page, in the system's theme, whatever the cookie says.
    expect((await page('/ui/packages', theme(encodeThemeMark('developer', 'dark')))).tag).toBe(
      '<html lang="en">',
    )
  })

  it('ignores anything but a known theme for this user: hostile values leave the page as built for them', async () => {
    const plain = (await page('/ui/packages', developer)).html
    // What a header can carry (visible ASCII and spaces), as the value, the theme or the user part.
    const payloads = corpusLines('xss')
      .filter((line) => /^[\x20-\x7e]+$/.test(line))
      .filter((_, i) => i % 7 === 0)
    expect(payloads.length).toBeGreaterThan(100)
    const values = [
      'system.developer',
      'dark',
      'dark.',
      'dark.developer.',
      'DARK.developer',
      'dark.Developer',
      'dark.developer%00',
      'dark%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E.developer',
      'dark"><script>alert(1)</script>.developer',
      ...payloads.flatMap((p) => [p, `dark.${p}`, `${p}.developer`, `dark.developer${p}`]),
    ]
    for (const value of values) {
      const { html } = await page('/ui/packages', developer, theme(value))
      expect(html, value).toBe(plain)
    }
  })
})
