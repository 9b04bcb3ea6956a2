// The artifact search in Chromium against the reference server: the bar's path: word narrows a
// Quick search by name, and a checksum alone (a shared link) finds the file by its bytes.
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { browser, withChromium } from '../support/e2e'
import { browserHeaders, startTestServer } from '../support/server'
import { adminCookie } from './loginHelpers'
import { signIn } from '../support/signIn'

withChromium()

describe('artifact search (e2e)', () => {
  it('path: narrows a name search; a checksum alone finds the file', async () => {
    const server = await startTestServer()
    try {
      const cookie = await adminCookie(server)
      const bytes = Buffer.from('e2e artifact search\n')
      for (const path of ['libs/e2e-tools.txt', 'other/e2e-tools.txt']) {
        const res = await fetch(`${server.url}/artifactory/generic-local/${path}`, {
          method: 'PUT',
          headers: { ...browserHeaders(server.url, cookie), 'content-type': 'application/octet-stream' },
          body: path.startsWith('libs') ? bytes : Buffer.from('other bytes\n'),
        })
        expect(res.status).toBe(201)
      }
      const page = await browser.newPage()
      await signIn(server, page, 'admin', server.config.adminPassword)
      await page.goto(`${server.url}/ui/artifacts/browse`)
      const text = page.getByRole('combobox', { name: 'Search text' })
      await text.fill('e2e-tools path:libs/')
      await text.press('Enter')
      const table = page.getByRole('table', { name: 'Files' })
      await table.getByRole('link', { name: 'generic-local/libs/e2e-tools.txt' }).waitFor({ timeout: 20_000 })
      expect(await table.getByRole('link', { name: /other\/e2e-tools/ }).count()).toBe(0)

      const sha1 = createHash('sha1').update(bytes).digest('hex')
      await page.goto(`${server.url}/ui/artifacts/browse?checksum=${sha1}`)
      await table.getByRole('link', { name: 'generic-local/libs/e2e-tools.txt' }).waitFor({ timeout: 20_000 })
      expect(await table.getByRole('row').count()).toBe(2)
      await page.close()
    } finally {
      await server.stop()
    }
  })
})
