// What the screens' walk waits for once a scene is open (tests/support/screens.ts `animationsDone`),
// on pages of its own in Chromium: an animation on the clock is waited out, one on a scroll
// timeline is not (it runs for as long as its box can scroll: every scene on the packages list
// waited out the walk's 30 s bound for its filter column's foot shade).
import { describe, expect, it } from 'vitest'
import { browser, withChromium } from '../support/e2e'
import { animationsDone } from '../support/screens'

withChromium()

async function doneOn(style: string): Promise<boolean> {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    await page.setContent(`<style>
      @keyframes fade { from { opacity: 1 } to { opacity: 0 } }
      .column { height: 100px; overflow: auto }
      .column > p { height: 400px; margin: 0 }
      .shade { height: 10px; ${style} }
    </style><div class="column"><p>Filters</p><div class="shade"></div></div>`)
    expect(await page.evaluate(() => document.getAnimations().length)).toBe(1)
    return await page.evaluate(animationsDone)
  } finally {
    await context.close()
  }
}

describe('animationsDone: what a scene waits out before its checks (e2e)', () => {
  it('waits for a finite animation on the clock', async () => {
    expect(await doneOn('animation: fade 60s linear both')).toBe(false)
  }, 30_000)

  it('does not wait for one that never ends, or one on a scroll timeline', async () => {
    expect(await doneOn('animation: fade 1s linear infinite')).toBe(true)
    expect(await doneOn('animation: fade linear both; animation-timeline: scroll(nearest)')).toBe(true)
  }, 30_000)
})
