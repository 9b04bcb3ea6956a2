/**
 * The e2e fixture: the reference platform (in process, on an ephemeral loopback port, with a
 * temporary data folder) and Debian's Chromium, started before a file's tests and stopped
 * after them. A file calls `withPlatformAndChromium(...)` once, at its top level, with what it
 * would pass to `startTestServer`, and uses `server` and `browser`: they are live bindings, set
 * once the fixture's `beforeAll` has run (each e2e file has its own module graph). A file's own
 * `beforeAll` runs after the fixture's, its `afterAll` before the fixture's.
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
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })
}
