// The first paint (issue 18): the shell's skeleton (index.html) is drawn before start-up's
// answers arrive, then the chrome takes its place with no blank frame between; the login
// family's pages are drawn at once and never show it. In Chromium against the reference server.
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { browser, server, withPlatformAndChromium } from '../support/e2e'
import { signIn } from './loginHelpers'

withPlatformAndChromium()

type Frame = 'blank' | 'skeleton' | 'screen'

/**
 * What each painted frame showed, from the page's first frame: the skeleton, a screen (a main
 * landmark of the console's own), or neither. Read in requestAnimationFrame, which runs before
 * each frame is drawn: a state that lasts less than a frame is never painted, nor recorded.
 */
async function recordFrames(page: Page): Promise<() => Promise<Frame[]>> {
  await page.addInitScript(() => {
    const frames: string[] = []
    Object.assign(window, { paintedFrames: frames })
    const tick = () => {
      const skeleton = document.getElementById('boot')
      const frame =
        skeleton && getComputedStyle(skeleton).display !== 'none'
          ? 'skeleton'
          : document.querySelector('#root main')
            ? 'screen'
            : 'blank'
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

describe('first paint (e2e)', () => {
  it('a signed-in developer sees the shell skeleton before start-up answers, then the chrome', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
    const page = await context.newPage()
    await signIn(server, page, 'developer', server.config.userPassword)
    const later = await context.newPage()
    const frames = await recordFrames(later)
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
    // Before the entry script runs the page is blank; from then on, the skeleton, then the screen.
    const painted = await frames()
    expect(painted.slice(painted[0] === 'blank' ? 1 : 0)).toEqual(['skeleton', 'screen'])
    await context.close()
  })

  it('the login page is drawn at once, never after the chrome skeleton', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
    const frames = await recordFrames(page)
    const session = await holdSessionAnswer(page)
    await page.goto(`${server.url}/ui/login`)
    await session.askedFor
    await page.getByRole('main').waitFor()
    expect(await page.getByRole('banner').count()).toBe(0)
    session.release()
    await page.getByRole('button', { name: 'Log in' }).waitFor()
    expect(await frames()).not.toContain('skeleton')
    await page.close()
  })
})
