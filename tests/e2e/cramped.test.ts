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
  type Screen,
  type UserKind,
} from '../support/screens'
import { scannedGitRepositories } from '../support/scannedGitRepositories'
import { ociPusher } from '../support/ociPush'
import { buildImage } from '../../server/containers/imageBuilder'
import { openDebugTools } from './debugTools'
import { chooseOption } from './kitSelect'

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

/** The first package's path per user, looked up once and only for a screen that opens it. */
const packagePaths = new Map<UserKind, Promise<string | undefined>>()

async function show(user: UserKind, name: string): Promise<Page> {
  const page = pages.get(user)!
  const screen = SCREENS.find((s) => s.name === name)!
  let path = screen.path
  if (path.includes(':package')) {
    if (!packagePaths.has(user)) packagePaths.set(user, firstPackagePath(page, server.url))
    const packagePath = await packagePaths.get(user)
    path = path.replace(':package', packagePath?.replace(/^\/packages\//, '') ?? '')
  }
  expect(await showScreen(page, server.url, screen, path, user)).toEqual([])
  return page
}

/** A screen of no list (its data made by the test), as `show` opens the listed ones. */
async function showAt(user: UserKind, screen: Screen): Promise<Page> {
  const page = pages.get(user)!
  expect(await showScreen(page, server.url, screen, screen.path, user)).toEqual([])
  return page
}

/** A seeded image's tag page, opened by two tests (at its width, and at 1024 and 1440 px). */
const CONTAINER_VERSION: Screen = {
  name: 'container-version',
  path: `/packages/${encodeURIComponent('docker://gallery/web')}/1.0.0`,
  users: ['developer'],
  ready: (p) => p.getByRole('table', { name: 'Files' }).getByRole('row').nth(1),
}

/** The lines a box's text is laid on. */
const linesOf = (locator: ReturnType<Page['locator']>) =>
  locator.evaluate((element) => {
    const range = document.createRange()
    range.selectNodeContents(element)
    return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.bottom)))
      .size
  })

/** The lines a piece of a box's text is laid on (the piece within one text node or across several). */
const linesOfText = (locator: ReturnType<Page['locator']>, piece: string) =>
  locator.evaluate((element, piece) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
    const nodes: Text[] = []
    while (walker.nextNode()) nodes.push(walker.currentNode as Text)
    const whole = nodes.map((n) => n.data).join('')
    const start = whole.indexOf(piece)
    if (start < 0) throw new Error(`no ${piece}`)
    const end = start + piece.length
    const range = document.createRange()
    let at = 0
    for (const node of nodes) {
      const next = at + node.data.length
      if (start >= at && start < next) range.setStart(node, start - at)
      if (end > at && end <= next) range.setEnd(node, end - at)
      at = next
    }
    return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.bottom)))
      .size
  }, piece)

/** The words of a box's text laid on more than one line: broken inside, not between words. */
const brokenWords = (locator: ReturnType<Page['locator']>) =>
  locator.evaluate((element) => {
    const broken: string[] = []
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
    while (walker.nextNode()) {
      const node = walker.currentNode as Text
      for (const m of node.data.matchAll(/\S+/g)) {
        const range = document.createRange()
        range.setStart(node, m.index)
        range.setEnd(node, m.index + m[0].length)
        const lines = new Set(
          [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.bottom)),
        )
        if (lines.size > 1) broken.push(m[0])
      }
    }
    return broken
  })

const box = async (page: Page, locator: ReturnType<Page['locator']>) => {
  const b = await locator.boundingBox()
  if (!b) throw new Error(`not drawn: ${String(locator)}`)
  return b
}

/**
 * Runs `check` on the developer's page at 1024 by 768 and at 1440 by 900 px, and sets the page
 * back to 1024 px after (the width every other test expects).
 */
async function atBothWidths(check: (page: Page, width: number, height: number) => Promise<void>) {
  const page = pages.get('developer')!
  try {
    for (const [width, height] of [
      [1024, 768],
      [1440, 900],
    ] as const) {
      await page.setViewportSize({ width, height })
      await check(page, width, height)
    }
  } finally {
    await page.setViewportSize({ width: 1024, height: 768 })
  }
}

describe('cramped at 1024 px (e2e)', () => {
  it('a search result’s description has its line whole at 1024 and 1440 px; the filters’ title is one line tall', async () => {
    await atBothWidths(async (page, width) => {
      await show('developer', 'packages-search')
      const row = page.getByRole('listitem').filter({ hasText: 'React is a JavaScript library' }).first()
      const description = row.getByText('React is a JavaScript library', { exact: false })
      // Beside the type mark it was cut at 'building user int…' at 1024 px (after it had
      // been cut to 20 characters by the shield on its line): its text wider than its box.
      const { text, box: inner } = await description.evaluate((e) => ({
        text: e.scrollWidth,
        box: e.clientWidth,
      }))
      expect(text, `at ${width}`).toBeLessThanOrEqual(inner)
      expect(await linesOfText(description, 'React is a JavaScript library'), `at ${width}`).toBe(1)
      const rowBox = await box(page, row)
      const descriptionBox = await box(page, description)
      expect(descriptionBox.x + descriptionBox.width, `at ${width}`).toBeLessThanOrEqual(
        rowBox.x + rowBox.width,
      )
    })
    const title = pages
      .get('developer')!
      .getByRole('complementary', { name: 'Filters' })
      .getByRole('heading', { name: 'Filters' })
    expect((await box(pages.get('developer')!, title)).height).toBeLessThan(40)
  })

  it('Artifacts: before a choice, the details are as tall as the tree and say what to do next', async () => {
    await atBothWidths(async (page, width) => {
      await show('developer', 'artifacts')
      const tree = await box(page, page.getByRole('tree', { name: 'Repositories and their files' }))
      const details = page.getByRole('complementary', { name: 'Details' })
      // It was a 195 px card over half an empty page beside a tree of eleven rows (about 360 px).
      expect(Math.abs((await box(page, details)).height - tree.height), `at ${width}`).toBeLessThanOrEqual(2)
      const steps = details.getByRole('list', { name: 'What to do next' }).getByRole('listitem')
      expect(await steps.count(), `at ${width}`).toBe(3)
    })
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

  it('Topology: a node card’s service id shows the platform’s id on one line, not cut at a hyphen', async () => {
    const page = await show('admin', 'topology')
    const card = page.getByRole('article', { name: 'node-1' }).first()
    const id = card.getByText(/^jfrt@/)
    const tail = (await id.textContent())!.replace(/^jfrt@/, '')
    // It was laid as 'cfd958ee-1c29-4fa7-ab2f-' over 'eb89338c7694' beside its label.
    expect(await linesOf(id.getByText(tail, { exact: true }))).toBe(1)
    const idBox = await box(page, id)
    const cardBox = await box(page, card)
    expect(idBox.x + idBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width)
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
    for (const name of ['Delete tag', 'Delete manifest']) {
      const card = details.locator('section').filter({ has: page.getByRole('button', { name }) })
      const cardBox = await box(page, card)
      const del = await box(page, card.getByRole('button', { name }))
      expect(del.x + del.width, name).toBeLessThanOrEqual(cardBox.x + cardBox.width)
    }
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
    const value = card.getByText('None yet', { exact: true })
    // The label column took 'Assertion consumer URL' whole and left the value ~10 px.
    expect((await box(page, value)).width).toBeGreaterThan((await box(page, card)).width * 0.3)
    // Without a base URL its addresses were blank rows: it says where they come from instead.
    await card.getByRole('note').getByRole('link', { name: 'Set the base URL in General Settings' }).waitFor()
    expect(await card.getByText('Assertion consumer URL').count()).toBe(0)
  })

  it('at 1440 px a version’s Source keeps its repository’s key whole', async () => {
    const page = pages.get('developer')!
    await page.setViewportSize({ width: 1440, height: 900 })
    try {
      await show('developer', 'version-details')
      const facts = page.getByRole('complementary', { name: /facts/ })
      const source = facts.getByText(/^Not cached in/)
      // 'npm-' ended one line and 'remote' began the next.
      const lines = await source.evaluate((element) => {
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          const at = n.textContent?.indexOf('npm-remote') ?? -1
          if (at < 0) continue
          const range = document.createRange()
          range.setStart(n, at)
          range.setEnd(n, at + 'npm-remote'.length)
          return new Set([...range.getClientRects()].map((r) => Math.round(r.bottom))).size
        }
        return 0
      })
      expect(lines).toBe(1)
    } finally {
      await page.setViewportSize({ width: 1024, height: 768 })
    }
  })

  it('a wrapped command breaks between its words, not after a hyphen inside one', async () => {
    const page = pages.get('developer')!
    // At 1440 px Builds' upload command ended a line with '--build-' and began the next with
    // 'number=7'.
    await page.setViewportSize({ width: 1440, height: 900 })
    try {
      await show('developer', 'builds')
      const upload = page.locator('pre', { hasText: 'jf rt upload' })
      expect(await linesOf(upload)).toBeGreaterThan(1)
      for (const word of ['"dist/*"', 'libs-local/', '--build-name=web', '--build-number=7'])
        expect(await linesOfText(upload, word), word).toBe(1)
    } finally {
      await page.setViewportSize({ width: 1024, height: 768 })
    }
    // At 1024 px Set Me Up's npm login ended a line with '--' and began the next with 'registry='.
    await show('developer', 'set-me-up')
    const panel = page.getByRole('complementary', { name: 'Set Me Up' })
    await chooseOption(page, panel.getByRole('combobox', { name: 'Package type' }), 'npm')
    const login = panel.locator('pre', { hasText: 'npm login' })
    await login.waitFor()
    expect(await linesOfText(login, '--registry=')).toBe(1)
    // A word wider than the box still breaks, inside the box.
    expect(await login.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true)
    // ...after a slash: the .npmrc's registry line broke inside 'npm', 'np' then 'm/npm/'.
    const npmrc = panel.locator('pre', { hasText: 'registry=' }).first()
    expect(await linesOf(npmrc)).toBeGreaterThan(1)
    for (const piece of ['artifactory/', 'api/', 'npm/'])
      expect(await linesOfText(npmrc, piece), piece).toBe(1)
  })

  it('a wrapped line of a command starts further in than the lines it continues', async () => {
    const page = await show('developer', 'set-me-up')
    const panel = page.getByRole('complementary', { name: 'Set Me Up' })
    await chooseOption(page, panel.getByRole('combobox', { name: 'Package type' }), 'npm')
    const npmrc = panel.locator('pre', { hasText: 'registry=' }).first()
    await npmrc.waitFor()
    // Where each drawn line starts, for lines that begin a line of the file and for those that
    // continue one: the .npmrc's registry line wrapped to the same edge as the next line began.
    const starts = await npmrc.evaluate((pre) => {
      const walker = document.createTreeWalker(pre, NodeFilter.SHOW_TEXT)
      const lines = new Map<number, { x: number; first: boolean }>()
      let newLine = true
      const range = document.createRange()
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node as Text
        for (let i = 0; i < text.data.length; i++) {
          const c = text.data[i]!
          if (c === '\n') newLine = true
          if (/\s/.test(c)) continue
          range.setStart(text, i)
          range.setEnd(text, i + 1)
          const r = range.getBoundingClientRect()
          const top = Math.round(r.top)
          if (!lines.has(top)) lines.set(top, { x: r.left, first: newLine })
          newLine = false
        }
      }
      return [...lines.values()]
    })
    const first = starts.filter((l) => l.first).map((l) => l.x)
    const continued = starts.filter((l) => !l.first).map((l) => l.x)
    expect(first.length).toBeGreaterThan(1)
    expect(continued.length).toBeGreaterThan(0)
    expect(Math.max(...first) - Math.min(...first)).toBeLessThan(1)
    expect(Math.min(...continued)).toBeGreaterThan(Math.max(...first) + 8)
  })

  it('a settings form alone on its page takes the page, not a third of it', async () => {
    const page = await show('admin', 'admin-crowd')
    const form = await box(page, page.getByRole('form', { name: 'Crowd / JIRA settings' }))
    const tabs = await box(page, page.getByRole('navigation', { name: 'Security settings pages' }))
    // It was 416 of 736 px, beside an aside with nothing in it.
    expect(form.width).toBeGreaterThan(tabs.width * 0.8)
  })

  it('Users: Send invitation ends at its card’s edge, as far in as the card’s title starts', async () => {
    const page = await show('admin', 'admin-users')
    const card = page.getByRole('form', { name: 'Invite a user' })
    const form = await box(page, card)
    const title = await box(page, card.getByRole('heading', { name: 'Invite by email' }))
    const send = await box(page, card.getByRole('button', { name: 'Send invitation' }))
    // It stood 27 px further in, after an input capped at 32rem.
    expect(Math.abs(form.x + form.width - (send.x + send.width) - (title.x - form.x))).toBeLessThanOrEqual(1)
  })

  it('Getting Started: five first steps fill their rows, three over two at 1024 px, one row at 1440', async () => {
    const page = await show('admin', 'get-started')
    const rows = async () => {
      const items = page.getByRole('region', { name: 'First steps' }).getByRole('listitem')
      const boxes = await Promise.all((await items.all()).map((item) => box(page, item)))
      const byTop = new Map<number, typeof boxes>()
      for (const b of boxes) byTop.set(Math.round(b.y), [...(byTop.get(Math.round(b.y)) ?? []), b])
      return [...byTop.values()]
    }
    const at1024 = await rows()
    expect(at1024.map((row) => row.length)).toEqual([3, 2])
    // The second row ends where the first does: it left an empty cell beside its two steps.
    const [first, second] = [at1024[0]!, at1024[1]!]
    const end = (row: typeof first) => Math.max(...row.map((b) => b.x + b.width))
    expect(second[0]!.x).toBeCloseTo(first[0]!.x, 0)
    expect(end(second)).toBeCloseTo(end(first), 0)
    await page.setViewportSize({ width: 1440, height: 900 })
    try {
      await page.waitForFunction(() => window.innerWidth === 1440)
      expect((await rows()).map((row) => row.length)).toEqual([5])
    } finally {
      await page.setViewportSize({ width: 1024, height: 768 })
    }
  })

  it('Integrations: three cards a row beside the open Filters panel, names broken between words', async () => {
    const page = await show('admin', 'integrations')
    await expect(page.getByRole('button', { name: 'Filters' }).getAttribute('aria-pressed')).resolves.toBe(
      'true',
    )
    const cards = page.getByRole('list', { name: 'Integrations' }).getByRole('listitem')
    const tops = await Promise.all(
      (await cards.all()).slice(0, 4).map(async (card) => Math.round((await box(page, card)).y)),
    )
    // Two a row beside the 314 px panel: thirty integrations took fifteen rows.
    expect(tops.slice(1, 3)).toEqual([tops[0], tops[0]])
    expect(tops[3]).toBeGreaterThan(tops[0]!)
    expect(await brokenWords(page.getByRole('list', { name: 'Integrations' }))).toEqual([])
  })

  it('User profile: the API key card takes its row, no empty cell beside it', async () => {
    const page = await show('admin', 'user-profile')
    const card = (name: string) =>
      box(page, page.getByRole('heading', { name, level: 2 }).locator('xpath=ancestor::section[1]'))
    const account = await card('Account')
    const profile = await card('Profile')
    const apiKey = await card('API key')
    // Two cards a row at 1024 px: it sat alone in the left half, the right one empty.
    expect(apiKey.y).toBeGreaterThan(account.y)
    expect(apiKey.x).toBeCloseTo(account.x, 0)
    expect(apiKey.x + apiKey.width).toBeCloseTo(profile.x + profile.width, 0)
  })

  it("an image's layer files: each name on one line, cut in its middle", async () => {
    const page = await showAt('developer', CONTAINER_VERSION)
    const files = page.getByRole('table', { name: 'Files' })
    const layer = files.locator('[title^="sha256__"]').first()
    const name = (await layer.getAttribute('title'))!
    // Its digest name wrapped over four or five lines.
    const lineHeight = await layer.evaluate((e) => parseFloat(getComputedStyle(e).lineHeight))
    expect((await box(page, layer)).height).toBeLessThan(lineHeight * 1.5)
    await files.getByText(name.slice(-8), { exact: true }).waitFor()
    await files.getByRole('row', { name: new RegExp(name) }).waitFor()
  })

  it("an image's layer files keep their Download buttons inside the table at 1024 and 1440 px", async () => {
    const page = pages.get('developer')!
    try {
      for (const width of [1024, 1440]) {
        await page.setViewportSize({ width, height: 900 })
        await showAt('developer', CONTAINER_VERSION)
        const files = page.getByRole('table', { name: 'Files' })
        const tableBox = await box(page, files.locator('xpath=..'))
        const downloads = files.getByRole('button', { name: /^Download / })
        expect(await downloads.count()).toBeGreaterThan(1)
        // The digest-named layers widened the table past its box: the buttons were cut in half.
        for (const download of await downloads.all()) {
          const b = await box(page, download)
          expect(b.x + b.width, `at ${width} px`).toBeLessThanOrEqual(tableBox.x + tableBox.width)
        }
      }
    } finally {
      await page.setViewportSize({ width: 1024, height: 768 })
    }
  })

  it("a tag's pull command shows whole at 1024 px, wrapped, with its copy button", async () => {
    // A name and tag as long as real ones get: with the host and repository the command is
    // wider than the box beside the Copy button.
    const name = 'gallery/storefront-checkout-service'
    const tag = '2024.11.3-linux-amd64'
    const pusher = await ociPusher(server.url, 'admin', server.config.adminPassword)
    const image = buildImage({
      layers: [{ command: 'COPY a /', files: [{ path: 'a', content: 'pull command\n' }] }],
    })
    await pusher.push(`docker-local/${name}`, image, [tag])
    const page = await showAt('developer', {
      name: 'long-tag',
      path: `/packages/${encodeURIComponent(`docker://${name}`)}/${tag}`,
      users: ['developer'],
      ready: (p) => p.getByRole('table', { name: 'Files' }).getByRole('row').nth(1),
    })
    const section = page.getByRole('region', { name: 'Install command' })
    const code = section.getByTestId('install-command')
    expect(await code.textContent()).toBe(
      `docker pull ${new URL(server.url).host}/docker-local/${name}:${tag}`,
    )
    // In a scrolling box the tag ran past its end: cut, the rest only by scrolling.
    expect(await code.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true)
    // Wrapped, it broke anywhere: inside the image's name ('storefront-checkout-' over 'service').
    expect(await linesOf(code)).toBeGreaterThan(1)
    for (const piece of ['storefront-checkout-service:', tag])
      expect(await linesOfText(code, piece), piece).toBe(1)
    const main = await box(page, page.getByRole('main'))
    const codeBox = await box(page, code)
    expect(codeBox.x + codeBox.width).toBeLessThanOrEqual(main.x + main.width)
    const copy = await box(page, section.getByRole('button', { name: 'Copy install command' }))
    expect(copy.x + copy.width).toBeLessThanOrEqual(main.x + main.width)
  })

  it('the debug tools show an event’s name whole beside its time and source', async () => {
    const page = await show('admin', 'packages')
    const panel = await openDebugTools(page)
    try {
      const row = panel.getByRole('option').filter({ hasText: 'session/UserDataLoaded' }).first()
      const name = row.getByText('session/UserDataLoaded', { exact: true })
      // The list was two fifths of the page: the name ran past the row's end, cut there
      // ('session/UserDataLoade'), its correlation pushed out of sight.
      const nameBox = await box(page, name)
      const rowBox = await box(page, row)
      expect(nameBox.x + nameBox.width).toBeLessThanOrEqual(rowBox.x + rowBox.width)
      expect(await name.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true)
      // Every drawn row's name whole: beside the other four columns the longer ones were cut
      // ('navigation/NavigationTypeLo…'); the longest event type has 43 characters.
      const cut = await panel
        .getByRole('listbox', { name: 'Events' })
        .evaluate((list) =>
          [...list.querySelectorAll('[role="option"] [title]')]
            .filter((e) => e.scrollWidth > e.clientWidth)
            .map((e) => e.textContent),
        )
      expect(cut).toEqual([])
      const longest = 'supportBundles/MissionControlCheckRequested'
      expect(
        await name.evaluate((e, text) => {
          const probe = e.cloneNode() as HTMLElement
          probe.textContent = text
          e.parentElement!.append(probe)
          const whole = probe.scrollWidth <= probe.clientWidth
          probe.remove()
          return whole
        }, longest),
      ).toBe(true)
    } finally {
      await panel.getByRole('button', { name: 'Close debug tools' }).click()
    }
  })

  it('Scans List: a version’s name on one line, its repository under it, Rescan inside', async () => {
    const page = await showAt('admin', {
      name: 'scans-admin',
      path: '/scans',
      users: ['admin'],
      ready: (p) => p.getByRole('table', { name: 'Scans' }).getByRole('rowheader').nth(10),
    })
    const table = page.getByRole('table', { name: 'Scans' })
    const names = table.getByRole('rowheader').getByRole('link')
    expect(await names.count()).toBeGreaterThan(10)
    // '@asamuzakjp/generational-cache@1.0.1' broke over three lines beside the Repository column
    // and a worded Rescan button; a longer name (an image pushed by another test) takes two.
    const cache = names.filter({ hasText: '@asamuzakjp/generational-cache@' }).first()
    expect(await linesOf(cache)).toBe(1)
    for (const name of await names.all())
      expect(await linesOf(name), (await name.textContent()) ?? undefined).toBeLessThanOrEqual(2)
    await table
      .getByRole('rowheader')
      .first()
      .getByText(/^(npm|docker)-(local|remote)$/)
      .waitFor()
    const tableBox = await box(page, table.locator('xpath=..'))
    const rescan = await box(page, table.getByRole('button', { name: /^Rescan / }).first())
    expect(rescan.x + rescan.width).toBeLessThanOrEqual(tableBox.x + tableBox.width)
  })

  it('the git repositories’ table keeps its columns inside; an integration on one line', async () => {
    const release = await scannedGitRepositories(server)
    try {
      const page = await showAt('admin', {
        name: 'scans-git',
        path: '/scans',
        users: ['admin'],
        ready: (p) => p.getByRole('link', { name: /violations of octo\/web$/ }),
      })
      const table = page.getByRole('table', { name: 'Git repositories' })
      const section = page.getByRole('region', { name: 'Git repositories' })
      const last = await box(page, table.getByRole('columnheader', { name: 'Last scanned' }))
      const sectionBox = await box(page, section)
      // Last scanned ran out of the page: 'octo-github (github)' took three lines beside it.
      expect(last.x + last.width).toBeLessThanOrEqual(sectionBox.x + sectionBox.width)
      expect(await linesOf(table.getByText('octo-github · GitHub').first())).toBe(1)
      // The repository's name, a button stretched to the cell, was centred over its integration.
      const nameStart = await table.getByRole('button', { name: 'octo/api' }).evaluate((button) => {
        const range = document.createRange()
        range.selectNodeContents(button)
        return Math.min(...[...range.getClientRects()].filter((r) => r.width > 0).map((r) => r.left))
      })
      const integration = await box(page, table.getByText('octo-github · GitHub').first())
      const header = await table.getByRole('columnheader', { name: 'Repository' }).evaluate((th) => {
        const range = document.createRange()
        range.selectNodeContents(th)
        return Math.min(...[...range.getClientRects()].filter((r) => r.width > 0).map((r) => r.left))
      })
      // On the line of its header and its integration: the button's padding set it 13 px in.
      expect(Math.abs(nameStart - integration.x)).toBeLessThan(1.5)
      expect(Math.abs(nameStart - header)).toBeLessThan(1.5)
    } finally {
      await release()
    }
  })

  it('Repositories: the name column is the widest, a short description on one line', async () => {
    const page = await show('admin', 'repositories')
    const table = page.getByRole('table', { name: 'Repositories' })
    const name = await box(page, table.getByRole('columnheader', { name: 'Repository' }))
    // Beside worded Delete buttons it was 140 px, narrower than Type (145) and Kind (148), and
    // 'Debian packages built here' took two lines under its name.
    for (const other of ['Type', 'Kind'])
      expect(name.width).toBeGreaterThan(
        (await box(page, table.getByRole('columnheader', { name: other }))).width,
      )
    const debian = table.getByRole('rowheader', { name: /^debian-local/ })
    expect(await linesOf(debian.getByText('Debian packages built here'))).toBe(1)
    // Every row's actions stay inside the table, each named for its repository.
    const tableBox = await box(page, table)
    const remove = await box(page, table.getByRole('button', { name: 'Delete repository debian-local' }))
    expect(remove.x + remove.width).toBeLessThanOrEqual(tableBox.x + tableBox.width)
  })

  it('the landing’s cards at 1440 px: what follows a name starts under it, not a line lower', async () => {
    const page = pages.get('developer')!
    await page.setViewportSize({ width: 1440, height: 900 })
    try {
      await show('developer', 'packages')
      const newest = page.getByRole('region', { name: 'Newest packages' })
      const cards = newest.getByRole('listitem')
      await cards.first().waitFor()
      expect(await cards.count()).toBeGreaterThan(1)
      // Beside a card whose description took two lines, the next card's one line and a card
      // without one (an image's) left a line's gap under the name: its rows took the row's height.
      const gaps = await cards.evaluateAll((items) =>
        items.map((item) => {
          const name = item.querySelector('a')!.parentElement!.getBoundingClientRect()
          const next = [...item.children]
            .map((c) => c.getBoundingClientRect())
            .filter((r) => r.height > 0 && r.top >= name.bottom - 1)
            .sort((a, b) => a.top - b.top)[0]!
          return { name: item.querySelector('a')!.textContent, gap: Math.round(next.top - name.bottom) }
        }),
      )
      for (const { name, gap } of gaps) expect(gap, name ?? undefined).toBeLessThanOrEqual(4)
    } finally {
      await page.setViewportSize({ width: 1024, height: 768 })
    }
  })

  it('the filters column ends inside the window at 1024 and 1440 px, each filter reached by Tab', async () => {
    await atBothWidths(async (page, width, height) => {
      for (const screen of ['packages', 'packages-search']) {
        await show('developer', screen)
        const filters = page.getByRole('complementary', { name: 'Filters' })
        const column = await box(page, filters)
        const results = await box(page, page.getByRole('region', { name: 'Results' }))
        const where = `${screen} at ${width}`
        // It was some 1,400 px tall at 1024: the page went on 600 px below a list of six.
        expect(column.y + column.height, where).toBeLessThanOrEqual(height)
        const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight)
        expect(pageHeight, where).toBeLessThanOrEqual(Math.max(height, results.y + results.height + 64))
        // Every filter by Tab, from the first type to the last box, each drawn where it is
        // seen when it has the focus (not under the column's title, not out of its box).
        await filters.getByRole('checkbox').first().focus()
        const last = filters.getByRole('checkbox', { name: 'Release versions only' })
        for (let i = 0; i < 80 && !(await last.evaluate((e) => e === document.activeElement)); i++) {
          await page.keyboard.press('Tab')
          const stop = await page.evaluate(() => {
            const focused = document.activeElement!
            const r = focused.getBoundingClientRect()
            const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)
            const seen = !!hit && (hit === focused || focused.contains(hit) || hit.contains(focused))
            return { inside: !!focused.closest('aside'), seen, name: focused.outerHTML.slice(0, 80) }
          })
          expect(stop.inside, `${where}: ${stop.name}`).toBe(true)
          expect(stop.seen, `${where}: ${stop.name}`).toBe(true)
        }
        expect(await last.evaluate((e) => e === document.activeElement), where).toBe(true)
        for (const [role, name] of [
          ['textbox', 'Repositories'],
          ['textbox', 'Licences'],
          ['button', 'Apply'],
        ] as const)
          expect(await filters.getByRole(role, { name, exact: true }).count(), where).toBe(1)
      }
    })
  })

  it('the packages count under the title keeps to one line at 1024 px with Set Me Up open', async () => {
    const page = await show('admin', 'set-me-up-no-repository')
    expect(page.viewportSize()?.width).toBe(1024)
    // It broke between "packages" and "in total" beside the panel.
    const lines = await page
      .getByRole('main')
      .getByText(/ packages in total$/)
      .evaluate((count) => new Set([...count.getClientRects()].map((r) => Math.round(r.top))).size)
    expect(lines).toBe(1)
  })

  it('admin lists: each row’s Delete is an icon named for its item, the names keep the room', async () => {
    for (const [screen, table, row, what] of [
      ['admin-users', 'Users', 'developer', 'user'],
      ['admin-groups', 'Groups', 'readers', 'group'],
      ['admin-permissions', 'Permissions', 'Any Remote', 'permission'],
    ] as const) {
      const page = await show('admin', screen)
      const list = page.getByRole('table', { name: table })
      const remove = list.getByRole('button', { name: `Delete ${what} ${row}`, exact: true })
      // Worded ('Delete'), the button was 90 px wide beside names of 100 to 170 px.
      const removeBox = await box(page, remove)
      expect(removeBox.width, screen).toBeLessThanOrEqual(40)
      expect((await remove.textContent())?.trim(), screen).toBe('')
      const tableBox = await box(page, list)
      expect(removeBox.x + removeBox.width, screen).toBeLessThanOrEqual(tableBox.x + tableBox.width)
      const name = list
        .getByRole('rowheader', { name: new RegExp(`^${row}`) })
        .getByRole('link', { name: row })
      expect(await linesOf(name), screen).toBe(1)
    }
  })

  it('Support Zone: a bundle with a session keeps its row whole, its size and events each one line', async () => {
    const page = await show('admin', 'support-zone')
    const form = page.getByRole('form', { name: 'Create a support bundle' })
    await form.getByRole('textbox', { name: 'Name' }).fill('uploads-time-out-1')
    await form.getByRole('textbox', { name: 'Thread dumps', exact: true }).fill('0')
    await form.getByRole('checkbox', { name: 'Include my session in this console' }).click()
    await form.getByText(/^Your session: \d+ events/).waitFor()
    await form.getByRole('button', { name: 'Create bundle' }).click()
    const table = page.getByRole('table', { name: 'Support bundles' })
    const row = table.getByRole('row', { name: /uploads-time-out-1/ })
    await row.getByRole('button', { name: 'Replay the session of uploads-time-out-1' }).waitFor()
    // Its worded Replay session, Download and Delete ran past the table's edge, the size and
    // the events each over two lines ('6.9' above 'KB').
    const wrap = await table.evaluate((e) => ({
      scroll: e.parentElement!.scrollWidth,
      client: e.parentElement!.clientWidth,
    }))
    expect(wrap.scroll).toBeLessThanOrEqual(wrap.client)
    expect(await linesOf(row.getByText(/^\d+(\.\d)? KB$/))).toBe(1)
    expect(await linesOf(row.getByText(/^\d+ events$/))).toBe(1)
  })
})
