/**
 * Debian's Chromium driven by playwright-core, for e2e tests and benchmarks. Never
 * downloads a browser: `/usr/bin/chromium` or CHROMIUM_PATH.
 */
import { chromium, type Browser } from 'playwright-core'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** `extraArgs`: more switches, e.g. a remote-debugging port for a tool that drives the browser too. */
export function launchChromium(extraArgs: ReadonlyArray<string> = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-quic',
      ...extraArgs,
    ],
  })
}
