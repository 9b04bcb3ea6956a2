/**
 * `npm run gallery [-- --only=NAME,… --users=KIND,… --widths=1440,… --themes=light,…]`: starts the
 * reference server (a fresh data folder, anonymous access on), signs in as anonymous, developer
 * and admin, and writes a PNG of every screen of tests/support/screens.ts at 1024, 1440 and 1920
 * px, in the light and the dark theme (a scene once its steps have opened it), plus an index.html to browse them, into .gallery/ (ignored
 * by git). For looking at the console, not a test: nothing is asserted, and CI does not run it.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { spawnSync } from 'node:child_process'
import { startTestServer, type TestServer } from '../tests/support/server'
import { scannedGitRepositories } from '../tests/support/scannedGitRepositories'
import { launchChromium } from '../tests/support/browser'
import { publishBody } from '../tests/support/npmPublish'
import type { Page } from 'playwright-core'
import { chooseOption } from '../tests/e2e/kitSelect'
import {
  SCREENS,
  firstPackagePath,
  openEveryScreen,
  showScreen,
  signInAs,
  trackRequests,
  type Flavour,
  type Screen,
  type UserKind,
} from '../tests/support/screens'

const arg = (name: string) =>
  process.argv
    .find((a) => a.startsWith(`--${name}=`))
    ?.slice(name.length + 3)
    .split(',')
    .filter(Boolean)

/**
 * A gallery scene may leave something behind that later screens must not inherit (the navigation
 * type is saved for the user): `after` puts it back once the scene is shot.
 */
interface GalleryScreen extends Screen {
  readonly after?: (page: Page, user: UserKind) => Promise<void>
  /** Data the screen needs on the server before it is shot; answers how to let go of it after. */
  readonly prepare?: (server: TestServer) => Promise<() => Promise<void>>
}

/** The user menu's switch between the navigation types, to the one named. */
const switchTo =
  (type: 'Classic' | 'New') =>
  async (page: Page, user: UserKind): Promise<void> => {
    await page.getByRole('button', { name: user, exact: true }).click()
    await page.getByRole('menuitem', { name: `Switch to ${type} UI` }).click()
    // The sidebar is a drawer below 1024 px, out of sight until opened: the bar's going proves the switch.
    const bar = page.getByRole('complementary', { name: 'Navigation bar' })
    await (type === 'Classic' ? bar.waitFor() : bar.waitFor({ state: 'hidden' }))
  }

/**
 * The classic navigation type's bar on a page of each side, back to the sidebars after; with
 * `group`, that group of the bar opened.
 */
const classic = (
  name: string,
  path: string,
  users: ReadonlyArray<UserKind>,
  group?: { readonly name: string; readonly link: string },
): GalleryScreen => ({
  name,
  path,
  users,
  open: async (page, user) => {
    await switchTo('Classic')(page, user)
    if (group) await page.getByRole('button', { name: group.name, exact: true }).click()
  },
  ready: (page) =>
    group
      ? page.getByRole('complementary', { name: 'Navigation bar' }).getByRole('link', { name: group.link })
      : page.getByRole('complementary', { name: 'Navigation bar' }),
  after: switchTo('New'),
})

/**
 * Archives for the Archive search to find: two versions of an npm package published to
 * npm-local through the registry, as `npm publish` sends them, so their tarballs are indexed
 * by the platform as any published archive is. Nothing to let go of after.
 */
async function publishedTarballs(server: TestServer): Promise<() => Promise<void>> {
  const authorization = `Basic ${Buffer.from(`admin:${server.config.adminPassword}`).toString('base64')}`
  for (const version of ['1.0.0', '1.1.0']) {
    const { body } = publishBody('@gallery/strings', version, { marker: 'String helpers for the gallery' })
    const published = await fetch(`${server.url}/artifactory/api/npm/npm-local/@gallery%2fstrings`, {
      method: 'PUT',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    if (!published.ok) throw new Error(`publishing @gallery/strings ${version}: ${published.status}`)
  }
  return async () => undefined
}

/**
 * Screens the gallery shows beyond the design e2e's list: the admin's views of screens that list
 * walks for a developer only (Reports, the Scans List with its git repositories, the watch form, a
 * build run with its SBOM link), Set Me Up's npm commands with a token, the Support Zone with the
 * session included, its preview drawn, and the classic navigation type's bar on the
 * application's and the administration's side.
 */
// Support Zone's shots each make a bundle, named apart so that each waits for its own.
let supportBundle = 0
const GALLERY_ONLY: ReadonlyArray<GalleryScreen> = [
  {
    // Set Me Up with npm chosen and a token generated: every command whole, wrapped at 1024 px.
    name: 'set-me-up-npm',
    path: '/packages',
    users: ['developer'],
    open: async (page, user) => {
      await page.getByRole('button', { name: user, exact: true }).click()
      await page.getByRole('menuitem', { name: 'Set Me Up' }).click()
      const panel = page.getByRole('complementary', { name: 'Set Me Up' })
      await chooseOption(page, panel.getByRole('combobox', { name: 'Package type' }), 'npm')
      await panel.getByRole('button', { name: 'Generate token' }).click()
    },
    ready: (page) =>
      page
        .getByRole('complementary', { name: 'Set Me Up' })
        .getByRole('button', { name: 'Generate another token' }),
  },
  classic('classic-application', '/packages', ['developer', 'admin']),
  classic('classic-administration', '/admin/support-zone', ['admin'], {
    name: 'Monitoring',
    link: 'Service Status',
  }),
  { name: 'reports-admin', path: '/reports', users: ['admin'] },
  {
    name: 'watch-form-admin',
    path: '/watches',
    users: ['admin'],
    open: (page) => page.getByRole('button', { name: 'New watch' }).first().click(),
    ready: (page) => page.getByRole('group', { name: 'Git repositories' }),
  },
  {
    name: 'scans-admin',
    path: '/scans',
    users: ['admin'],
    ready: (page) => page.getByRole('group', { name: 'Filters' }),
  },
  {
    // Its git repositories scanned, one with violations under a watch (a local fake vendor).
    name: 'scans-git-admin',
    path: '/scans',
    users: ['admin'],
    prepare: scannedGitRepositories,
    open: (page) => page.getByRole('heading', { name: 'Git repositories' }).scrollIntoViewIfNeeded(),
    ready: (page) => page.getByRole('link', { name: /violations of octo\/web$/ }),
  },
  {
    name: 'build-run-sbom',
    path: '/builds/console-web/42',
    users: ['admin'],
    ready: (page) => page.getByRole('link', { name: /Download SBOM/ }),
  },
  {
    name: 'support-zone-session',
    path: '/admin/support-zone',
    users: ['admin'],
    open: (page) => page.getByRole('checkbox', { name: 'Include my session in this console' }).click(),
    ready: (page) => page.getByText(/^Your session: \d+ events/),
  },
  {
    // Its table of bundles, one made with the session included (Support Zone opens empty).
    name: 'support-zone-bundles',
    path: '/admin/support-zone',
    users: ['admin'],
    open: async (page) => {
      const form = page.getByRole('form', { name: 'Create a support bundle' })
      supportBundle += 1
      await form.getByRole('textbox', { name: 'Name' }).fill(`uploads-time-out-${supportBundle}`)
      await form.getByRole('textbox', { name: 'Thread dumps', exact: true }).fill('0')
      await form.getByRole('checkbox', { name: 'Include my session in this console' }).click()
      await form.getByRole('button', { name: 'Create bundle' }).click()
      await page.getByRole('table', { name: 'Support bundles' }).scrollIntoViewIfNeeded()
    },
    ready: (page) =>
      page.getByRole('button', { name: `Replay the session of uploads-time-out-${supportBundle}` }),
  },
  {
    // An image's tag page: its layers from the pushed manifest (the image openEveryScreen pushes).
    name: 'container-version',
    path: `/packages/${encodeURIComponent('docker://gallery/web')}/1.0.0`,
    users: ['developer'],
    ready: (page) => page.getByRole('table', { name: 'Docker layers' }).getByRole('row').nth(1),
  },
  // The container registry edition as a developer lands on it, and a sample image's tag.
  { name: 'container-landing', path: '/packages', users: ['developer'], flavour: 'container-registry' },
  {
    name: 'container-tag',
    path: `/packages/${encodeURIComponent('docker://samples/console-web')}/1.1.0`,
    users: ['developer'],
    flavour: 'container-registry',
    ready: (page) => page.getByRole('table', { name: 'Docker layers' }).getByRole('row').nth(1),
  },
  {
    // The Overview's charts, under its figures: storage, downloads and deployments a day.
    name: 'overview-charts',
    path: '/overview',
    users: ['developer'],
    open: (page) =>
      page.getByRole('heading', { name: /^Deployments, last 30 days$/ }).scrollIntoViewIfNeeded(),
    ready: (page) => page.getByRole('heading', { name: /^Storage, last 30 days$/ }),
  },
  // The artifact search from the bar: its Quick results, its Archive results and an empty one.
  {
    name: 'artifact-search-quick',
    path: '/artifacts/browse?q=*.json',
    users: ['admin'],
    ready: (page) => page.getByRole('table', { name: 'Files' }).getByRole('link').first(),
  },
  {
    name: 'artifact-search-archive',
    path: '/artifacts/browse?q=package.json&ast=Archive',
    users: ['admin'],
    prepare: publishedTarballs,
    ready: (page) => page.getByRole('table', { name: 'Files inside archives' }).getByRole('row').nth(1),
  },
  {
    name: 'artifact-search-none',
    path: '/artifacts/browse?q=no-such-file-anywhere',
    users: ['admin'],
    ready: (page) => page.getByText(/^No files named like/),
  },
]
const ALL_SCREENS: ReadonlyArray<GalleryScreen> = [...SCREENS, ...GALLERY_ONLY]

const WIDTHS = (arg('widths') ?? ['1024', '1440', '1920']).map(Number)
const HEIGHT: Readonly<Record<number, number>> = { 1024: 768, 1440: 900, 1920: 1080 }
const THEMES = (arg('themes') ?? ['light', 'dark']) as ReadonlyArray<'light' | 'dark'>
const USERS = (arg('users') ?? ['anonymous', 'developer', 'admin']) as ReadonlyArray<UserKind>
const ONLY = arg('only')
const OUT = resolve('.gallery')

interface Shot {
  readonly user: UserKind
  readonly screen: string
  readonly path: string
  readonly width: number
  readonly theme: string
  readonly file: string
}

if (process.argv.includes('--help')) {
  console.log(
    'npm run gallery [-- --only=SCREEN,… --users=anonymous,developer,admin --widths=1024,1440,1920 --themes=light,dark]\n' +
      'Screens are named in tests/support/screens.ts and scripts/gallery.ts. With --only, the\n' +
      "other screens' pictures already in .gallery/ stay; without it, .gallery/ starts empty.",
  )
  process.exit(0)
}
if (spawnSync('node', ['scripts/buildIfNeeded.mjs'], { stdio: 'inherit' }).status !== 0) process.exit(1)
if (!ONLY) rmSync(OUT, { recursive: true, force: true })
mkdirSync(OUT, { recursive: true })

const browser = await launchChromium()
const shots: Shot[] = []
const started = Date.now()
// The default platform's screens, then those of another flavour (a screen's `flavour`), each
// on a server of its own.
const flavours = [undefined, ...new Set(ALL_SCREENS.flatMap((s) => (s.flavour ? [s.flavour] : [])))]
try {
  for (const flavour of flavours) {
    const screens = ALL_SCREENS.filter((s) => s.flavour === flavour && (!ONLY || ONLY.includes(s.name)))
    if (screens.length > 0) await shoot(flavour, screens)
  }
} finally {
  await browser.close()
}

async function shoot(flavour: Flavour | undefined, screens: ReadonlyArray<GalleryScreen>): Promise<void> {
  const server = await startTestServer(
    { anonymousAccess: true },
    flavour ? { PLATFORM_FLAVOUR: flavour } : {},
  )
  const releases: Array<() => Promise<void>> = []
  try {
    await openEveryScreen(server)
    for (const screen of screens) if (screen.prepare) releases.push(await screen.prepare(server))
    for (const user of USERS) {
      if (!screens.some((s) => s.users.includes(user))) continue
      for (const theme of THEMES) {
        const context = await browser.newContext({
          colorScheme: theme,
          viewport: { width: 1440, height: 900 },
        })
        const page = await context.newPage()
        // A view that throws shows the generic error page, which a shot alone does not explain:
        // what the console logged for it is printed with the screen's name.
        const logged: string[] = []
        page.on('console', (m) => {
          if (m.type() === 'error' && m.text().startsWith('view failed'))
            logged.push(m.text().split('\n')[0]!)
        })
        page.on('pageerror', (e) => logged.push(`uncaught: ${e.message}`))
        await trackRequests(page)
        await signInAs(page, server.url, user, server.config)
        // Only when a screen opens the first package (another flavour may hold none to find).
        const packagePath =
          user === 'anonymous' || !screens.some((s) => s.path.includes(':package'))
            ? undefined
            : await firstPackagePath(page, server.url)
        for (const screen of screens) {
          if (!screen.users.includes(user)) continue
          const path = screen.path.replace(':package', packagePath?.replace(/^\/packages\//, '') ?? '')
          if (path.endsWith('/packages/')) continue
          for (const width of WIDTHS) {
            await page.setViewportSize({ width, height: HEIGHT[width] ?? 900 })
            logged.length = 0
            const problems = [...(await showScreen(page, server.url, screen, path, user)), ...logged]
            if (problems.length > 0)
              console.warn(`\n${user} ${screen.name} ${width} ${theme}: ${problems.join('; ')}`)
            const file = `${user}-${screen.name}-${width}-${theme}.png`
            await page.screenshot({ path: join(OUT, file) })
            await screen.after?.(page, user)
            shots.push({ user, screen: screen.name, path, width, theme, file })
            process.stdout.write('.')
          }
        }
        await context.close()
      }
    }
  } finally {
    for (const release of releases) await release()
    await server.stop()
  }
}

// With --only, the pictures of earlier runs stay: the index lists them too, this run's replacing
// theirs where they share a file (the list is kept beside them in shots.json).
const LIST = join(OUT, 'shots.json')
const earlier: ReadonlyArray<Shot> =
  ONLY && existsSync(LIST) ? (JSON.parse(readFileSync(LIST, 'utf8')) as Shot[]) : []
const taken = new Set(shots.map((s) => s.file))
const listed = [...earlier.filter((s) => !taken.has(s.file)), ...shots]
writeFileSync(LIST, JSON.stringify(listed))
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;')
const rows = listed
  .map(
    (s) =>
      `<figure data-user="${s.user}" data-theme="${s.theme}" data-width="${s.width}"><a href="${esc(s.file)}"><img loading="lazy" src="${esc(s.file)}" alt=""></a><figcaption>${esc(`${s.user} · ${s.screen} · ${s.width}px · ${s.theme}`)}<br><code>${esc(s.path)}</code></figcaption></figure>`,
  )
  .join('\n')
writeFileSync(
  join(OUT, 'index.html'),
  `<!doctype html><html lang="en"><meta charset="utf-8"><title>Console gallery</title>
<style>body{font:14px system-ui;margin:16px}figure{display:inline-block;width:360px;margin:8px;vertical-align:top}img{width:100%;border:1px solid #ccc}code{color:#555}</style>
<h1>Console gallery (${listed.length} screenshots)</h1>
<p>Filter: <select onchange="for(const f of document.querySelectorAll('figure'))f.hidden=this.value&&!Object.values(f.dataset).includes(this.value)"><option value="">all</option>${[...USERS, ...THEMES, ...WIDTHS.map(String)].map((v) => `<option>${v}</option>`).join('')}</select></p>
${rows}
</html>\n`,
)
console.log(
  `\n${shots.length} screenshots in ${((Date.now() - started) / 1000).toFixed(0)} s: ${join(OUT, 'index.html')}`,
)
