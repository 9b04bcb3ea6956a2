/**
 * `npm run bench -- lighthouse`: Lighthouse's accessibility and best-practices scores
 * (target 95 each) of the login page, the packages list, a package's details and the admin users
 * page, in Debian's Chromium against the reference server serving `dist/` (build it first).
 * Offline: Lighthouse drives the browser we launch, on loopback, and fetches nothing. Signed-in
 * pages are audited as admin, the session cookie sent with every request. Optional (slow).
 */
import { createServer } from 'node:net'
import lighthouse from 'lighthouse'
import { startTestServer } from '../tests/support/server'
import { launchChromium } from '../tests/support/browser'
import { firstPackagePath, signInAs } from '../tests/support/screens'
import type { Figure } from './types'

export const optional = true
export const title = 'Lighthouse: accessibility and best practices (Chromium, desktop)'

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

export async function run(): Promise<Figure[]> {
  const server = await startTestServer()
  const port = await freePort()
  const browser = await launchChromium([`--remote-debugging-port=${port}`])
  const figures: Figure[] = []
  try {
    // A session for the signed-in pages, and the first package of the list to open.
    const context = await browser.newContext()
    const page = await context.newPage()
    await signInAs(page, server.url, 'admin', server.config)
    const packagePath = (await firstPackagePath(page, server.url)) ?? '/packages'
    const cookie = (await context.cookies())
      .filter((c) => c.name === 'console_session')
      .map((c) => `${c.name}=${c.value}`)
      .join('; ')
    await context.close()

    const pages: ReadonlyArray<{ name: string; path: string; signedIn: boolean }> = [
      { name: 'login', path: '/login', signedIn: false },
      { name: 'packages list', path: '/packages', signedIn: true },
      { name: 'package details', path: packagePath, signedIn: true },
      { name: 'admin users', path: '/admin/management/users', signedIn: true },
    ]
    for (const audited of pages) {
      const result = await lighthouse(
        `${server.url}/ui${audited.path}`,
        {
          port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['accessibility', 'best-practices'],
          formFactor: 'desktop',
          screenEmulation: { mobile: false, width: 1440, height: 900, deviceScaleFactor: 1, disabled: false },
          throttlingMethod: 'provided',
          ...(audited.signedIn ? { extraHeaders: { Cookie: cookie } } : {}),
        },
        undefined,
      )
      if (!result) throw new Error(`Lighthouse returned nothing for ${audited.path}`)
      // A lost session would audit the login page in the signed-in page's name.
      const landed = new URL(result.lhr.finalDisplayedUrl).pathname
      if (audited.signedIn && landed.startsWith('/ui/login'))
        throw new Error(`${audited.path} sent Lighthouse to ${landed}: the session was not used`)
      for (const [id, label] of [
        ['accessibility', 'accessibility'],
        ['best-practices', 'best practices'],
      ] as const) {
        const category = result.lhr.categories[id]
        if (!category || category.score === null) throw new Error(`no ${id} score for ${audited.path}`)
        figures.push({
          name: `${audited.name}: ${label}`,
          value: category.score * 100,
          unit: '/ 100',
          target: '≥ 95',
        })
        const failing = category.auditRefs
          .map((ref) => result.lhr.audits[ref.id])
          .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative')
          .map((a) => a!.id)
        if (failing.length > 0)
          console.log(`  ${audited.name} ${label}, audits below full marks: ${failing.join(', ')}`)
      }
    }
  } finally {
    await browser.close()
    await server.stop()
  }
  return figures
}
