/**
 * The e2e fixture: the reference platform (in process, on an ephemeral loopback port, with a
 * temporary data folder) and Debian's Chromium, started before a file's tests and stopped
 * after them. A file calls `withPlatformAndChromium(...)` once, at its top level, with what it
 * would pass to `startTestServer`, and uses `server` and `browser`: they are live bindings, set
 * by the fixture's `beforeAll` for the file that runs (the files of a worker share the module
 * and run one after another). A file's own `beforeAll` runs after the fixture's, its `afterAll`
 * before the fixture's. `withChromium()` is the browser alone, for a file that starts its own
 * platforms.
 */
import { afterAll, beforeAll } from 'vitest'
import type { Browser } from 'playwright-core'
import { launchChromium } from './browser'
import { startTestServer, type TestServer } from './server'

export let server: TestServer
export let browser: Browser

export function withPlatformAndChromium(...args: Parameters<typeof startTestServer>): void {
  beforeAll(async () => {
    server = await startTestServer(...args)
  })
  afterAll(async () => {
    await server?.stop()
  })
  withChromium()
}

/** Chromium alone, for a file that starts its platforms itself (one per flavour). */
export function withChromium(): void {
  beforeAll(async () => {
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
  })
}
