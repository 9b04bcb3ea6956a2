/**
 * How the console loads in Chromium against the in-process reference server: requests and
 * the depth of the request waterfall (the longest chain of "this file asked for that one",
 * the page itself being 1) and bytes on the wire for the login page and for the landing
 * after signing in, with the browser cache off. Target: the code (JS and CSS) at most 3 round trips deep.
 * Needs `npm run build` first (the server serves dist/).
 */
import { existsSync } from 'node:fs'
import type { CDPSession, Page } from 'playwright-core'
import type { Figure } from './types'
import { startTestServer } from '../tests/support/server'
import { launchChromium } from '../tests/support/browser'

export const title = 'Request waterfall of the login page and the landing (Chromium)'

interface Seen {
  readonly id: string
  readonly url: string
  readonly type: string
  readonly initiator: string | undefined
  readonly start: number
  end?: number
  /** Bytes on the wire (headers and the compressed body). */
  wire?: number
}

/** Records every request the page makes, with the file that asked for it. */
async function recorder(cdp: CDPSession): Promise<Seen[]> {
  const seen: Seen[] = []
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  cdp.on('Network.requestWillBeSent', (e) => {
    const i = e.initiator
    const from = i.url ?? i.stack?.callFrames[0]?.url ?? i.stack?.parent?.callFrames[0]?.url
    seen.push({
      id: e.requestId,
      url: e.request.url,
      type: e.type ?? 'Other',
      initiator: from || undefined,
      start: e.timestamp,
    })
  })
  const ended = (e: { requestId: string; timestamp: number; encodedDataLength?: number }) => {
    const s = seen.find((x) => x.id === e.requestId)
    if (s) {
      s.end = e.timestamp
      s.wire = e.encodedDataLength
    }
  }
  cdp.on('Network.loadingFinished', ended)
  cdp.on('Network.loadingFailed', ended)
  return seen
}

/**
 * Two bounds on the depth. By initiator: each request one deeper than the file that asked
 * for it (a lower bound: a lazily loaded chunk is attributed to the loader helper in the
 * entry, not to the chunk whose code asked for it). By timing: each request one deeper than
 * the deepest request that had finished before it started (an upper bound: it counts waits
 * that were not dependencies).
 */
function depths(seen: ReadonlyArray<Seen>, code: (s: Seen) => boolean) {
  const byInitiator = new Map<string, number>()
  const byTiming = new Map<Seen, number>()
  let initiator = 0
  let timing = 0
  for (const s of seen) {
    const d = s.initiator && byInitiator.has(s.initiator) ? byInitiator.get(s.initiator)! + 1 : 1
    if (!byInitiator.has(s.url)) byInitiator.set(s.url, d)
    let t = 1
    for (const q of seen)
      if (q !== s && q.end !== undefined && q.end <= s.start) t = Math.max(t, (byTiming.get(q) ?? 1) + 1)
    byTiming.set(s, t)
    if (code(s)) {
      initiator = Math.max(initiator, d)
      timing = Math.max(timing, t)
    }
  }
  return { initiator, timing }
}

function figuresOf(name: string, seen: ReadonlyArray<Seen>): Figure[] {
  const isCode = (s: Seen) => s.type === 'Script' || s.type === 'Stylesheet'
  const code = depths(seen, isCode)
  const all = depths(seen, () => true)
  return [
    { name: `${name}: requests`, value: seen.length, unit: 'requests' },
    { name: `${name}: of which JS and CSS`, value: seen.filter(isCode).length, unit: 'requests' },
    {
      name: `${name}: JS and CSS on the wire`,
      value: seen.filter(isCode).reduce((n, s) => n + (s.wire ?? 0), 0) / 1024,
      unit: 'KB',
    },
    {
      name: `${name}: everything on the wire`,
      value: seen.reduce((n, s) => n + (s.wire ?? 0), 0) / 1024,
      unit: 'KB',
    },
    {
      name: `${name}: JS and CSS depth, by initiator`,
      value: code.initiator,
      unit: 'round trips',
      target: '≤ 3',
    },
    { name: `${name}: JS and CSS depth, by timing`, value: code.timing, unit: 'round trips', target: '≤ 3' },
    { name: `${name}: every request, depth by timing`, value: all.timing, unit: 'round trips' },
  ]
}

async function settled(page: Page, ready: () => Promise<unknown>): Promise<void> {
  await ready()
  await page.waitForLoadState('networkidle')
}

export async function run(): Promise<Figure[]> {
  if (!existsSync('dist/index.html')) throw new Error('build the console first: npm run build')
  const server = await startTestServer()
  const browser = await launchChromium()
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    const seen = await recorder(cdp)
    await page.goto(`${server.url}/ui/login`)
    await settled(page, () => page.getByRole('button', { name: 'Log in' }).waitFor())
    const login = [...seen]

    await page.getByRole('textbox', { name: 'Username' }).fill('developer')
    await page.getByLabel('Password', { exact: true }).fill(server.config.userPassword)
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.waitForURL((u) => !u.pathname.startsWith('/ui/login'))
    // The page signed in on goes on loading its chunks and data: it is left for a blank page
    // before the count starts, or what it still asked for was counted with the landing (74 to
    // 97 JS and CSS requests, as it happened).
    await page.goto('about:blank')
    // The landing loaded afresh, signed in: what a returning user's first load costs.
    seen.length = 0
    await page.goto(`${server.url}/ui/`)
    await settled(page, () => page.getByRole('navigation').first().waitFor())
    const landing = [...seen]
    // WATERFALL_LIST=1 prints each request of the landing in order, to see what comes late.
    if (process.env.WATERFALL_LIST)
      for (const s of landing)
        console.log(
          `${((s.start - landing[0]!.start) * 1000).toFixed(0).padStart(6)} ms  ${s.type.padEnd(10)} ${s.url.replace(server.url, '')}  <- ${(s.initiator ?? '').replace(server.url, '')}`,
        )
    return [...figuresOf('login page', login), ...figuresOf('landing after sign-in', landing)]
  } finally {
    await browser.close()
    await server.stop()
  }
}
