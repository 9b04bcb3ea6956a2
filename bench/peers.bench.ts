/**
 * A peer in the same run (only when named: `npm run bench -- peers`): Verdaccio 6, installed
 * from the npm registry into a temporary folder (kept between runs), on loopback beside the
 * reference server in this process. The same packages are published into both through the
 * npm publish call, then Chromium loads each one's package list cold, PEERS_COLD_LOADS times a
 * side (7 unless set), the sides in turns: first contentful paint and the times until the list
 * shows a package (the wall until the page reports its paint; on the page's clock, in the
 * document and painted) as the median of those loads with their range, bytes on the wire and
 * their gzip size and requests from the first load of each; then the list and a name search over
 * HTTP (median of sequential calls). Ratios: the console against Verdaccio (below 1: the console
 * is smaller or faster; for the cold loads, the ratio of the medians).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { developerCookie, publish } from './support/benchClient'
import { alternate, median, sampleCount, spread } from './support/samples'
import { installVerdaccio, startVerdaccio } from './support/verdaccio'
import type { Browser, Page } from 'playwright-core'
import type { Figure } from './types'
import { startTestServer, browserHeaders } from '../tests/support/server'
import { launchChromium } from '../tests/support/browser'
// @ts-expect-error -- a plain ES module script without types
import { buildIfNeeded } from '../scripts/buildIfNeeded.mjs'

export const title = 'The console beside Verdaccio 6 (loopback, Chromium)'
/** Runs only when asked for by name: it installs a package from the registry. */
export const optional = true

const PACKAGES = 300
/** Cold loads a side: one moved by hundreds of milliseconds between runs on the same machine. */
const COLD_LOADS = sampleCount(process.env.PEERS_COLD_LOADS, 7)

async function publishAll(registry: string, auth: string): Promise<void> {
  for (let i = 0; i < PACKAGES; i++) await publish(registry, auth, `peer-pkg-${String(i).padStart(4, '0')}`)
}

interface Load {
  wire: number
  gzip: number
  requests: number
  fcp: number
  usable: number
  /** When the text first entered the page's document, on the page's clock (from navigation). */
  shown: number
  /** When the browser first painted the text, on the page's clock (Element Timing's render time). */
  painted: number
}

/**
 * Notes on the page's own clock when a node holding `text` is first added to the document
 * outside a script (a page may carry its data as JSON in one), and when the browser first paints
 * it. A node can enter the document before the page may paint (its style sheets still on
 * their way), or be one that is never painted (a hidden measure), so the paint is the moment a
 * user sees the package: the elements holding the text are marked for Element Timing as they
 * are added, before any frame could paint them, and the first entry's render time is that
 * paint. The same for both peers.
 */
function noteWhenShown(text: string): void {
  // No named function or arrow inside: tsx (esbuild's keepNames) would wrap it in a helper
  // that exists in Node, not in the page, and the script would stop at its first line.
  const w = window as unknown as {
    __shownAt?: number
    __painted?: Promise<number>
    __paint?: (at: number) => void
  }
  const mark = 'bench-first-package'
  // The bench awaits this promise: nothing of the bench's runs on the page's main thread while
  // it loads (Playwright's text wait injects a script and polls there, 23 + 14 ms before the row
  // in one trace, on the console's CPU-bound path).
  w.__painted = new Promise((resolve) => (w.__paint = resolve))
  // Every element that gets the text is marked until one is painted: the first one added may
  // never be (a hidden measure, a live region's text), so watching stops at the paint.
  const observer = new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes) {
        const element = node instanceof Element ? node : node.parentElement
        if (element?.closest('script') || !(node.textContent ?? '').includes(text)) continue
        w.__shownAt ??= performance.now()
        const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT)
        for (
          let at = node.nodeType === Node.TEXT_NODE ? node : walker.nextNode();
          at;
          at = walker.nextNode()
        ) {
          if (!(at.textContent ?? '').includes(text)) continue
          // Element Timing reports text for the block that lays it out, which may be an ancestor
          // of the text's own element (a link inside a row's title): the text's element and the
          // ancestors that hold little else (a version beside the name) are marked, not the row.
          for (let holder = at.parentElement; holder; holder = holder.parentElement) {
            if ((holder.textContent ?? '').length > text.length + 64) break
            holder.setAttribute('elementtiming', mark)
          }
        }
      }
  })
  observer.observe(document, { subtree: true, childList: true })
  new PerformanceObserver((entries) => {
    for (const entry of entries.getEntries() as Array<
      PerformanceEntry & { identifier?: string; renderTime?: number }
    >)
      // The first paint settles the promise; a later one is the same promise settled again, a no-op.
      if (entry.identifier === mark && entry.renderTime !== undefined) {
        w.__paint?.(entry.renderTime)
        observer.disconnect()
      }
  }).observe({ type: 'element', buffered: true })
}

/** Loads a page cold and waits for `ready`; bytes from the network, times from the page. */
async function coldLoad(
  browser: Browser,
  url: string,
  ready: string,
  cookie?: { name: string; value: string; url: string },
): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  if (cookie) await context.addCookies([cookie])
  await context.addInitScript(noteWhenShown, ready)
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  const done: Array<{ id: string; wire: number }> = []
  // A data: URL (an image inside a style sheet) is no request on the network: not counted.
  const inline = new Set<string>()
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.request.url.startsWith('data:')) inline.add(e.requestId)
  })
  cdp.on('Network.loadingFinished', (e) => {
    if (!inline.has(e.requestId)) done.push({ id: e.requestId, wire: e.encodedDataLength })
  })
  const started = Date.now()
  // From the request until the page reports the paint: not until the load event (goto's
  // default), and not by Playwright's polling on the page's main thread (see noteWhenShown).
  await page.goto(url, { waitUntil: 'commit' })
  let timer: NodeJS.Timeout | undefined
  const painted = await Promise.race([
    page.evaluate(() => (window as unknown as { __painted?: Promise<number> }).__painted),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${ready} not painted in 60 s`)), 60_000)
    }),
  ]).finally(() => clearTimeout(timer))
  // Undefined had the evaluation run in a document without the init script (not the page's).
  if (typeof painted !== 'number') throw new Error(`${ready}: no paint to wait for in ${page.url()}`)
  const usable = Date.now() - started
  // Not timed: the text is there for Playwright too, as a user would find it.
  await page.getByText(ready).first().waitFor({ timeout: 60_000 })
  await page.waitForLoadState('networkidle')
  const fcp = (await page.evaluate(
    "performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1",
  )) as number
  const shown = (await page.evaluate('window.__shownAt ?? -1')) as number
  let gzip = 0
  for (const d of done) {
    const body = await cdp.send('Network.getResponseBody', { requestId: d.id }).catch(() => null)
    if (body) gzip += gzipSync(Buffer.from(body.body, body.base64Encoded ? 'base64' : 'utf8')).length
  }
  await context.close()
  return {
    wire: done.reduce((n, d) => n + d.wire, 0),
    gzip,
    requests: done.length,
    fcp,
    usable,
    shown,
    painted,
  }
}

/** Runs of sign-in timed (p50): from pressing the button to the first package on screen. */
const SIGN_INS = 20

/**
 * Sign-in to the landing's content, each run in a fresh browser context: the login form is
 * loaded and filled first; the clock runs from pressing the button until a package shows.
 */
async function signIns(
  browser: Browser,
  open: (page: Page) => Promise<void>,
  fill: (page: Page) => Promise<void>,
  press: (page: Page) => Promise<void>,
  shown: (page: Page) => Promise<void>,
): Promise<number> {
  const times: number[] = []
  for (let i = 0; i < SIGN_INS; i++) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
    const page = await context.newPage()
    await open(page)
    await fill(page)
    const started = Date.now()
    await press(page)
    await shown(page)
    times.push(Date.now() - started)
    await context.close()
  }
  return median(times)
}

async function medianCall(n: number, call: () => Promise<Response>): Promise<number> {
  const times: number[] = []
  for (let i = 0; i < n; i++) {
    const t = performance.now()
    const res = await call()
    await res.arrayBuffer()
    if (!res.ok) throw new Error(`${res.url}: ${res.status}`)
    times.push(performance.now() - t)
  }
  return median(times)
}

export async function run(): Promise<Figure[]> {
  // The server serves dist/: without a build the console's page only says so, and the wait
  // for its list ran out after a minute (a fresh worktree or clone has none).
  if (!(buildIfNeeded() as boolean)) throw new Error('vite build failed')
  const bin = installVerdaccio()
  const dir = mkdtempSync(join(tmpdir(), 'bench-peers-'))
  // The server first: Verdaccio closes a connection idle for 5 s, and fetch sent the first call
  // after its start-up check down the connection that check left open ("other side closed")
  // when the server took longer than that to start on a loaded machine.
  const server = await startTestServer()
  const verdaccio = await startVerdaccio(bin, dir).catch(async (error: unknown) => {
    await server.stop()
    throw error
  })
  let browser: Browser | undefined
  try {
    // Verdaccio: a user of its own; the console: the admin's password over basic auth.
    const user = await fetch(`${verdaccio.url}-/user/org.couchdb.user:bench`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bench', password: 'bench-password-1' }),
    })
    const { token } = (await user.json()) as { token: string }
    await publishAll(verdaccio.url, `Bearer ${token}`)
    const basic = Buffer.from(`admin:${server.config.adminPassword}`).toString('base64')
    await publishAll(`${server.url}/artifactory/api/npm/npm-local/`, `Basic ${basic}`)

    const chromium = await launchChromium()
    browser = chromium
    const cookie = await developerCookie(server)
    const [name, value] = cookie.split('=') as [string, string]
    const loads = await alternate(
      COLD_LOADS,
      () =>
        coldLoad(chromium, `${server.url}/ui/packages?q=peer-pkg-*`, 'peer-pkg-0', {
          name,
          value,
          url: server.url,
        }),
      () => coldLoad(chromium, verdaccio.url, 'peer-pkg-0'),
    )
    const [ours, theirs] = [loads.a[0]!, loads.b[0]!]
    // Verdaccio's web UI signs in in a dialog over its package list; the console's login page
    // sends the user on to their landing.
    const theirSignIn = await signIns(
      browser,
      async (page) => {
        await page.goto(verdaccio.url)
        await page.locator('button[data-testid="header--button-login"]').click()
      },
      async (page) => {
        await page.locator('#login--dialog-username').fill('bench')
        await page.locator('#login--dialog-password').fill('bench-password-1')
      },
      (page) => page.locator('#login--dialog-password').press('Enter'),
      async (page) => {
        await page.locator('#login--dialog').waitFor({ state: 'hidden', timeout: 60_000 })
        await page.getByText('peer-pkg-0').first().waitFor({ timeout: 60_000 })
      },
    )
    const ourSignIn = await signIns(
      browser,
      async (page) => {
        await page.goto(`${server.url}/ui/login`)
      },
      async (page) => {
        await page.getByRole('textbox', { name: 'Username' }).fill('developer')
        await page.getByLabel('Password', { exact: true }).fill(server.config.userPassword)
      },
      (page) => page.getByRole('button', { name: 'Log in' }).click(),
      (page) =>
        page
          .getByText(/peer-pkg-0/)
          .first()
          .waitFor({ timeout: 60_000 }),
    )
    const theirList = await medianCall(30, () => fetch(`${verdaccio.url}-/verdaccio/data/packages`))
    const theirSearch = await medianCall(30, () =>
      fetch(`${verdaccio.url}-/v1/search?text=peer-pkg-01&size=20`),
    )
    const gql = (filter: object) => () =>
      fetch(`${server.url}/ui/api/v1/mds/packages`, {
        method: 'POST',
        headers: browserHeaders(server.url, cookie),
        body: JSON.stringify({
          graphQL: {
            query:
              'query($filter: PackageFilter!) { packages(filter: $filter, first: 100) { totalCount edges { node { id name description latestVersion modified } } } }',
            variables: { filter },
          },
        }),
      })
    const ourList = await medianCall(30, gql({ name: 'peer-pkg-*' }))
    const ourSearch = await medianCall(30, gql({ name: 'peer-pkg-01*' }))

    const pair = (
      what: string,
      unit: string,
      mine: number,
      peer: number,
      scale = 1,
      target?: string,
    ): Figure[] => [
      { name: `Verdaccio: ${what}`, value: peer / scale, unit },
      {
        name: `console: ${what}`,
        value: mine / scale,
        unit,
        ratio: { to: 'of Verdaccio', value: mine / peer },
        ...(target ? { target } : {}),
      },
    ]
    /** The median of each side's cold loads, with its range; the ratio is of the medians. */
    const coldPair = (what: string, time: (load: Load) => number, target?: string): Figure[] => {
      const [mine, peer] = [loads.a.map(time), loads.b.map(time)]
      const [verdaccioFigure, consoleFigure] = pair(
        `${what}, median of ${COLD_LOADS}`,
        'ms',
        median(mine),
        median(peer),
        1,
        target,
      )
      return [
        { ...verdaccioFigure!, spread: spread(peer) },
        { ...consoleFigure!, spread: spread(mine) },
      ]
    }
    return [
      { name: 'packages published into each', value: PACKAGES, unit: 'packages' },
      ...pair('first load, bytes on the wire', 'KB', ours.wire, theirs.wire, 1024, '≤ 0.3× of Verdaccio'),
      ...pair('first load, gzip of the bodies', 'KB', ours.gzip, theirs.gzip, 1024),
      ...pair('first load, requests', 'requests', ours.requests, theirs.requests, 1, '≤ 20 requests'),
      ...coldPair('first contentful paint', (load) => load.fcp),
      // The package list's target, read three ways: the wall from the request until the page
      // reported the paint, when the row enters the document, when the browser paints it.
      ...coldPair('time until the list shows a package', (load) => load.usable, '≤ 0.5× of Verdaccio'),
      ...coldPair("a package in the page's document, page's clock", (load) => load.shown),
      ...coldPair("a package painted, page's clock", (load) => load.painted, '≤ 0.5× of Verdaccio'),
      ...pair(`sign-in to the first package shown, p50 of ${SIGN_INS}`, 'ms', ourSignIn, theirSignIn),
      ...pair('package list over HTTP, median', 'ms', ourList, theirList),
      ...pair('name search over HTTP, median', 'ms', ourSearch, theirSearch),
    ]
  } finally {
    await browser?.close()
    await server.stop()
    verdaccio.child.kill()
    rmSync(dir, { recursive: true, force: true })
  }
}
