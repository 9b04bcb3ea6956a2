// The design system's checks, in Chromium against the reference server, on every
// screen of tests/support/screens.ts for every user that opens it (anonymous, developer, admin),
// each scene (a dialog, a menu, a panel, a toast, a form showing its errors, a details page) once
// its steps have opened it:
// axe-core finds no violation of serious or critical impact, in the light theme and in the dark
// one; no visible control is drawn by the browser's defaults (tests/support/rawControls.ts); at
// 1024 px nothing scrolls sideways (document scrollWidth <= clientWidth, and no box in it either).
// One file per user (design.<user>.test.ts) and one for the other flavours' screens, so that the
// two workers take them side by side: each file has its platform and browser, and its user signs
// in once and walks every screen (a screen marked `first` before the others).
// DESIGN_TIMES=1 prints where a file's time went (docs/testing.md).
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browser, server, withChromium, withPlatformAndChromium } from '../support/e2e'
import type { Page } from 'playwright-core'
import { startTestServer, type TestServer } from '../support/server'
import { rawControls } from '../support/rawControls'
import * as screens from '../support/screens'
import {
  SCREENS,
  firstPackagePath,
  showScreen,
  signInAs,
  trackRequests,
  type Screen,
  type UserKind,
} from '../support/screens'

// Evaluated through the DevTools protocol: the console's CSP (script-src 'self') refuses a script tag.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

interface Finding {
  readonly screen: string
  readonly problem: string
}

// DESIGN_MINOR=1 also prints the moderate and minor violations (docs/decisions/2026-11-27-accessibility-checks.md lists those left).
const PRINT_MINOR = process.env.DESIGN_MINOR === '1'

/** The axe rules whose outcome depends on the colours: all that changes with the theme. */
const COLOUR_RULES: ReadonlyArray<string> = ['color-contrast', 'link-in-text-block']

/**
 * axe-core's serious and critical violations on the page, one line each with where they are:
 * of every rule, or of the rules named (`only`).
 */
async function seriousViolations(
  page: Page,
  screen: string,
  only?: ReadonlyArray<string>,
): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE)
  const violations = await page.evaluate(async (only) => {
    const axe = (
      window as unknown as { axe: { run(context: unknown, options: unknown): Promise<AxeResults> } }
    ).axe
    interface AxeResults {
      violations: Array<{
        id: string
        impact: string | null
        nodes: Array<{ target: unknown[]; failureSummary?: string }>
      }>
    }
    const results = await axe.run(document, {
      resultTypes: ['violations'],
      ...(only ? { runOnly: { type: 'rule', values: only } } : {}),
    })
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.slice(0, 3).map((n) => String(n.target[0])),
    }))
  }, only)
  const line = (v: (typeof violations)[number]) => `${v.impact} ${v.id}: ${v.targets.join(' | ')}`
  const serious = (v: (typeof violations)[number]) => v.impact === 'serious' || v.impact === 'critical'
  if (PRINT_MINOR) for (const v of violations.filter((v) => !serious(v))) console.log(`${screen}: ${line(v)}`)
  return violations.filter(serious).map(line)
}

/**
 * What scrolls sideways: the document, or a box in it whose content is wider than the box (a
 * table scrolling on its own hid its rows' Delete at 1024 px while the page itself fitted).
 */
function sidewaysScrolls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const wider = (el: Element) => el.scrollWidth - el.clientWidth
    const doc = document.documentElement
    const out = wider(doc) > 0 ? [`scrolls sideways by ${wider(doc)} px at 1024 px`] : []
    for (const el of document.querySelectorAll('body *')) {
      const x = getComputedStyle(el).overflowX
      // 1 px: a box's fractional width rounds either way.
      if ((x === 'auto' || x === 'scroll') && el.clientWidth > 0 && wider(el) > 1)
        out.push(
          `a ${el.tagName.toLowerCase()} (${el.className}) scrolls sideways by ${wider(el)} px at 1024 px`,
        )
    }
    return out
  })
}

// DESIGN_CHECK=main checks the main screens only (a quicker local run); by default, and in CI,
// every screen is checked by every user that opens it (the shell and the data differ by user).
const MAIN_ONLY = process.env.DESIGN_CHECK === 'main'

/** True once no CSS transition runs (the colours have reached the theme's): run in the page. */
function transitionsDone(): boolean {
  return document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running')
}

// DESIGN_TIMES=1: the seconds spent in each part of the walks, and the slowest screens.
const TIMES = process.env.DESIGN_TIMES === '1' ? new Map<string, number>() : undefined
async function timed<T>(part: string, work: () => Promise<T>): Promise<T> {
  const start = performance.now()
  try {
    return await work()
  } finally {
    TIMES?.set(part, (TIMES.get(part) ?? 0) + (performance.now() - start) / 1000)
  }
}
function printTimes(): void {
  if (!TIMES) return
  const rows = [...TIMES].sort((a, b) => b[1] - a[1])
  const parts = rows.filter(([k]) => !k.startsWith('screen '))
  const screens = rows.filter(([k]) => k.startsWith('screen ')).slice(0, 10)
  console.log([...parts, ...screens].map(([k, v]) => `${v.toFixed(1).padStart(7)} s  ${k}`).join('\n'))
  // The files of a worker share this module (isolate: false): each prints its own.
  TIMES.clear()
}

/** Walks the screens `walks` picks (those of `server`'s platform) that `user` opens. */
async function walk(user: UserKind, server: TestServer, walks: (s: Screen) => boolean): Promise<Finding[]> {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } })
  const page = await context.newPage()
  await trackRequests(page)
  const findings: Finding[] = []
  const found = (screen: string, problems: ReadonlyArray<string>) =>
    findings.push(...problems.map((problem) => ({ screen, problem })))
  try {
    const packagePath = await timed('signing in', async () => {
      await signInAs(page, server.url, user, server.config)
      // Only for a walk that opens the first package.
      const opensPackage = SCREENS.some(
        (s) => walks(s) && s.users.includes(user) && s.path.includes(':package'),
      )
      return user === 'anonymous' || !opensPackage ? undefined : await firstPackagePath(page, server.url)
    })
    // What is drawn now, light then dark: the tokens follow prefers-color-scheme in CSS alone
    // (ui/shared/tokens.css), so switching the scheme redraws the page as a dark page would be.
    const check = async (name: string) => {
      await timed('sideways scroll and raw controls', async () => {
        found(name, await sidewaysScrolls(page))
        found(name, await page.evaluate(rawControls))
      })
      await timed('axe, light (every rule)', async () => found(name, await seriousViolations(page, name)))
      // With reduced motion the colours change at once (tokens.css: --motion 0ms) rather than
      // through 150 ms transitions the check would wait out on every screen; it is set in the
      // same change as the scheme, so no transition starts. The colours reached are the same.
      await timed('switching to dark', async () => {
        await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' })
        await page.waitForFunction(transitionsDone, undefined, { polling: 'raf' })
      })
      // The page is the same but for its colours: the rules that read colours run again.
      await timed('axe, dark (colour rules)', async () =>
        found(`${name} (dark)`, await seriousViolations(page, `${name} (dark)`, COLOUR_RULES)),
      )
      await page.emulateMedia({ colorScheme: 'light', reducedMotion: null })
    }
    for (const screen of SCREENS) {
      if (!walks(screen) || !screen.users.includes(user) || (MAIN_ONLY && screen.main !== true)) continue
      const path = screen.path.replace(':package', packagePath?.replace(/^\/packages\//, '') ?? '')
      if (path.endsWith('/packages/')) {
        found(screen.name, ['no package in the list to open'])
        continue
      }
      const started = performance.now()
      const problems = await timed('opening screens', () => showScreen(page, server.url, screen, path, user))
      if (problems.length > 0) {
        found(screen.name, problems)
        continue
      }
      // The login family's screens are where they say, not the login page a visitor is sent to
      // when the platform has the screen off: else the checks below would not be the screen's.
      const at = new URL(page.url()).pathname
      if (path.startsWith('/login/') && at !== `/ui${path}`) found(screen.name, [`opened ${at} instead`])
      await check(screen.name)
      TIMES?.set(`screen ${screen.name} (${user})`, (performance.now() - started) / 1000)
    }
  } finally {
    await context.close()
  }
  return findings
}

/**
 * The checks on every screen of the default flavour that `user` opens, on a platform of the file's
 * own: the screens marked `first`, then the others.
 */
export function designWalkOf(user: UserKind): void {
  withPlatformAndChromium({ anonymousAccess: true })
  beforeAll(() => timed('setting the platform up', () => screens.openEveryScreen(server)))
  afterAll(printTimes)
  describe('design system on every screen (e2e)', () => {
    // Before the walk below: what these screens draw grows with every request the walk makes.
    const first = SCREENS.filter((s) => s.first === true && s.flavour === undefined)
    if (first.some((s) => s.users.includes(user)))
      it(`${user}, first (${first.map((s) => s.name).join(', ')}): the same checks`, async () => {
        const findings = await walk(user, server, (s) => first.includes(s))
        expect(findings.map((f) => `${f.screen}: ${f.problem}`)).toEqual([])
      }, 600_000)
    it(`${user}: no serious or critical axe violation (light and dark), no browser-default control, no sideways scroll at 1024 px`, async () => {
      const findings = await walk(user, server, (s) => s.flavour === undefined && s.first !== true)
      expect(findings.map((f) => `${f.screen}: ${f.problem}`)).toEqual([])
    }, 600_000)
  })
}

/** The same checks on the screens of the other flavours (a tour's contact-us dialog), each on a platform of its own. */
export function designWalkOfFlavours(): void {
  withChromium()
  afterAll(printTimes)
  describe('design system on every screen (e2e)', () => {
    for (const flavour of [...new Set(SCREENS.flatMap((s) => (s.flavour ? [s.flavour] : [])))]) {
      it(`${flavour}: the same checks on its own screens`, async () => {
        if (MAIN_ONLY) return
        const platform = await timed('starting platforms', () =>
          startTestServer({ anonymousAccess: true }, { PLATFORM_FLAVOUR: flavour }),
        )
        try {
          const users = [...new Set(SCREENS.flatMap((s) => (s.flavour === flavour ? s.users : [])))]
          const findings: Finding[] = []
          for (const user of users)
            findings.push(...(await walk(user, platform, (s) => s.flavour === flavour)))
          expect(findings.map((f) => `${f.screen}: ${f.problem}`)).toEqual([])
        } finally {
          await platform.stop()
        }
      }, 600_000)
    }
  })
}
