// The design system's checks (issue 18), in Chromium against the reference server: on the main
// screens of tests/support/screens.ts, for every user that opens them, axe-core finds no
// violation of serious or critical impact; on every screen, at 1024 px, nothing scrolls sideways
// (document scrollWidth <= clientWidth). One browser, one server; each user signs in once.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { browser, server, withPlatformAndChromium } from '../support/e2e'
import type { Page } from 'playwright-core'
import {
  SCREENS,
  firstPackagePath,
  settle,
  signInAs,
  trackRequests,
  type Screen,
  type UserKind,
} from '../support/screens'

// Evaluated through the DevTools protocol: the console's CSP (script-src 'self') refuses a script tag.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

withPlatformAndChromium({ anonymousAccess: true })

interface Finding {
  readonly screen: string
  readonly problem: string
}

// DESIGN_MINOR=1 also prints the moderate and minor violations (the README lists those left).
const PRINT_MINOR = process.env.DESIGN_MINOR === '1'

/** axe-core's serious and critical violations on the page, one line each with where they are. */
async function seriousViolations(page: Page, screen: string): Promise<string[]> {
  await page.evaluate(AXE_SOURCE)
  const violations = await page.evaluate(async () => {
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
    const results = await axe.run(document, { resultTypes: ['violations'] })
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.slice(0, 3).map((n) => String(n.target[0])),
    }))
  })
  const line = (v: (typeof violations)[number]) => `${v.impact} ${v.id}: ${v.targets.join(' | ')}`
  const serious = (v: (typeof violations)[number]) => v.impact === 'serious' || v.impact === 'critical'
  if (PRINT_MINOR) for (const v of violations.filter((v) => !serious(v))) console.log(`${screen}: ${line(v)}`)
  return violations.filter(serious).map(line)
}

/** The document's horizontal overflow in pixels (0 when nothing scrolls sideways). */
function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
}

// DESIGN_CHECK=all runs axe on every screen for every user that opens it (several minutes on a
// busy 2-core machine); CI runs it on the main screens and checks the others for overflow.
const EVERY_SCREEN = process.env.DESIGN_CHECK === 'all'

/**
 * What a user checks on a screen: a main screen gets axe from every user that opens it (the
 * shell differs by user); any other screen the overflow check once, by its first user listed.
 */
function checks(screen: Screen, user: UserKind): { readonly axe: boolean } | undefined {
  if (!screen.users.includes(user)) return undefined
  if (screen.main === true || EVERY_SCREEN) return { axe: true }
  return screen.users[0] === user ? { axe: false } : undefined
}

async function walk(user: UserKind): Promise<Finding[]> {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } })
  const page = await context.newPage()
  await trackRequests(page)
  const findings: Finding[] = []
  try {
    await signInAs(page, server.url, user, server.config)
    const packagePath = user === 'anonymous' ? undefined : await firstPackagePath(page, server.url)
    for (const screen of SCREENS) {
      const check = checks(screen, user)
      if (!check) continue
      const path = screen.path.replace(':package', packagePath?.replace(/^\/packages\//, '') ?? '')
      if (path.endsWith('/packages/')) {
        findings.push({ screen: screen.name, problem: 'no package in the list to open' })
        continue
      }
      await page.goto(`${server.url}/ui${path}`)
      await settle(page, undefined, screen.ready)
      const overflow = await sidewaysOverflow(page)
      if (overflow > 0)
        findings.push({ screen: screen.name, problem: `scrolls sideways by ${overflow} px at 1024 px` })
      if (check.axe)
        for (const problem of await seriousViolations(page, screen.name))
          findings.push({ screen: screen.name, problem })
    }
  } finally {
    await context.close()
  }
  return findings
}

describe('design system on every screen (e2e)', () => {
  for (const user of ['anonymous', 'developer', 'admin'] as const) {
    it(`${user}: no serious or critical axe violation, no sideways scroll at 1024 px`, async () => {
      const findings = await walk(user)
      expect(findings.map((f) => `${f.screen}: ${f.problem}`)).toEqual([])
    }, 300_000)
  }
})
