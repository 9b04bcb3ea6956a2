// In Chromium at 1024 px (the narrowest width the console is drawn for): the
// screens a newcomer found cramped keep their text readable. Each check measures the box the
// complaint was about, against the reference server with the gallery's data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { browser, server, withPlatformAndChromium } from '../support/e2e'
import {
  SCREENS,
  firstPackagePath,
  openEveryScreen,
  showScreen,
  signInAs,
  type UserKind,
} from '../support/screens'

withPlatformAndChromium({ anonymousAccess: true })

const pages = new Map<UserKind, Page>()
beforeAll(async () => {
  await openEveryScreen(server)
  for (const user of ['developer', 'admin'] as const) {
    const page = await browser.newPage({ viewport: { width: 1024, height: 768 } })
    await signInAs(page, server.url, user, server.config)
    pages.set(user, page)
  }
}, 120_000)
afterAll(async () => {
  for (const page of pages.values()) await page.close()
})

async function show(user: UserKind, name: string): Promise<Page> {
  const page = pages.get(user)!
  const screen = SCREENS.find((s) => s.name === name)!
  const packagePath = await firstPackagePath(page, server.url)
  const path = screen.path.replace(':package', packagePath?.replace(/^\/packages\//, '') ?? '')
  expect(await showScreen(page, server.url, screen, path, user)).toEqual([])
  return page
}

const box = async (page: Page, locator: ReturnType<Page['locator']>) => {
  const b = await locator.boundingBox()
  if (!b) throw new Error(`not drawn: ${String(locator)}`)
  return b
}

describe('cramped at 1024 px (e2e)', () => {
  it('a search result’s description has its line; the filters’ title is one line tall', async () => {
    const page = await show('developer', 'packages-search')
    const row = page.getByRole('listitem').filter({ hasText: 'React is a JavaScript library' }).first()
    const description = row.getByText('React is a JavaScript library', { exact: false })
    // It had 160 px beside 'No known vulnerabilities'; the row's text column is about 330 px.
    const rowBox = await box(page, row)
    expect((await box(page, description)).width).toBeGreaterThan(rowBox.width * 0.7)
    const title = page
      .getByRole('complementary', { name: 'Filters' })
      .getByRole('heading', { name: 'Filters' })
    expect((await box(page, title)).height).toBeLessThan(40)
  })

  it('Service Status: a service id on two lines at most, the platform’s id whole; chips on two rows', async () => {
    const page = await show('admin', 'service-status')
    const id = page.getByText(/^jfrt@/).first()
    const idBox = await box(page, id)
    const lineHeight = await id.evaluate((e) => parseFloat(getComputedStyle(e).lineHeight))
    expect(idBox.height).toBeLessThan(lineHeight * 2.5)
    const chips = page.getByText('jfcon', { exact: true }).first().locator('..')
    const chipHeight = (await box(page, page.getByText('jfcon', { exact: true }).first())).height
    expect((await box(page, chips)).height).toBeLessThan(chipHeight * 2.9)
  })

  it('the artifact tree shows a long name’s end, so digests that share a start stay apart', async () => {
    const page = await show('developer', 'artifact-file')
    const tree = page.getByRole('tree', { name: 'Repositories and their files' })
    const long = tree.locator('[title^="sha256__"]').first()
    const name = (await long.getAttribute('title'))!
    const treeBox = await box(page, tree)
    const tail = long.getByText(name.slice(-8), { exact: true })
    const tailBox = await box(page, tail)
    expect(tailBox.x + tailBox.width).toBeLessThanOrEqual(treeBox.x + treeBox.width)
    // The whole name is the row's name for screen readers.
    await tree.getByRole('treeitem', { name: new RegExp(`^${name}`) }).waitFor()
    // And as much of its start as of its end: at 2:3 beside the details, 'sha…' was all of it.
    const head = long.getByText(name.slice(0, -8), { exact: true })
    expect((await box(page, head)).width).toBeGreaterThanOrEqual(tailBox.width)
    // The details card beside it keeps its buttons inside: Delete manifest ran out of it.
    const details = page.getByRole('complementary', { name: 'Details' })
    const cardBox = await box(page, details.locator('section').first())
    const del = await box(page, details.getByRole('button', { name: 'Delete manifest' }))
    expect(del.x + del.width).toBeLessThanOrEqual(cardBox.x + cardBox.width)
  })

  it("a version's files: a media type on one line, the Download buttons inside the table", async () => {
    const page = await show('developer', 'version-details')
    const files = page.getByRole('table', { name: 'Files' })
    const row = files.getByRole('row').filter({ hasText: 'application/x-gzip' })
    const type = row.getByRole('cell', { name: 'application/x-gzip', exact: true })
    // The lines its text is laid on (it wrapped as 'application/x-' over 'gzip').
    const lines = await type.evaluate((cell) => {
      const range = document.createRange()
      range.selectNodeContents(cell)
      return new Set([...range.getClientRects()].map((r) => Math.round(r.bottom))).size
    })
    expect(lines).toBe(1)
    const tableBox = await box(page, files)
    const download = await box(page, row.getByRole('button', { name: /^Download / }))
    expect(download.x + download.width).toBeLessThanOrEqual(tableBox.x + tableBox.width)
  })

  it('a narrow card’s label wraps rather than leave its value a letter a line', async () => {
    const page = await show('admin', 'admin-saml')
    const card = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'Service provider', exact: true }) })
      .last()
    const value = card.getByText('Not set: the platform has no base URL', { exact: true })
    // The label column took 'Assertion consumer URL' whole and left the value ~10 px.
    expect((await box(page, value)).width).toBeGreaterThan((await box(page, card)).width * 0.3)
  })
})
