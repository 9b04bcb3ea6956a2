/**
 * The console's screens as each kind of user reaches them, for the screenshot gallery
 * (scripts/gallery.ts) and the accessibility and overflow checks (tests/e2e/designWalk.ts).
 * One entry per route of domain/navigation/routes.ts that a user can open on a fresh reference
 * server, with its parameters filled from the seeded data; a route that needs data the seed
 * lacks (a proxy, a group, a permission, a project) is listed with the page that creates it.
 * `:package` is replaced at run time by the first package of the packages list.
 */
import { fillLogin, signIn } from './signIn'
import { browserHeaders } from './server'
import { openDebugTools } from '../e2e/debugTools'
import { chooseOption } from '../e2e/kitSelect'
import { ociPusher } from './ociPush'
import { buildImage } from '../../server/containers/imageBuilder'
import type { Locator, Page } from 'playwright-core'

export type UserKind = 'anonymous' | 'developer' | 'admin'

/** A flavour of the platform other than the default one (PLATFORM_FLAVOUR). */
export type Flavour = 'tour' | 'container-registry'

export interface Screen {
  readonly name: string
  readonly path: string
  readonly users: ReadonlyArray<UserKind>
  /** A main screen: `DESIGN_CHECK=main` runs the design e2e on these alone (every screen by default). */
  readonly main?: boolean
  /**
   * What proves the screen's data is drawn, for a screen that asks for it only after a pause
   * (the search box waits for typing to stop before it searches, so the page is briefly done
   * with nothing asked): `settle` waits for it before it checks the screen is done. For a
   * scene, what its steps open (found by role and accessible name).
   */
  readonly ready?: string | ((page: Page) => Locator)
  /**
   * A scene: what a user does on the screen at `path`, once it has settled, to open what no
   * route shows by itself (a dialog, a menu, the search suggestions, a toast, a details page),
   * by role and accessible name. `ready` then proves it open (`showScreen`).
   */
  readonly open?: (page: Page, user: UserKind) => Promise<void>
  /**
   * Once a scene is open, the pointer rests on what `ready` finds (a toast's timer stops while
   * it is pointed at). Else it rests in the page's top left corner: what the steps clicked,
   * or what took its place, shows no hover.
   */
  readonly hold?: boolean
  /** A screen of another flavour of the platform only, walked on a server of that flavour. */
  readonly flavour?: Flavour
  /**
   * The design e2e walks it first, before the other screens' requests have grown what it draws:
   * the System Logs viewer opens on the platform's request log, which the walk writes a line to
   * for each request, and drew, and checked, the 5,000 lines it keeps by the time the admin
   * reached it (a minute of the file's time); first, it holds those of the set-up and the
   * sign-in, in the same columns and levels. The gallery draws it in its place.
   */
  readonly first?: boolean
}

const everyone: ReadonlyArray<UserKind> = ['anonymous', 'developer', 'admin']
const signedIn: ReadonlyArray<UserKind> = ['developer', 'admin']
const admin: ReadonlyArray<UserKind> = ['admin']
const developer: ReadonlyArray<UserKind> = ['developer']

/** A user's menu button: the user's name, or Guest for an anonymous visitor. */
const userMenu = (page: Page, user: UserKind) =>
  page.getByRole('button', { name: user === 'anonymous' ? 'Guest' : user, exact: true })

/** Picks an entry of the user menu ('user') or of the menu of that name. */
const fromMenu = (menu: 'user' | 'Help', item: string) => async (page: Page, user: UserKind) => {
  await (menu === 'user' ? userMenu(page, user) : page.getByRole('button', { name: menu })).click()
  await page.getByRole('menuitem', { name: item }).click()
}

/** The image `openEveryScreen` pushes, so the artifacts tree has an image's files to show. */
const GALLERY_IMAGE = 'gallery/web'

/** The user with MFA required whom the MFA scene signs in as (made by `openEveryScreen`). */
const MFA_USER = { name: 'gallery-mfa', email: 'gallery-mfa@example.com', password: 'Mfa-passw0rd!' }

export const SCREENS: ReadonlyArray<Screen> = [
  // The login family (anonymous only: a signed-in user is sent to the landing).
  { name: 'login', path: '/login', users: ['anonymous'], main: true },
  { name: 'forgot-password', path: '/login/forgot-password', users: ['anonymous'], main: true },
  { name: 'registration', path: '/login/registration', users: ['anonymous'] },
  { name: 'reset-password', path: '/login/reset-password', users: ['anonymous'] },
  { name: 'change-password', path: '/login/change-password', users: ['anonymous'] },
  { name: 'cli-registration', path: '/login/cli-registration', users: ['anonymous'] },
  // The application.
  { name: 'packages', path: '/packages', users: everyone, main: true },
  {
    name: 'packages-search',
    path: '/packages?q=react&pkg=npm',
    users: signedIn,
    main: true,
    ready: 'main a[href^="/ui/packages/"]',
  },
  { name: 'package-details', path: '/packages/:package', users: signedIn, main: true },
  { name: 'repositories', path: '/repos', users: signedIn, main: true },
  { name: 'artifacts', path: '/artifacts/browse', users: signedIn, main: true },
  { name: 'builds', path: '/builds', users: signedIn },
  { name: 'overview', path: '/overview', users: signedIn },
  { name: 'distribution', path: '/distribution', users: signedIn, main: true },
  { name: 'distribution-teaser', path: '/distribution-teaser', users: ['developer'] },
  { name: 'integrations', path: '/integrations', users: signedIn },
  {
    name: 'integrations-filtered',
    path: '/integrations?category=Cloud+Native&vendor=GCP',
    users: signedIn,
  },
  { name: 'integrations-github', path: '/integrations/vendors/github', users: admin },
  { name: 'integrations-git-repos', path: '/integrations/git-repo-scan/select-repos', users: admin },
  { name: 'get-started', path: '/get_started', users: admin },
  { name: 'tour-get-started', path: '/tour_get_started', users: ['developer'] },
  { name: 'topology-teaser', path: '/topology-teaser', users: signedIn },
  { name: 'security-teaser', path: '/security-and-compliance-teaser', users: signedIn },
  // The Xray areas not yet available: one placeholder page each (the same for every user).
  { name: 'policies', path: '/policies', users: ['developer'] },
  { name: 'watches', path: '/watches', users: ['developer'] },
  { name: 'reports', path: '/reports', users: ['developer'] },
  { name: 'trends', path: '/trends', users: ['developer'] },
  { name: 'scans', path: '/scans', users: ['developer'] },
  { name: 'demo-admin', path: '/demo/admin', users: ['developer'] },
  { name: 'user-profile', path: '/user_profile', users: signedIn, main: true },
  { name: 'not-found', path: '/404', users: signedIn },
  { name: 'not-authorized', path: '/authorization', users: signedIn },
  // Administration.
  { name: 'admin-settings', path: '/admin/artifactory/list', users: admin, main: true },
  { name: 'admin-general', path: '/admin/configuration/general', users: admin },
  { name: 'admin-licenses', path: '/admin/license_management/licenses', users: admin },
  { name: 'admin-users', path: '/admin/management/users', users: admin, main: true },
  { name: 'admin-user-new', path: '/admin/management/users/new', users: admin, main: true },
  { name: 'admin-user-edit', path: '/admin/management/users/edit/developer', users: admin },
  { name: 'admin-groups', path: '/admin/management/groups', users: admin, main: true },
  { name: 'admin-group-new', path: '/admin/management/groups/new', users: admin },
  { name: 'admin-permissions', path: '/admin/management/permissions', users: admin },
  { name: 'admin-permission-new', path: '/admin/management/permissions/create', users: admin },
  { name: 'admin-global-roles', path: '/admin/management/global_roles', users: admin },
  { name: 'admin-security', path: '/admin/configuration/security/general', users: admin },
  { name: 'admin-oauth', path: '/admin/configuration/security/oauth', users: admin },
  { name: 'admin-saml', path: '/admin/configuration/security/saml_integration', users: admin },
  { name: 'admin-ldap', path: '/admin/configuration/security/ldap', users: admin },
  { name: 'admin-crowd', path: '/admin/configuration/security/crowd_integration', users: admin },
  { name: 'admin-httpsso', path: '/admin/configuration/security/http_sso', users: admin },
  { name: 'admin-proxies', path: '/admin/proxies/configuration/list', users: admin },
  { name: 'admin-proxy-new', path: '/admin/proxies/configuration/new', users: admin },
  { name: 'admin-projects', path: '/admin/projects/list', users: admin, main: true },
  { name: 'admin-project-new', path: '/admin/projects/create', users: admin },
  { name: 'admin-project-overview', path: '/admin/projects/overview', users: admin },
  { name: 'admin-repo-local-new', path: '/admin/repositories/local/new', users: admin },
  { name: 'admin-repo-remote-new', path: '/admin/repositories/remote/new', users: admin },
  { name: 'admin-repo-virtual-new', path: '/admin/repositories/virtual/new', users: admin },
  { name: 'admin-repo-edit', path: '/admin/repositories/edit/npm-local', users: admin },
  { name: 'admin-repo-quick', path: '/admin/repositories/quick', users: admin },
  { name: 'admin-environments', path: '/admin/environments', users: admin },
  { name: 'admin-integrations', path: '/admin/configuration/integrations', users: admin },
  { name: 'topology', path: '/admin/mission_control/topology', users: admin, main: true },
  { name: 'service-status', path: '/admin/monitoring/service-status', users: admin, main: true },
  { name: 'system-logs', path: '/admin/monitoring/system_logs', users: admin, main: true, first: true },
  { name: 'peers', path: '/admin/monitoring/pdn', users: admin },
  { name: 'support-zone', path: '/admin/support-zone', users: admin, main: true },
  // Details pages and scenes: what a user opens on a screen (dialogs, menus, the search
  // suggestions, a toast, details pages). One user for those that are the same for everyone
  // (the design e2e takes ~2.5 s a scene on the shared machine); the menus differ by user.
  {
    name: 'build-run',
    path: '/builds/console-web/42',
    users: developer,
    ready: (page) =>
      page.getByRole('table', { name: 'Artifacts of console-web:42' }).getByRole('link').first(),
  },
  {
    name: 'version-details',
    path: '/packages/:package',
    users: developer,
    open: (page) => page.getByRole('navigation', { name: 'Versions' }).getByRole('link').first().click(),
    ready: (page) => page.getByRole('table', { name: 'Files' }).getByRole('row').nth(1),
  },
  {
    name: 'artifact-file',
    path: `/artifacts/browse/docker-local/${GALLERY_IMAGE}/1.0.0`,
    users: developer,
    open: (page) =>
      page
        .getByRole('tree', { name: 'Repositories and their files' })
        .getByRole('treeitem', { name: /^manifest\.json\b/ })
        .click(),
    ready: (page) =>
      page.getByRole('complementary', { name: 'Details' }).getByRole('link', { name: 'Download' }),
  },
  {
    // What deleting the tag's manifest takes and frees, before it is confirmed.
    name: 'artifact-delete-manifest',
    path: `/artifacts/browse/docker-local/${GALLERY_IMAGE}/1.0.0`,
    users: developer,
    open: async (page) => {
      await page
        .getByRole('tree', { name: 'Repositories and their files' })
        .getByRole('treeitem', { name: /^manifest\.json\b/ })
        .click()
      await page
        .getByRole('complementary', { name: 'Details' })
        .getByRole('button', { name: 'Delete manifest' })
        .click()
    },
    ready: (page) => page.getByRole('alertdialog', { name: /^Delete manifest sha256:/ }),
  },
  {
    name: 'keyboard-shortcuts',
    path: '/packages',
    users: developer,
    open: (page) => page.keyboard.press('?'),
    ready: (page) => page.getByRole('dialog', { name: 'Keyboard Shortcuts' }),
  },
  {
    name: 'user-menu',
    path: '/packages',
    users: everyone,
    open: (page, user) => userMenu(page, user).click(),
    ready: (page) => page.getByRole('menu'),
  },
  {
    name: 'help-menu',
    path: '/packages',
    users: admin,
    open: (page) => page.getByRole('button', { name: 'Help' }).click(),
    ready: (page) => page.getByRole('menu'),
  },
  {
    name: 'search-suggestions',
    path: '/packages',
    users: developer,
    open: (page) => page.getByRole('combobox', { name: 'Search text' }).fill('react'),
    ready: (page) => page.getByRole('listbox').getByRole('option').first(),
  },
  {
    name: 'set-me-up',
    path: '/packages',
    users: developer,
    open: fromMenu('user', 'Set Me Up'),
    ready: (page) => page.getByRole('complementary', { name: 'Set Me Up' }),
  },
  {
    // A type the fresh platform has no repository of: why none is offered, and the admin's way to one.
    name: 'set-me-up-no-repository',
    path: '/packages',
    users: admin,
    open: async (page, user) => {
      await fromMenu('user', 'Set Me Up')(page, user)
      const panel = page.getByRole('complementary', { name: 'Set Me Up' })
      await chooseOption(page, panel.getByRole('combobox', { name: 'Package type' }), 'maven')
    },
    ready: (page) => page.getByRole('region', { name: 'No maven repository' }),
  },
  {
    name: 'navigation-tour',
    path: '/packages',
    users: developer,
    open: fromMenu('user', 'Navigation Tour'),
    ready: (page) => page.getByRole('dialog', { name: 'Navigation tour' }),
  },
  {
    name: 'education-center',
    path: '/packages',
    users: developer,
    open: fromMenu('Help', 'Education Center'),
    ready: (page) => page.getByRole('dialog', { name: 'Education Center' }),
  },
  // No 'quick-setup' overlay scene: the menu item now goes to Quick Repository Creation (the
  // admin-repo-quick screen), and only the quick action opens the overlay, which no flavour
  // walked here shows without the quick-deploy landing (component tests: shell, chrome-quickAction).
  {
    name: 'personalize',
    path: '/get_started',
    users: admin,
    open: (page) => page.getByRole('button', { name: /^(Personalize|Continue personalizing)$/ }).click(),
    ready: (page) => page.getByRole('dialog', { name: 'Personalize your console' }),
  },
  {
    name: 'new-user-refused',
    path: '/admin/management/users/new',
    users: admin,
    open: (page) => page.getByRole('button', { name: 'Create user' }).click(),
    ready: (page) => page.locator('[aria-invalid="true"]'),
  },
  {
    name: 'debug-tools',
    path: '/packages',
    users: admin,
    open: async (page) => void (await openDebugTools(page)),
    ready: (page) => page.getByRole('complementary', { name: 'Debug tools' }),
  },
  {
    name: 'toast',
    path: '/admin/configuration/general',
    users: admin,
    open: (page) => page.getByRole('button', { name: 'Save' }).click(),
    // Pointing at it holds it (Radix pauses a toast's timer), as a user reading it would.
    hold: true,
    ready: (page) => page.getByRole('region', { name: /^Notifications/ }).getByText('General settings saved'),
  },
  {
    name: 'login-refused',
    path: '/login',
    users: ['anonymous'],
    open: (page) => fillLogin(page, 'nobody', 'not-the-password'),
    ready: (page) => page.getByRole('alert'),
  },
  {
    // A tour's or a cloud trial's; the tour's guide opens it by the query.
    name: 'contact-us',
    path: '/packages?contactUsContext=tour',
    users: developer,
    flavour: 'tour',
    ready: (page) => page.getByRole('dialog', { name: 'Contact Us' }),
  },
  // Last: it leaves the visitor's session half signed in.
  {
    name: 'mfa-enroll',
    path: '/login',
    users: ['anonymous'],
    open: (page) => fillLogin(page, MFA_USER.name, MFA_USER.password),
    ready: (page) => page.getByRole('img', { name: 'QR code for your authenticator app' }),
  },
]

/** The accounts of a fresh reference server (README). */
export function passwordOf(
  kind: Exclude<UserKind, 'anonymous'>,
  config: { adminPassword: string; userPassword: string },
) {
  return kind === 'admin' ? config.adminPassword : config.userPassword
}

/**
 * Sets a fresh reference server up so that every screen listed opens where it says: user
 * registration on, without which the registration screen sends a visitor to the login page
 * (its picture was the login page's, and its checks ran on the login page), a user who must
 * use MFA, and an image pushed to docker-local through the registry API. Through the admin
 * API, once, before the screens are walked (the gallery, tests/e2e/designWalk.ts).
 */
export async function openEveryScreen(server: {
  url: string
  config: { adminPassword: string }
}): Promise<void> {
  const api = (method: string, path: string, body: unknown, cookie?: string) =>
    fetch(`${server.url}/ui/api/v1${path}`, {
      method,
      headers: browserHeaders(server.url, cookie),
      body: JSON.stringify(body),
    })
  const login = await api('POST', '/ui/auth/login?_spring_security_remember_me=false', {
    user: 'admin',
    password: server.config.adminPassword,
    type: 'login',
  })
  const cookie = login.headers.getSetCookie().find((c) => c.startsWith('console_session='))
  const saved = await api(
    'PUT',
    '/ui/admin/generalConfig',
    { allowUserRegistration: true },
    cookie?.split(';')[0],
  )
  if (!saved.ok) throw new Error(`turning user registration on failed: ${saved.status} ${await saved.text()}`)
  const mfa = await api('POST', '/ui/admin/users', { ...MFA_USER, mfaRequired: true }, cookie?.split(';')[0])
  if (!mfa.ok) throw new Error(`creating ${MFA_USER.name} failed: ${mfa.status} ${await mfa.text()}`)
  const pusher = await ociPusher(server.url, 'admin', server.config.adminPassword)
  const image = buildImage({
    layers: [
      {
        command: 'COPY index.html /srv/',
        files: [{ path: 'srv/index.html', content: '<h1>gallery</h1>\n' }],
      },
    ],
  })
  await pusher.push(`docker-local/${GALLERY_IMAGE}`, image, ['1.0.0'])
}

/** Signs in through the login page (nothing for anonymous). */
export async function signInAs(
  page: Page,
  base: string,
  kind: UserKind,
  config: { adminPassword: string; userPassword: string },
): Promise<void> {
  if (kind === 'anonymous') return
  await signIn({ url: base }, page, kind, passwordOf(kind, config))
}

/**
 * Counts the page's fetches in flight (window.__inflight), from before its first script: call
 * once per page, before its first navigation, so that `settle` can wait for them.
 */
export async function trackRequests(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __inflight: number; fetch: typeof fetch }
    w.__inflight = 0
    const original = w.fetch.bind(window)
    w.fetch = (...args: Parameters<typeof fetch>) => {
      w.__inflight += 1
      return original(...args).finally(() => {
        w.__inflight -= 1
      })
    }
  })
}

/** True once the screen has been drawn and done for two frames in a row: run in the page. */
function screenDone(): boolean {
  const loading =
    document.querySelector(
      '[role="status"][aria-label^="Loading"], [aria-busy="true"], [data-skeleton], [role="progressbar"]',
    ) !== null ||
    [...document.querySelectorAll('[role="status"]')].some((s) =>
      /^Loading\b/.test(s.textContent?.trim() ?? ''),
    )
  const w = window as unknown as { __inflight?: number; __doneFrames?: number }
  const done =
    document.readyState === 'complete' &&
    (document.getElementById('root')?.childElementCount ?? 0) > 0 &&
    !loading &&
    (w.__inflight ?? 0) === 0 &&
    document.fonts.status === 'loaded'
  w.__doneFrames = done ? (w.__doneFrames ?? 0) + 1 : 0
  return w.__doneFrames >= 2
}

/** What proves a screen drawn, on the page. */
const readyOn = (page: Page, ready: NonNullable<Screen['ready']>): Locator =>
  typeof ready === 'string' ? page.locator(ready) : ready(page)

/**
 * Waits until a screen has settled: the console drawn, no loading skeleton, status or busy
 * region left, no fetch in flight (with `trackRequests`), the web font in use, and all of this
 * so on two frames in a row. States, not a quiet period: a screen that never settles is
 * checked as it is after `timeout`.
 */
export async function settle(page: Page, timeout = 15_000, ready?: Screen['ready']): Promise<void> {
  await page.waitForLoadState('load', { timeout }).catch(() => undefined)
  if (ready)
    await readyOn(page, ready)
      .first()
      .waitFor({ timeout })
      .catch(() => undefined)
  await page.evaluate(() => ((window as unknown as { __doneFrames?: number }).__doneFrames = 0))
  await page.waitForFunction(screenDone, undefined, { timeout, polling: 'raf' }).catch(() => undefined)
}

/**
 * True once no finite animation or transition runs on the clock (a menu has faded in): run in the
 * page. An animation on a scroll timeline (the packages' filter column's foot shade) is never
 * done: it runs for as long as its box can scroll, and moves only when it is scrolled.
 */
export function animationsDone(): boolean {
  return document
    .getAnimations()
    .every(
      (a) =>
        a.playState !== 'running' ||
        a.effect?.getTiming().iterations === Infinity ||
        !(a.timeline instanceof DocumentTimeline),
    )
}

/**
 * Opens a screen as its user would: goes to its path and waits until it has settled; for a
 * scene, then does its steps and waits until what they open is drawn, settled, and done moving.
 * Answers what went wrong (a scene that did not open), nothing when it is shown.
 */
export async function showScreen(
  page: Page,
  base: string,
  screen: Screen,
  path: string,
  user: UserKind,
): Promise<string[]> {
  await page.goto(`${base}/ui${path}`)
  await settle(page, undefined, screen.open ? undefined : screen.ready)
  if (!screen.open) return []
  const failed = await screen.open(page, user).then(
    () => undefined,
    (e: unknown) => (e instanceof Error ? e.message : String(e)).split('\n')[0],
  )
  if (failed) return [`its steps failed: ${failed}`]
  if (screen.ready) {
    const shown = await readyOn(page, screen.ready)
      .first()
      .waitFor({ timeout: 15_000 })
      .then(
        () => true,
        () => false,
      )
    if (!shown) return ['did not open']
    if (screen.hold) await readyOn(page, screen.ready).first().hover()
  }
  if (!screen.hold) await page.mouse.move(0, 0)
  await settle(page)
  await page.waitForFunction(animationsDone, undefined, { polling: 'raf' }).catch(() => undefined)
  return []
}

/** The path of the first package of the list, as its row links to it. */
export async function firstPackagePath(page: Page, base: string): Promise<string | undefined> {
  await page.goto(`${base}/ui/packages?q=react`)
  const link = page.locator('main a[href^="/ui/packages/"]').first()
  await link.waitFor({ timeout: 20_000 }).catch(() => undefined)
  const href = await link.getAttribute('href').catch(() => null)
  return href ? href.replace(/^\/ui/, '') : undefined
}
