// A read-only user's attempts at writing through the console, in Chromium against the reference
// server: a user granted only read on generic-local deploys a new file and overwrites another's
// through the Deploy dialog; the console shows each refusal with the platform's status, and the
// repository holds nothing new and the other's bytes unchanged.
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { browser, server, withPlatformAndChromium } from '../support/e2e'
import { browserHeaders } from '../support/server'
import { signIn } from '../support/signIn'
import { adminCookie, createUser } from './loginHelpers'

const READER = { name: 'reader', email: 'reader@example.com', password: 'Read-only-e2e-pw-7' }
const KEPT = 'kept by the admin\n'
let page: Page

withPlatformAndChromium()

/** generic-local's file at `path` as the admin reads it: its status and text. */
async function stored(path: string): Promise<{ status: number; text: string }> {
  const res = await fetch(`${server.url}/artifactory/generic-local/${path}`, {
    headers: { cookie: await adminCookie(server) },
  })
  return { status: res.status, text: await res.text() }
}

beforeAll(async () => {
  await createUser(server, READER)
  const cookie = await adminCookie(server)
  const granted = await fetch(`${server.url}/ui/api/v1/ui/admin/permissions`, {
    method: 'POST',
    headers: browserHeaders(server.url, cookie),
    body: JSON.stringify({
      name: 'reader-reads-generic',
      repositories: ['generic-local'],
      users: { [READER.name]: ['read'] },
      groups: {},
    }),
  })
  expect(granted.status).toBe(201)
  const { 'content-type': _json, ...headers } = browserHeaders(server.url, cookie)
  const put = await fetch(`${server.url}/artifactory/generic-local/ro/kept.txt`, {
    method: 'PUT',
    headers,
    body: KEPT,
  })
  expect(put.status).toBe(201)
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage()
  await signIn(server, page, READER.name, READER.password)
}, 120_000)

/** Deploys `content` at `target` in generic-local through the console's dialog; answers the dialog. */
async function deployThroughConsole(target: string, content: string) {
  await page.goto(`${server.url}/ui/artifacts/browse/generic-local`)
  await page.getByRole('button', { name: 'Deploy' }).click()
  const dialog = page.getByRole('dialog', { name: 'Deploy a file' })
  await dialog.getByLabel('File to deploy').setInputFiles({
    name: 'attempt.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(content),
  })
  await dialog.getByRole('textbox', { name: /Target path/ }).fill(target)
  await dialog.getByRole('button', { name: 'Deploy', exact: true }).click()
  return dialog
}

describe('a read-only user in the console (e2e)', () => {
  it('sees a new file refused with the status, and nothing is deployed', async () => {
    const dialog = await deployThroughConsole('ro/new.txt', 'not allowed\n')
    await dialog
      .getByText(/^The file was not deployed: the platform refused it with status 403/)
      .waitFor({ timeout: 30_000 })
    expect((await stored('ro/new.txt')).status).toBe(404)
  }, 90_000)

  it("sees an overwrite of another's file refused, and its bytes are unchanged", async () => {
    const dialog = await deployThroughConsole('ro/kept.txt', 'overwritten\n')
    await dialog
      .getByText(/^The file was not deployed: the platform refused it with status 403/)
      .waitFor({ timeout: 30_000 })
    expect(await stored('ro/kept.txt')).toEqual({ status: 200, text: KEPT })
  }, 90_000)
})
