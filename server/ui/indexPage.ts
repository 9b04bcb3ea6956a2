/**
 * The console's single page, with the code a signed-in user's page needs named up front.
 *
 * The chrome and an area's chunks are loaded lazily: the login page never fetches them. But a
 * signed-in first load then asks for them only once start-up's answers (who is signed in, the
 * platform's data, the navigation type) have come back, several round trips after the page.
 * The server knows from the session cookie that the visitor is signed in, and from the path
 * which area the page shows (the domain's route table), so the page it sends a signed-in user
 * carries `<link rel="modulepreload">` for the chrome's chunks and that area's, with their
 * static imports and CSS, taken from the build's manifest (`dist/.vite/manifest.json`). The
 * browser fetches them alongside the entry; the lazy imports then find them loaded. The login
 * family's pages name the session screens' chunk the same way, for every visitor: the entry asks
 * for it only once start-up's first answers are in, which put it up to six round trips deep.
 * A visitor's login family pages, and without anonymous access their other pages too (they lead
 * to the login page), draw the login family's logo and card from the parsed page
 * (withSkeletonMark); with anonymous access those other pages are sent as built, byte for byte.
 *
 * Each distinct page is made once and compressed once (brotli and gzip), like the build's
 * precompressed files, never per request; but a signed-in user's page with its start-up answers
 * (withAnswers, server/ui/startupAnswers.ts) is that page with the user's answers added at its
 * end, sent as it is made (streamForSignedIn): the page before the answers at once, compressed
 * for the one request at a faster setting and flushed, so the browser fetches the named chunks
 * while the platform makes the answers; then the answers and the page's end.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PassThrough, type Readable } from 'node:stream'
import { brotliCompressSync, constants, createBrotliCompress, createGzip, gzipSync } from 'node:zlib'
import { findRoute, type RouteArea } from '../../domain/navigation/routes'
import type { PaintedTheme } from '../../domain/preferences/themeMark'
import { PAGE_ANSWERS_ELEMENT_ID, type PageAnswer } from '../../domain/platform/pageAnswers'

interface ManifestChunk {
  readonly file: string
  readonly name?: string
  readonly src?: string
  readonly isEntry?: boolean
  readonly imports?: ReadonlyArray<string>
  readonly dynamicImports?: ReadonlyArray<string>
  readonly css?: ReadonlyArray<string>
}
type Manifest = Readonly<Record<string, ManifestChunk>>

/**
 * A module as the manifest knows it: a source path, or `chunk:<name>` for a chunk the entry
 * loads lazily that the manifest names only by its chunk name (an area's domain code: the
 * build merges `domain/<area>/index.ts` into a chunk named after the area).
 */
type ModuleRef = string

/** What every signed-in page of the main layout loads: the chrome, its menus, the search bar's code. */
export const CHROME_MODULES: ReadonlyArray<ModuleRef> = [
  // The layout's chunk is named, not keyed by its source: the build groups into it what every
  // signed-in page loads (the layout, its top menus, the kit's Select popup and date picker, the
  // search bar's decisions and effects: vite.config.ts, the MainLayout group).
  'chunk:MainLayout',
]

/** What the login family's pages (login, MFA, password screens) load besides the entry. */
export const LOGIN_MODULES: ReadonlyArray<ModuleRef> = ['chunk:session']

/**
 * The login page's reads (spec 000's login data, commands/effects/loginData.ts), then who is
 * signed in: the first steps of start-up on every page, for a visitor on the way to the login
 * page too. Paths under the API base, as adapters/http asks for them (no query).
 */
export const LOGIN_READS: ReadonlyArray<string> = [
  '/ui/auth/loginRelatedData',
  '/ui/auth/visualMode',
  '/ui/auth/userPlugins',
  '/ui/auth/realms',
  '/ui/auth/loginDialog',
  '/ui/auth/samlLogoutUrl',
  '/ui/auth/samlRegistrationId',
  '/ui/auth/oauthProviders',
  '/ui/auth/autoRedirect',
  '/ui/auth/current',
]

/**
 * Start-up's reads on a signed-in user's first load (spec 000, commands/effects/platform.ts):
 * login data, user data, initial data, features, the parallel loads every signed-in user makes,
 * the navigation type. The console makes them step after step, each batch waiting for the one
 * before, and the page's content waits for the last: seven round trips after the entry has
 * loaded and run. Named as fetch preloads, the browser asks for them with the page, while the
 * entry loads, and the console's own calls find their answers (Chromium hands a preload to a
 * fetch of the same URL, mode and credentials). The console decides in the same order as before;
 * only the waiting overlaps. Only reads every such load makes: a preload nobody uses is a wasted
 * request (the parallel loads that depend on the platform's services or flags are left out).
 */
export const SIGNED_IN_READS: ReadonlyArray<string> = [
  ...LOGIN_READS,
  '/ui/system/version',
  '/ui/system/microservices',
  '/ui/system/footer',
  '/ui/system/entitlements',
  '/ui/system/features',
  '/ui/projects',
  '/ui/packages/available',
  '/ui/subscription/blockedUsages',
  '/ui/user/navigationType',
]

/** The modules of a route's area, by the project's one naming of an area in every layer. */
export function areaModules(area: RouteArea): ModuleRef[] {
  // The shell's pages (get started, quick setup) are onboarding's screens.
  if (area === 'shell')
    return [
      'ui/navigation/ShellPages.tsx',
      'chunk:onboarding',
      'commands/effects/onboarding.ts',
      'adapters/browser/adminApiChunk.ts',
    ]
  return [
    `ui/${area}/index.tsx`,
    `chunk:${area}`,
    // An area whose domain, effects and API the build puts in one chunk (vite.config.ts).
    `chunk:${area}Core`,
    `commands/effects/${area}.ts`,
    `adapters/http/${area}.ts`,
    `adapters/browser/${area}ApiChunk.ts`,
  ]
}

/** The files to preload for these modules: their chunks, static imports and CSS, minus what the page loads anyway. */
export function preloadFiles(manifest: Manifest, modules: ReadonlyArray<ModuleRef>): string[] {
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry)
  const lazyByName = new Map<string, string>()
  for (const [, entry] of entries)
    for (const key of entry.dynamicImports ?? []) {
      const name = manifest[key]?.name
      if (key.startsWith('_') && name) lazyByName.set(name, key)
    }
  const keyOf = (ref: ModuleRef) => (ref.startsWith('chunk:') ? lazyByName.get(ref.slice(6)) : ref)
  const loaded = new Set<string>()
  const visit = (key: string, into: Set<string>) => {
    const chunk = manifest[key]
    if (!chunk || into.has(chunk.file)) return
    into.add(chunk.file)
    for (const css of chunk.css ?? []) into.add(css)
    for (const imported of chunk.imports ?? []) visit(imported, into)
  }
  for (const [key] of entries) visit(key, loaded)
  const wanted = new Set<string>()
  for (const ref of modules) {
    const key = keyOf(ref)
    if (key) visit(key, wanted)
  }
  return [...wanted].filter((file) => !loaded.has(file))
}

/**
 * The page's HTML with a preload for each file (scripts as modules, CSS as styles) and each
 * read (paths under the API base, `${base}api/v1`): `crossorigin` (anonymous) is the mode and
 * credentials of the console's own fetch, same-origin with its cookie, or the browser would not
 * hand the preload over and would ask again.
 */
export function withPreloads(
  html: string,
  base: string,
  files: ReadonlyArray<string>,
  reads: ReadonlyArray<string> = [],
): string {
  if (files.length === 0 && reads.length === 0) return html
  const links = [
    ...files.map((file) =>
      file.endsWith('.css')
        ? `<link rel="preload" as="style" crossorigin href="${base}${file}">`
        : `<link rel="modulepreload" crossorigin href="${base}${file}">`,
    ),
    ...reads.map((path) => `<link rel="preload" as="fetch" crossorigin href="${base}api/v1${path}">`),
  ].join('\n    ')
  return html.replace('</head>', `  ${links}\n  </head>`)
}

/**
 * The answers as the text of a `<script type="application/json">`: JSON with `<`, `>` and `&`
 * escaped, so no answer's text (a user's name, a footer) can close the element or open another.
 */
export function answersScriptText(answers: ReadonlyArray<PageAnswer>): string {
  return JSON.stringify(answers).replace(
    /[<>&]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}

/**
 * The page's HTML with start-up's answers in a JSON data block (not run as script) at the end of
 * its body: the entry is a module script, run once the whole page is parsed, so it finds them
 * there; what comes before them (the preloads, the skeleton) needs none of them and is sent
 * before they are made (streamForSignedIn).
 */
export function withAnswers(html: string, answers: ReadonlyArray<PageAnswer>): string {
  const block = `<script type="application/json" id="${PAGE_ANSWERS_ELEMENT_ID}">${answersScriptText(answers)}</script>`
  // A function, not a replacement string: an answer's `$&` or `$$` is text, not a pattern.
  return html.replace('</body>', () => `  ${block}\n  </body>`)
}

/** The built page's entry: a module script, run once the whole page is parsed. */
const ENTRY_SCRIPT = '<script type="module" crossorigin src='

/**
 * The page with its entry run as soon as it has loaded (`async`) rather than once the page is
 * parsed: on a page that carries start-up's answers at its end (withAnswers), the entry's
 * compile and evaluation then overlap the platform making them, instead of following them.
 * The console reads the answers once the page is parsed (adapters/browser/pageAnswers.ts).
 */
export function withAsyncEntry(html: string): string {
  return html.replace(ENTRY_SCRIPT, '<script type="module" async crossorigin src=')
}

/**
 * What index.html's skeleton of the shell (#boot) is told by the server: `chrome`, a signed-in
 * user's page in the chrome, shows it as soon as the page is parsed, before the entry script has
 * loaded and run, in the shape of the user's navigation type; `login`, a visitor on a login
 * family's page or on the way to one, shows the login family's logo and card instead, from the
 * start too. A page sent as built shows the chrome's once the entry draws the router's Loading
 * status (index.html).
 */
export function withSkeletonMark(html: string, mark: 'chrome' | 'classic' | 'login'): string {
  const attribute =
    mark === 'login' ? 'data-login' : mark === 'classic' ? 'data-chrome="classic"' : 'data-chrome'
  return html.replace('<div id="boot">', `<div id="boot" ${attribute}>`)
}

/**
 * The page painted in the theme the signed-in user chose (domain/preferences/themeMark.ts):
 * index.html's skeleton takes the tokens' colours of that theme from the start, as the console
 * will once its script has run, instead of the system's and a flip.
 */
export function withTheme(html: string, theme: PaintedTheme | undefined): string {
  return theme ? html.replace('<html lang="en">', `<html lang="en" data-theme="${theme}">`) : html
}

export interface PageBody {
  readonly body: Buffer
  readonly encoding: 'br' | 'gzip' | undefined
}

/** A page sent as it is made: its bytes (compressed as `encoding` says) as they come. */
export interface PageStream {
  readonly stream: Readable
  readonly encoding: 'br' | 'gzip' | undefined
  /** Settles once the answers are made (or failed) and the page's end is written. */
  readonly ended: Promise<void>
}

/** The page for a request: the built file for visitors not signed in, else the page with its preloads. */
export interface IndexPage {
  /**
   * Undefined: send the built file as it is. `theme`: the user's own choice, decoded (withTheme).
   * The page names start-up's reads as preloads (a HEAD request's: no answers are made for it).
   */
  forSignedIn(
    path: string,
    acceptEncoding: string | undefined,
    navigationType?: 'new' | 'classic',
    theme?: PaintedTheme,
  ): PageBody | undefined
  /**
   * The page with start-up's answers for this user (startupAnswers.ts) instead of its reads'
   * preloads, sent as it is made: all of it but the answers at once, the answers and the page's
   * end once `answers` settles (none if it fails: the console then asks for them). Undefined for
   * a page of the login family, which the console leaves at once and which carries none:
   * `answers` is not called.
   */
  streamForSignedIn(
    path: string,
    acceptEncoding: string | undefined,
    navigationType: 'new' | 'classic' | undefined,
    theme: PaintedTheme | undefined,
    answers: () => Promise<ReadonlyArray<PageAnswer>>,
  ): PageStream | undefined
  /**
   * The page for a visitor who is not signed in: the login family's with its chunk named, also
   * where the console will send them to it (no anonymous access).
   */
  forVisitor(path: string, acceptEncoding: string | undefined): PageBody | undefined
}

/**
 * `home`: where `/` and `/home` go for every user, when the platform decides it alone (the
 * domain's homeRedirect: `/overview` when the platform has the home page); otherwise the page
 * for those paths names the chrome only, the landing being the user's.
 */
export function createIndexPage(
  staticDir: string,
  options: { home?: string; base?: string; anonymousAccess?: boolean } = {},
): IndexPage {
  const base = options.base ?? '/ui/'
  const manifestFile = join(staticDir, '.vite', 'manifest.json')
  const htmlFile = join(staticDir, 'index.html')
  // A build without a manifest (an older one) is served as it is.
  if (!existsSync(manifestFile) || !existsSync(htmlFile))
    return { forSignedIn: () => undefined, streamForSignedIn: () => undefined, forVisitor: () => undefined }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest
  const html = readFileSync(htmlFile, 'utf8')
  const made = new Map<string, { raw: Buffer; br: Buffer; gzip: Buffer }>()

  // 'login': a signed-in user's login family page (the console sends them on: no skeleton);
  // 'toLogin': a visitor's, or a page that leads a visitor there.
  // `answered`: start-up's answers go in the page per request (withAnswers), not its preloads.
  const pageFor = (
    area: RouteArea | 'login' | 'toLogin' | undefined,
    classic = false,
    theme?: PaintedTheme,
    answered = false,
  ) => {
    const key = `${area ?? ''}${classic ? ' classic' : ''} ${theme ?? ''}${answered ? ' answered' : ''}`
    const existing = made.get(key)
    if (existing) return existing
    const login = area === 'login' || area === 'toLogin'
    const modules = login ? LOGIN_MODULES : [...CHROME_MODULES, ...(area ? areaModules(area) : [])]
    const mark = area === 'toLogin' ? 'login' : classic ? 'classic' : 'chrome'
    const source = area === 'login' ? html : withSkeletonMark(html, mark)
    // Start-up runs on every page: a login family page makes its first steps (a signed-in user's
    // is sent on by the console once they have answered).
    const reads = answered ? [] : login ? LOGIN_READS : SIGNED_IN_READS
    const text = withPreloads(withTheme(source, theme), base, preloadFiles(manifest, modules), reads)
    const raw = Buffer.from(answered ? withAsyncEntry(text) : text)
    const page = {
      raw,
      br: brotliCompressSync(raw, {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
      }),
      gzip: gzipSync(raw, { level: 9 }),
    }
    made.set(key, page)
    return page
  }

  const encodingFor = (acceptEncoding: string | undefined): PageBody['encoding'] => {
    const accepts = (name: string) => new RegExp(`\\b${name}\\b`).test(acceptEncoding ?? '')
    return accepts('br') ? 'br' : accepts('gzip') ? 'gzip' : undefined
  }
  const send = (
    page: { raw: Buffer; br: Buffer; gzip: Buffer },
    acceptEncoding: string | undefined,
  ): PageBody => {
    const encoding = encodingFor(acceptEncoding)
    return { body: encoding ? page[encoding] : page.raw, encoding }
  }
  const isLoginFamily = (path: string) => findRoute(path)?.route.layout === 'bare'
  /** The chrome's area of a signed-in user's path, or 'login' for the login family's pages. */
  const areaOf = (path: string): RouteArea | 'login' | undefined => {
    const home = path === '/' || path === '/home' ? options.home : undefined
    const match = findRoute(home ?? path)
    // The login family has no chrome; a path no route knows is the 404 page, in the chrome.
    if (match?.route.layout === 'bare') return 'login'
    return match && match.route.area !== 'plugin' ? match.route.area : undefined
  }

  return {
    forSignedIn(path, acceptEncoding, navigationType, theme) {
      const area = areaOf(path)
      return send(pageFor(area, area !== 'login' && navigationType === 'classic', theme), acceptEncoding)
    },
    streamForSignedIn(path, acceptEncoding, navigationType, theme, answers) {
      const area = areaOf(path)
      if (area === 'login') return undefined
      const html = pageFor(area, navigationType === 'classic', theme, true).raw.toString()
      const end = html.lastIndexOf('</body>')
      const encoding = encodingFor(acceptEncoding)
      // Made for one request: compressed at a speed for that.
      const stream =
        encoding === 'br'
          ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
          : encoding === 'gzip'
            ? createGzip({ level: 6 })
            : new PassThrough()
      // Out to the browser before the answers are made, not once the compressor's window fills
      // or the page ends: the answers' reads (in-process requests on a database read in
      // turn) can keep the event loop from the compressor's output and the socket until they
      // are all done, so they start once the compressed head has been handed on.
      const headOut = new Promise<void>((handed) => {
        const next = () => setImmediate(handed)
        if (stream instanceof PassThrough) stream.write(html.slice(0, end), next)
        else {
          stream.write(html.slice(0, end))
          stream.flush(encoding === 'br' ? constants.BROTLI_OPERATION_FLUSH : constants.Z_SYNC_FLUSH, next)
        }
      })
      const rest = html.slice(end)
      const made = headOut.then(answers)
      const ended = made
        .then(
          (answered) => withAnswers(rest, answered),
          () => rest,
        )
        .then((tail) => {
          // A browser gone meanwhile took the stream down with its connection.
          if (!stream.destroyed) stream.end(tail)
        })
      return { stream, encoding, ended }
    },
    forVisitor(path, acceptEncoding) {
      // Without anonymous access every other page sends the visitor to the login page.
      return isLoginFamily(path) || !options.anonymousAccess
        ? send(pageFor('toLogin'), acceptEncoding)
        : undefined
    },
  }
}
