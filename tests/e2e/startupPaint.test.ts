// The first paint: the shell's skeleton (index.html) is drawn before start-up's
// answers arrive, then the chrome takes its place with no blank frame between; the login
// family's pages are drawn at once and never show it. In Chromium against the reference server.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { browser, server, withPlatformAndChromium } from '../support/e2e'
import { signIn } from '../support/signIn'
import { LOGIN_READS } from '../../server/ui/indexPage'
import { STARTUP_READS } from '../../server/ui/startupAnswers'

withPlatformAndChromium()

type Frame = 'blank' | 'chrome skeleton' | 'login skeleton' | 'screen'

/**
 * What each painted frame showed, from the page's first frame: index.html's skeleton of the
 * chrome or of the login family, a screen (a main landmark of the console's own), or neither. Read in requestAnimationFrame, which runs before
 * each frame is drawn: a state that lasts less than a frame is never painted, nor recorded.
 */
async function recordFrames(page: Page): Promise<() => Promise<Frame[]>> {
  await page.addInitScript(() => {
    const frames: string[] = []
    Object.assign(window, { paintedFrames: frames })
    const tick = () => {
      const skeleton = document.getElementById('boot')
      const shown = (element: Element | null | undefined) =>
        element !== null && element !== undefined && getComputedStyle(element).display !== 'none'
      const frame = !shown(skeleton)
        ? document.querySelector('#root main')
          ? 'screen'
          : 'blank'
        : shown(skeleton?.querySelector('header'))
          ? 'chrome skeleton'
          : 'login skeleton'
      if (frames.at(-1) !== frame) frames.push(frame)
      requestAnimationFrame(tick)
    }
    requestAnimationFrame(tick)
  })
  return () => page.evaluate(() => (window as unknown as { paintedFrames: Frame[] }).paintedFrames)
}

/** Holds the platform's answer to who is signed in (start-up's second call) until released. */
async function holdSessionAnswer(page: Page) {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  let asked!: () => void
  const askedFor = new Promise<void>((resolve) => (asked = resolve))
  await page.route('**/ui/api/v1/ui/auth/current', async (route) => {
    asked()
    await released
    await route.continue()
  })
  return { askedFor, release }
}

/**
 * Sends the page at `url` without the start-up answers a signed-in user's page carries
 * (server/ui/startupAnswers.ts): start-up then asks the network, as it does for a visitor.
 */
async function withoutPageAnswers(page: Page, url: string) {
  await page.route(url, async (route) => {
    const response = await route.fetch()
    const html = await response.text()
    const body = html.replace(/<script type="application\/json" id="startup-answers">[^<]*<\/script>/, '')
    expect(body).not.toBe(html)
    await route.fulfill({ response, body })
  })
}

/** Holds the entry script (the built index.html's module script) until released. */
async function holdEntryScript(page: Page) {
  const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(
    readFileSync('dist/index.html', 'utf8'),
  )![1]!
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(`**${entry}`, async (route) => {
    await released
    await route.continue()
  })
  return release
}

/** Holds the built chunk of a source module, or a chunk by name (`chunk:…`), until released. */
async function holdBuiltModule(page: Page, source: string) {
  const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<
    string,
    { file: string; name?: string }
  >
  const file = source.startsWith('chunk:')
    ? Object.values(manifest).find((chunk) => chunk.name === source.slice('chunk:'.length))!.file
    : manifest[source]!.file
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(`**/ui/${file}`, async (route) => {
    await released
    await route.continue()
  })
  return release
}

const viewport = { width: 1440, height: 900 }

/**
 * Runs the page's CSS animations 100 times faster (the DevTools protocol's document timeline):
 * index.html's start-up failure notice, which waits 10 s, shows within a frame or so.
 */
async function fastAnimations(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Animation.enable')
  await cdp.send('Animation.setPlaybackRate', { playbackRate: 100 })
}

/** index.html's notice that the console did not start, and its way to try again. */
const failureNotice = (page: Page) => page.getByRole('alert').filter({ hasText: 'The console did not start' })

/** A developer's browser context, signed in through the login page, and a second page in it. */
async function developerContext() {
  const context = await browser.newContext({ viewport })
  await signIn(server, await context.newPage(), 'developer', server.config.userPassword)
  return { context, later: await context.newPage() }
}

describe('first paint (e2e)', () => {
  it('a signed-in developer sees the shell skeleton before start-up answers, then the chrome', async () => {
    const { context, later } = await developerContext()
    const frames = await recordFrames(later)
    // Start-up's answers from the network, the session's held.
    await withoutPageAnswers(later, `${server.url}/ui/packages`)
    const session = await holdSessionAnswer(later)
    await later.goto(`${server.url}/ui/packages`)
    await session.askedFor
    // Start-up waits for the session answer: the top bar with the logo and the product name,
    // and nothing that could be wrong for this user (no login form, no admin switch).
    await later.getByRole('banner').filter({ hasText: 'Platform' }).waitFor()
    await later.getByRole('status', { name: 'Loading' }).waitFor({ state: 'attached' })
    expect(await later.getByRole('button', { name: 'Log in' }).count()).toBe(0)
    expect(await later.getByRole('button', { name: 'Administration' }).count()).toBe(0)
    expect(await later.getByRole('navigation', { name: 'Application' }).count()).toBe(0)

    session.release()
    await later.getByRole('navigation', { name: 'Application' }).waitFor()
    // The chrome has taken the skeleton's place: one top bar, the user's.
    await expect.poll(() => later.getByRole('banner').count()).toBe(1)
    await later.getByRole('banner').getByRole('button', { name: 'developer' }).waitFor()
    // The skeleton, then the screen (a first frame may come before the page is parsed).
    const painted = await frames()
    expect(painted.slice(painted[0] === 'blank' ? 1 : 0)).toEqual(['chrome skeleton', 'screen'])
    await context.close()
  })

  it("a signed-in user's page evaluates the chrome's chunk while start-up's answers are on their way", async () => {
    const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<
      string,
      { name?: string; css?: ReadonlyArray<string> }
    >
    const css = Object.values(manifest).find((chunk) => chunk.name === 'MainLayout')!.css![0]!
    const { context, later } = await developerContext()
    await withoutPageAnswers(later, `${server.url}/ui/packages`)
    const session = await holdSessionAnswer(later)
    await later.goto(`${server.url}/ui/packages`)
    await session.askedFor
    // Importing the chunk adds its style sheet to the page (Vite's preload of a chunk's CSS),
    // before the session's answer says who is signed in.
    await later
      .locator(`link[rel="stylesheet"][href$="/${css}"]`)
      .waitFor({ state: 'attached', timeout: 10_000 })
    expect(await later.getByRole('navigation', { name: 'Application' }).count()).toBe(0)
    session.release()
    await later.getByRole('navigation', { name: 'Application' }).waitFor()
    await context.close()
  })

  it("a signed-in user's page shows the chrome's skeleton before the entry script runs; a visitor's, no top bar", async () => {
    const { context, later } = await developerContext()
    const release = await holdEntryScript(later)
    await later.goto(`${server.url}/ui/packages`, { waitUntil: 'commit' })
    // The server marked the page (server/ui/indexPage.ts): no script has run, the shell is drawn.
    await later.getByRole('banner').filter({ hasText: 'Platform' }).waitFor()
    release()
    await later.getByRole('navigation', { name: 'Application' }).waitFor()
    await expect.poll(() => later.getByRole('banner').count()).toBe(1)
    await context.close()

    // A visitor without anonymous access is on the way to the login page: no top bar.
    const visitor = await browser.newPage({ viewport })
    const releaseVisitor = await holdEntryScript(visitor)
    await visitor.goto(`${server.url}/ui/packages`, { waitUntil: 'commit' })
    await visitor.locator('#boot').waitFor({ state: 'attached' })
    expect(await visitor.getByRole('banner').count()).toBe(0)
    releaseVisitor()
    await visitor.getByRole('button', { name: 'Log in' }).waitFor()
    await visitor.close()
  })

  it('a user who chose dark on a light system sees the skeleton dark from the start, and no flip', async () => {
    const context = await browser.newContext({ viewport, colorScheme: 'light' })
    const first = await context.newPage()
    await signIn(server, first, 'developer', server.config.userPassword)
    await first.getByRole('banner').getByRole('button', { name: 'developer' }).click()
    await first.getByRole('menuitemradio', { name: 'Dark' }).click()
    await expect.poll(() => first.evaluate(() => document.documentElement.dataset.theme)).toBe('dark')
    // A preference for this user's pages only: the console's path, never sent from another site.
    const mark = (await context.cookies(`${server.url}/ui/`)).find((c) => c.name === 'consoleTheme')
    expect(mark).toMatchObject({ value: 'dark.developer', path: '/ui', sameSite: 'Strict' })

    // The next page, with the entry script held: only the server's page is drawn, in dark.
    const later = await context.newPage()
    const release = await holdEntryScript(later)
    await later.goto(`${server.url}/ui/packages`, { waitUntil: 'commit' })
    await later.getByRole('banner').filter({ hasText: 'Platform' }).waitFor()
    // The tokens' style sheet may still be on its way when the skeleton's banner shows (its own
    // styles are in the page): the scheme is read once it is in (colorScheme 'normal' before).
    const scheme = () => later.evaluate(() => getComputedStyle(document.documentElement).colorScheme)
    await expect.poll(scheme).toBe('dark')
    release()
    await later.getByRole('navigation', { name: 'Application' }).waitFor()
    expect(await scheme()).toBe('dark')

    // Back to the system's theme: the next page is painted as the system says again.
    await later.getByRole('banner').getByRole('button', { name: 'developer' }).click()
    await later.getByRole('menuitemradio', { name: 'System' }).click()
    const again = await context.newPage()
    const releaseAgain = await holdEntryScript(again)
    await again.goto(`${server.url}/ui/packages`, { waitUntil: 'commit' })
    await again.getByRole('banner').filter({ hasText: 'Platform' }).waitFor()
    await expect
      .poll(() => again.evaluate(() => getComputedStyle(document.documentElement).colorScheme))
      .toBe('light dark')
    releaseAgain()
    await context.close()
  })

  it('a console that cannot start says so, with a Reload that starts it; the notice goes once the console draws', async () => {
    const { context, later } = await developerContext()
    await fastAnimations(later)
    const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(
      readFileSync('dist/index.html', 'utf8'),
    )![1]!
    // The entry script cannot be loaded: the skeleton alone would stay forever.
    await later.route(`**${entry}`, (route) => route.fulfill({ status: 500, body: 'down' }))
    await later.goto(`${server.url}/ui/packages`)
    const notice = failureNotice(later)
    await notice.waitFor()
    // The notice takes the skeleton's place: its sidebar, page and top bar's placeholders go (the
    // sidebar's bars stayed under it); the logo stays.
    const shown = () =>
      later.evaluate(() =>
        ['.side', '.page', 'header i', 'header b', 'header svg'].filter((part) =>
          document.querySelector(`#boot ${part}`)!.checkVisibility({ visibilityProperty: true }),
        ),
      )
    await expect.poll(shown).toEqual(['header svg'])
    const reload = notice.getByRole('link', { name: 'Reload' })
    await later.unroute(`**${entry}`)
    await Promise.all([later.waitForEvent('load'), reload.click()])
    await later.getByRole('navigation', { name: 'Application' }).waitFor()
    expect(await failureNotice(later).count()).toBe(0)
    await context.close()

    // An entry that is only slow: the notice shows while nothing is drawn, and goes once it is.
    const visitor = await browser.newPage({ viewport })
    await fastAnimations(visitor)
    const release = await holdEntryScript(visitor)
    await visitor.goto(`${server.url}/ui/login`, { waitUntil: 'commit' })
    await failureNotice(visitor).waitFor()
    release()
    await visitor.getByRole('button', { name: 'Log in' }).waitFor()
    await failureNotice(visitor).waitFor({ state: 'hidden' })
    await visitor.close()
  })

  it("the packages list's search is asked for once the route is known, before the list's screen has loaded, and once", async () => {
    // The packages area's screens are held: the list cannot render, so a request for its search
    // can only come from the router (ui/routes.tsx), which asks as soon as the route is settled.
    // The page's answers are left out: the list's first page comes with the page (the test below).
    const { context, later } = await developerContext()
    await withoutPageAnswers(later, `${server.url}/ui/packages?q=startup-search`)
    const release = await holdBuiltModule(later, 'chunk:packages')
    const searches: string[] = []
    let asked!: () => void
    const askedFor = new Promise<void>((resolve) => (asked = resolve))
    later.on('request', (request) => {
      if (!request.url().includes('/ui/api/v1/mds/packages')) return
      searches.push(request.postData() ?? '')
      asked()
    })
    await later.goto(`${server.url}/ui/packages?q=startup-search`)
    await askedFor
    expect(await later.getByRole('region', { name: 'Results' }).count()).toBe(0)
    release()
    await later.getByText('No packages found, refine your search').waitFor()
    // The list found its search on its way: nobody asked for it a second time.
    expect(searches).toHaveLength(1)
    expect(searches[0]).toContain('startup-search')
    await context.close()
  })

  it("the list's first page comes with the page: its rows show and no request for it leaves", async () => {
    const { context, later } = await developerContext()
    const searches: string[] = []
    later.on('request', (request) => {
      if (request.url().includes('/ui/api/v1/mds/packages')) searches.push(request.postData() ?? '')
    })
    // The seeded catalogue's packages: a row of the first page, then the second page on a scroll.
    await later.goto(`${server.url}/ui/packages?q=*`)
    const results = later.getByRole('region', { name: 'Results' })
    await results.getByRole('link').first().waitFor()
    await later.waitForLoadState('networkidle')
    expect(searches).toEqual([])
    await context.close()
  })

  it("the font's extra face is fetched only once the page draws one of its characters", async () => {
    // scripts/subsetFont.ts: printable ASCII and the console's own characters in the preloaded
    // core face; Latin-1 and punctuation the platform's data may bring in the extra face.
    const { context, later } = await developerContext()
    const fonts: string[] = []
    later.on('request', (request) => {
      if (request.url().endsWith('.woff2')) fonts.push(request.url().replace(/.*\/assets\//, ''))
    })
    await later.goto(`${server.url}/ui/packages?q=*`)
    await later.getByRole('region', { name: 'Results' }).getByRole('link').first().waitFor()
    await later.waitForLoadState('networkidle')
    expect(fonts).toEqual([expect.stringMatching(/^inter-latin-wght-normal-/)])
    const extra = later.waitForRequest((request) => /inter-extra-[^/]*\.woff2$/.test(request.url()))
    await later.getByRole('combobox', { name: 'Search text' }).fill('café')
    await extra
    await context.close()
  })

  it("the chrome draws while the list's code is held: a first load waits for the list's search to leave, within a bound", async () => {
    // The router draws the chrome once the list's search is on its way (ui/routes.tsx), so the
    // chain of chunks the search needs is not held behind the chrome's first render. A chunk
    // of that chain that does not come must not hold the chrome.
    const { context, later } = await developerContext()
    // The area's domain, effects and API client are one file (vite.config.ts packagesCore).
    const release = await holdBuiltModule(later, 'chunk:packagesCore')
    await later.goto(`${server.url}/ui/packages?q=held-search`)
    await later.getByRole('navigation', { name: 'Application' }).waitFor()
    release()
    await later.getByText('No packages found, refine your search').waitFor()
    await context.close()
  })

  it("the package page's code is fetched once the user points at the list, not with every first load", async () => {
    const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<
      string,
      { file: string }
    >
    const details = manifest['ui/packages/PackageDetails.tsx']!.file
    const { context, later } = await developerContext()
    const asked: string[] = []
    later.on('request', (request) => asked.push(request.url()))
    await later.goto(`${server.url}/ui/packages`)
    const results = later.getByRole('region', { name: 'Results' })
    await results.waitFor()
    await later.waitForLoadState('networkidle')
    expect(asked.filter((url) => url.endsWith(details))).toEqual([])
    const fetched = later.waitForRequest((request) => request.url().endsWith(details))
    await results.hover()
    await fetched
    await context.close()
  })

  it("a signed-in user's start-up asks the network nothing the page carried; a visitor's reads leave with the page", async () => {
    const reads = async (page: Page, path: string, ready: () => Promise<unknown>) => {
      const cdp = await page.context().newCDPSession(page)
      await cdp.send('Network.enable')
      const asked: Array<{ url: string; by: string }> = []
      cdp.on('Network.requestWillBeSent', (e) => asked.push({ url: e.request.url, by: e.initiator.type }))
      await page.goto(`${server.url}${path}`)
      await ready()
      return (read: string) => asked.filter((a) => a.url === `${server.url}/ui/api/v1${read}`)
    }
    const { context, later } = await developerContext()
    const signedIn = await reads(later, '/ui/packages', () =>
      later.getByRole('navigation', { name: 'Application' }).waitFor(),
    )
    // The page's answers (server/ui/startupAnswers.ts) were taken: not one of them asked for.
    for (const read of STARTUP_READS) expect(signedIn(read), read).toEqual([])
    // Who is signed in came from the page: the developer's own menu.
    await later.getByRole('banner').getByRole('button', { name: 'developer' }).waitFor()
    await context.close()

    const visitor = await browser.newPage({ viewport })
    const visitorReads = await reads(visitor, '/ui/login', () =>
      visitor.getByRole('button', { name: 'Log in' }).waitFor(),
    )
    for (const read of LOGIN_READS)
      expect(
        visitorReads(read).map((a) => a.by),
        read,
      ).toEqual(['parser'])
    await visitor.close()
  })

  it("after a sign-in on the login page, start-up's reads come in one request, not a round trip each", async () => {
    // The login page was made for a visitor: once the sign-in call succeeds the console asks
    // the new session's start-up answers once (adapters/browser/pageAnswers.ts).
    const page = await browser.newPage({ viewport })
    await page.goto(`${server.url}/ui/login`)
    await page.getByRole('textbox', { name: 'Username' }).fill('developer')
    await page.getByLabel('Password', { exact: true }).fill(server.config.userPassword)
    const asked: string[] = []
    page.on('request', (request) => asked.push(request.url()))
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.getByRole('banner').getByRole('button', { name: 'developer' }).waitFor()
    await page.getByRole('region', { name: 'Results' }).waitFor()
    const of = (read: string) => asked.filter((url) => url === `${server.url}/ui/api/v1${read}`)
    expect(of('/ui/startupAnswers')).toHaveLength(1)
    for (const read of STARTUP_READS) expect(of(read), read).toEqual([])
    // The landing's two searches came with them (server/ui/routeAnswers.ts landingAnswers): its
    // newest packages show and neither search leaves.
    await page.getByRole('region', { name: 'Newest packages' }).getByRole('link').first().waitFor()
    await page.waitForLoadState('networkidle')
    expect(of('/mds/packages?jfLoader=true')).toEqual([])
    await page.close()
  })

  // A visitor asking for another page than the login page is sent there (no anonymous access),
  // and the server's page says so before start-up does: the login family's skeleton, then it.
  for (const path of ['/ui/login', '/ui/packages'])
    it(`a visitor opening ${path} sees the login page's skeleton, then the login page`, async () => {
      const page = await browser.newPage({ viewport })
      const frames = await recordFrames(page)
      // With the entry script held only the server's page can be drawn: the login skeleton.
      const releaseEntry = await holdEntryScript(page)
      const session = await holdSessionAnswer(page)
      await page.goto(`${server.url}${path}`, { waitUntil: 'commit' })
      await expect.poll(frames).toContain('login skeleton')
      releaseEntry()
      await session.askedFor
      // The console has drawn: the login page's main landmark, or the router's Loading status.
      await page
        .getByRole('main')
        .or(page.getByRole('status', { name: 'Loading' }))
        .first()
        .waitFor({ state: 'attached' })
      expect(await page.getByRole('banner').count()).toBe(0)
      session.release()
      await page.getByRole('button', { name: 'Log in' }).waitFor()
      const painted = await frames()
      expect(painted.slice(painted[0] === 'blank' ? 1 : 0)).toEqual(['login skeleton', 'screen'])
      await page.close()
    })
})
