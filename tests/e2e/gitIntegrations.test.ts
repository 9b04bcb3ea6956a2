// A git integration end to end, in Chromium against the reference server and a git vendor on
// loopback that answers like GitHub's API (tests/support/fakeGitVendor.ts): an admin adds a
// GitHub integration (a metadata address is refused as typed, a wrong token fails the connection
// test first), creates it, chooses repository scanning, picks repositories and sees the choice
// kept after a reload; then edits and deletes an integration, each with its toast.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browser, server, withPlatformAndChromium } from '../support/e2e'
import type { Page } from 'playwright-core'
import { startFakeGitVendor, type FakeGitVendor } from '../support/fakeGitVendor'
import { browserHeaders } from '../support/server'
import { adminCookie } from './loginHelpers'
import { signIn } from '../support/signIn'

let vendor: FakeGitVendor

// E2E_SHOTS=<folder> keeps a PNG of each screen, to look at them.
const shot = async (page: Page, name: string) => {
  if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/${name}.png` })
}

/** An integration the platform keeps, made through its API; its key. */
async function keptIntegration(integrationName: string, url: string, vendorName: number): Promise<string> {
  const created = await fetch(`${server.url}/ui/api/v1/integration`, {
    method: 'POST',
    headers: browserHeaders(server.url, await adminCookie(server)),
    body: JSON.stringify({
      integrationName,
      userName: 'octo',
      token: 'e2e-right-token',
      url,
      vendorName,
      integrationType: 1,
    }),
  })
  expect(created.status).toBe(201)
  return ((await created.json()) as { data: string }).data
}

withPlatformAndChromium({})
beforeAll(async () => {
  vendor = await startFakeGitVendor({
    token: 'e2e-right-token',
    repositories: [
      { name: 'octo/web', private: false },
      { name: 'octo/api', private: true },
      { name: 'team/infra', private: true },
    ],
  })
})
afterAll(async () => {
  await vendor?.stop()
})

/** An admin's page at the GitHub vendor's list, closed after `run`. */
async function asAdminAtGitHub(run: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  try {
    const page = await context.newPage()
    await signIn(server, page, 'admin', server.config.adminPassword)
    await page.goto(`${server.url}/ui/integrations/vendors/github`)
    await run(page)
  } finally {
    await context.close()
  }
}

/** The Select service step a create leads to, with the create's toast shown over it. */
async function selectServiceStep(page: Page) {
  const select = page.getByRole('dialog', { name: 'Select service' })
  await select.waitFor()
  await page
    .getByText(/Successfully created/)
    .first()
    .waitFor()
  return select
}

/** From the vendor's list: a new GitHub integration named so, its connection tested, then Create. */
async function createTested(page: Page, name: string) {
  await page.getByRole('button', { name: 'Add integration' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'New GitHub integration' })
  await dialog.getByRole('textbox', { name: 'Integration name' }).fill(name)
  await dialog.getByRole('textbox', { name: 'Username' }).fill('octo')
  await dialog.getByRole('textbox', { name: 'API URL' }).fill(vendor.githubUrl)
  await dialog.getByLabel('Access token').fill('e2e-right-token')
  await dialog.getByRole('button', { name: 'Test connection' }).click()
  await dialog.getByText('Connection tested').waitFor()
  await dialog.getByRole('button', { name: 'Create integration' }).click()
  return dialog
}

describe('git integrations (e2e)', () => {
  it('an admin creates a GitHub integration against the vendor and chooses repositories to scan', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
    try {
      const page = await context.newPage()
      await signIn(server, page, 'admin', server.config.adminPassword)
      await page.goto(`${server.url}/ui/integrations/vendors/github`)
      await page.getByText('No GitHub integrations yet').waitFor({ timeout: 15_000 })
      await shot(page, 'vendor-list-empty')

      await page.getByRole('button', { name: 'Add integration' }).first().click()
      const dialog = page.getByRole('dialog', { name: 'New GitHub integration' })
      await dialog.getByRole('textbox', { name: 'Integration name' }).fill('main-github')
      await dialog.getByRole('textbox', { name: 'Username' }).fill('octo')
      await dialog.getByLabel('Access token').fill('a-wrong-token')
      // A cloud metadata address is refused as it is typed, the text kept, and never tested.
      const apiUrl = dialog.getByRole('textbox', { name: 'API URL' })
      await apiUrl.fill('http://169.254.169.254/latest/meta-data/')
      await dialog
        .getByText('Link-local and cloud metadata addresses (169.254.0.0/16, fe80::/10, …) cannot be used')
        .waitFor()
      await shot(page, 'git-modal-refused-address')
      expect(await apiUrl.getAttribute('aria-invalid')).toBe('true')
      expect(await apiUrl.inputValue()).toBe('http://169.254.169.254/latest/meta-data/')
      expect(await dialog.getByRole('button', { name: 'Test connection' }).isDisabled()).toBe(true)
      await apiUrl.fill(vendor.githubUrl)
      await dialog.getByRole('button', { name: 'Test connection' }).click()
      await dialog
        .getByRole('alert')
        .filter({ hasText: 'The connection failed. Check the API URL and the access token' })
        .waitFor()
      await shot(page, 'git-modal-test-failed')

      await dialog.getByLabel('Access token').fill('e2e-right-token')
      await dialog.getByRole('button', { name: 'Test connection' }).click()
      await dialog.getByText('Connection tested').waitFor()
      await shot(page, 'git-modal-tested')
      await dialog.getByRole('button', { name: 'Create integration' }).click()

      const select = await selectServiceStep(page)
      await shot(page, 'git-modal-select-service')
      // The table reloaded behind the dialog (hidden from the accessibility tree while it is open).
      await page.getByText('main-github', { exact: true }).waitFor()
      await select.getByRole('button', { name: 'Repository scanning' }).click()

      const repos = page.getByRole('list', { name: 'Repositories' })
      await repos.waitFor({ timeout: 15_000 })
      const url = new URL(page.url())
      expect(url.pathname).toBe('/ui/integrations/git-repo-scan/select-repos')
      expect(url.searchParams.get('vcsType')).toBe('github')
      const key = url.searchParams.get('integrationId') ?? ''
      expect(key).toMatch(/^github-/)
      await repos.getByRole('checkbox', { name: 'octo/api' }).click()
      await repos.getByRole('checkbox', { name: 'team/infra' }).click()
      await page.getByRole('button', { name: 'Save' }).click()
      await page.getByText('Saved: 2 repositories will be scanned.').waitFor()
      await shot(page, 'select-repos-saved')

      // Kept by the platform: a reload shows the same choice, read again from the vendor's list.
      await page.reload()
      await repos.waitFor({ timeout: 15_000 })
      const checked = (name: string) => repos.getByRole('checkbox', { name }).isChecked()
      expect([await checked('octo/api'), await checked('team/infra'), await checked('octo/web')]).toEqual([
        true,
        true,
        false,
      ])
      expect(vendor.requests.some((r) => r.path.startsWith('/api/v3/user/repos'))).toBe(true)
    } finally {
      await context.close()
    }
  })

  it('an admin edits an integration (the stored token tested again) and deletes it, each with its toast', async () => {
    // A GitLab integration the platform already keeps.
    const key = await keptIntegration('team-gitlab', vendor.gitlabUrl, 2)
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
    try {
      const page = await context.newPage()
      await signIn(server, page, 'admin', server.config.adminPassword)
      await page.goto(`${server.url}/ui/integrations/vendors/gitlab`)
      const table = page.getByRole('table', { name: 'GitLab integrations' })
      await table.getByText('team-gitlab', { exact: true }).waitFor({ timeout: 15_000 })

      await table.getByRole('button', { name: 'Edit team-gitlab' }).click()
      const dialog = page.getByRole('dialog', { name: 'Edit GitLab integration' })
      await dialog.getByRole('textbox', { name: 'Integration name' }).fill('team-gitlab-main')
      // The token field stays empty: the platform tests with the stored one.
      await dialog.getByRole('button', { name: 'Test connection' }).click()
      await dialog.getByText('Connection tested').waitFor()
      await dialog.getByRole('button', { name: 'Save' }).click()
      // The toast (Radix also announces it, a second copy of the text).
      await page.getByText(`Successfully updated ${key}`).first().waitFor()
      await dialog.waitFor({ state: 'detached' })
      // Reloaded after the update.
      await table.getByText('team-gitlab-main', { exact: true }).waitFor()
      await shot(page, 'vendor-list-updated')

      await table.getByRole('button', { name: 'Delete team-gitlab-main' }).click()
      const confirm = page.getByRole('alertdialog', { name: 'Delete team-gitlab-main?' })
      await confirm.getByRole('button', { name: 'Delete' }).click()
      await page.getByText(`Successfully deleted ${key}`).first().waitFor()
      await page.getByText('No GitLab integrations yet').waitFor()
      await shot(page, 'vendor-list-deleted')
      const left = await fetch(`${server.url}/ui/api/v1/integration/getIntegrations/gitlab`, {
        headers: { cookie: await adminCookie(server) },
      })
      expect(await left.json()).toEqual([])
    } finally {
      await context.close()
    }
  })

  // A toast raised after a dialog is Radix's top layer and alone hears Escape: it closed itself and
  // left the dialog open (the audit's failed create). The form now says its failures inline, so a
  // toast over an open dialog comes with a success: the create's, over the Select service step.
  it('Escape closes the Select service step while the create toast shows over it', async () => {
    await asAdminAtGitHub(async (page) => {
      await page
        .getByRole('table', { name: 'GitHub integrations' })
        .or(page.getByText('No GitHub integrations yet'))
        .first()
        .waitFor({ timeout: 15_000 })
      await createTested(page, 'escape-github')
      const select = await selectServiceStep(page)
      await page.keyboard.press('Escape')
      await select.waitFor({ state: 'detached', timeout: 10_000 })
    })
  })

  it('a failed create leaves the modal open, saying it there, and Escape closes the modal', async () => {
    // The name an integration the platform keeps already has: the platform refuses it (409).
    await keptIntegration('taken-github', vendor.githubUrl, 1)
    await asAdminAtGitHub(async (page) => {
      await page
        .getByRole('table', { name: 'GitHub integrations' })
        .getByText('taken-github', { exact: true })
        .waitFor({ timeout: 15_000 })
      const dialog = await createTested(page, 'taken-github')
      // Said once, beside the form (no toast says it again: the component test shows that).
      await dialog.getByRole('alert').filter({ hasText: 'Error while creating integration' }).waitFor()
      await page.keyboard.press('Escape')
      await dialog.waitFor({ state: 'detached', timeout: 10_000 })
    })
  })
})
