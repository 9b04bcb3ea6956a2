// Edit Profile's access tokens in Chromium, with the npm CLI that ships with Node: a token made
// in the console is shown once (gone after Done and never in web storage), signs the npm CLI in,
// and once revoked in the console the registry refuses it. A user who may only read (every new
// account's readers group) sees its writes refused, with the reason, in the console and in npm.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browser, server, withPlatformAndChromium } from '../support/e2e'
import { npmCli } from '../support/npmCli'
import { createUser } from './loginHelpers'
import { signIn } from '../support/signIn'

const USER = 'tokener'
const PASSWORD = 'Token-pass-1'
const DESCRIPTION = 'e2e laptop'
let work: string
let cli: ReturnType<typeof npmCli>

withPlatformAndChromium()
beforeAll(async () => {
  await createUser(server, { name: USER, email: 'tokener@example.org', password: PASSWORD })
  work = mkdtempSync(join(tmpdir(), 'tokens-e2e-'))
  cli = npmCli(work)
})
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true })
})

/** An .npmrc that signs npm in to the npm virtual repository (`_authToken=…` or `_auth=…`). */
function npmrcWith(credential: string): string {
  const registry = new URL(`${server.url}/artifactory/api/npm/npm/`)
  const path = join(work, `npmrc-${Math.random().toString(36).slice(2)}`)
  writeFileSync(path, `registry=${registry.href}\n//${registry.host}${registry.pathname}:${credential}\n`)
  return path
}

describe('access tokens (e2e)', () => {
  it('a token is shown once, signs npm in, and is refused by the registry once revoked', async () => {
    const page = await (await browser.newContext()).newPage()
    await signIn(server, page, USER, PASSWORD)
    await page.goto(`${server.url}/ui/user_profile`)
    const form = page.getByRole('form', { name: 'New access token' })
    await form.getByRole('textbox', { name: 'Description' }).fill(DESCRIPTION)
    await form.getByRole('button', { name: 'Create token' }).click()
    const made = page.getByRole('region', { name: 'New token' })
    await made.getByText(`The token “${DESCRIPTION}” was made.`).waitFor({ timeout: 15_000 })
    const token = ((await made.locator('code').textContent()) ?? '').trim()
    expect(token).toMatch(/^cnt_/)

    const rc = npmrcWith(`_authToken=${token}`)
    const signedIn = await cli.npm(['whoami'], work, rc)
    expect(signedIn.failed, signedIn.stderr).toBeUndefined()
    expect(signedIn.stdout.trim()).toBe(USER)

    // Shown once: Done takes it away, and neither the page nor web storage has it after.
    await made.getByRole('button', { name: 'Done' }).click()
    await expect.poll(() => made.count(), { timeout: 10_000 }).toBe(0)
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }))
    expect(stored).not.toContain(token)
    await page.reload()
    const table = page.getByRole('table', { name: 'My access tokens' })
    const row = table.getByRole('row', { name: new RegExp(`^${DESCRIPTION} `) })
    await row.waitFor({ timeout: 15_000 })
    expect(await page.locator('body').textContent()).not.toContain(token)

    await row.getByRole('button', { name: `Revoke ${DESCRIPTION}` }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Revoke this token?' })
    await confirm.getByRole('button', { name: 'Revoke' }).click()
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(0)
    await table.getByText('You have no access tokens').waitFor({ timeout: 10_000 })

    const refused = await cli.npm(['whoami'], work, rc)
    expect(refused.failed).toBe(true)
    expect(refused.stderr).toMatch(/E401|401/)
  })

  it("a read-only user's writes are refused with the reason, in the console and in npm", async () => {
    const page = await (await browser.newContext()).newPage()
    await signIn(server, page, USER, PASSWORD)
    await page.goto(`${server.url}/ui/artifacts/browse/generic-local`)
    await page.getByRole('button', { name: 'Deploy' }).click()
    const dialog = page.getByRole('dialog', { name: 'Deploy a file' })
    await dialog.getByLabel('File to deploy').setInputFiles({
      name: 'mine.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('a reader tries to deploy\n'),
    })
    await dialog.getByRole('textbox', { name: /Target path/ }).fill('readers/mine.txt')
    await dialog.getByRole('button', { name: 'Deploy', exact: true }).click()
    await dialog.getByText(`${USER} may not deploy to generic-local`).waitFor({ timeout: 20_000 })
    expect(await dialog.getByText(/^Deployed to/).count()).toBe(0)

    const auth = Buffer.from(`${USER}:${PASSWORD}`).toString('base64')
    const dir = cli.makePackage('reader-made', '1.0.0', '# Not to be published\n')
    const published = await cli.npm(['publish'], dir, npmrcWith(`_auth=${auth}`))
    expect(published.failed).toBe(true)
    expect(published.stderr).toMatch(/E403/)
    expect(published.stderr).toContain(`${USER} may not deploy to npm-local`)
  })
})
