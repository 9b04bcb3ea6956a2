/**
 * First-load JavaScript and CSS of the built console (`dist/`, run `npx vite build` first):
 * the login page (entry, its preloads and the session chunk) and the landing page after
 * login (entry, the layout chunk and the landing area's chunk), raw and gzip. Sizes, not timings.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { shellRoutes } from '../domain/navigation/routes'
import type { Figure } from './types'

export const title = 'Bundle: first-load JavaScript and CSS'

export interface Sizes {
  readonly js: number
  readonly jsGzip: number
  readonly css: number
  readonly cssGzip: number
}

const total = (s: Sizes) => s.jsGzip + s.cssGzip

/** `name-HASH8.ext` → `name` (vite's hashes are 8 characters and may contain '-'). */
export const stemOf = (file: string) => file.replace(/-[A-Za-z0-9_-]{8}\.(?:js|css)$/, '')

export class BuiltBundle {
  readonly assets: string
  readonly files: ReadonlyArray<string>
  constructor(readonly dist: string = resolve('dist')) {
    if (!existsSync(join(dist, 'index.html'))) throw new Error(`no build in ${dist}: run npx vite build`)
    this.assets = join(dist, 'assets')
    this.files = readdirSync(this.assets)
  }

  private read(file: string): string {
    return readFileSync(join(this.assets, file), 'utf8')
  }

  /** Files the entry HTML loads before anything runs: the entry script, its preloads and styles. */
  entryFiles(): string[] {
    const html = readFileSync(join(this.dist, 'index.html'), 'utf8')
    return [...html.matchAll(/(?:src|href)="\/ui\/assets\/([^"]+)"/g)].map((m) => m[1] as string)
  }

  /** The web font files of the build and whether the entry HTML preloads each (≤ 60 KB in all, preloaded). */
  fonts(): ReadonlyArray<{ readonly file: string; readonly bytes: number; readonly preloaded: boolean }> {
    const html = readFileSync(join(this.dist, 'index.html'), 'utf8')
    const preloads = [...html.matchAll(/<link\b[^>]*>/g)]
      .map((m) => m[0])
      .filter((tag) => /\brel="preload"/.test(tag))
      .map((tag) => /\bhref="\/ui\/assets\/([^"]+)"/.exec(tag)?.[1])
    return this.files
      .filter((f) => /\.(woff2?|ttf|otf)$/.test(f))
      .map((file) => ({
        file,
        bytes: statSync(join(this.assets, file)).size,
        preloaded: preloads.includes(file),
      }))
  }

  /** A chunk and every chunk it imports statically (what loading it costs), plus the CSS vite injects with it. */
  closure(file: string, seen: Set<string> = new Set()): Set<string> {
    if (seen.has(file) || !this.files.includes(file)) return seen
    seen.add(file)
    if (!file.endsWith('.js')) return seen
    const text = this.read(file)
    for (const m of text.matchAll(/(?:import|from)\s*["']\.\/([^"']+\.js)["']/g))
      this.closure(m[1] as string, seen)
    // A lazily loaded chunk's own stylesheet has the same name stem.
    const stem = stemOf(file)
    for (const css of this.files.filter((f) => f.endsWith('.css') && stemOf(f) === stem)) seen.add(css)
    return seen
  }

  /** The chunk of a lazily loaded area, by its file name stem (`session`, `MainLayout`, `packages`…). */
  chunk(stem: string): string {
    const found = this.files.filter((f) => f.endsWith('.js') && stemOf(f) === stem)
    if (found.length === 0) throw new Error(`no chunk named ${stem} in ${this.assets}`)
    // Two chunks can share a stem (ui/packages/index.tsx and domain/packages' decider are both
    // `packages`, and which comes first depends on their hashes): the area's is built from ui/.
    return found.find((f) => this.builtFromUi(f)) ?? (found[0] as string)
  }

  private builtFromUi(file: string): boolean {
    const map = join(this.assets, `${file}.map`)
    if (!existsSync(map)) return false
    const { sources } = JSON.parse(readFileSync(map, 'utf8')) as { sources?: ReadonlyArray<string> }
    return (sources ?? []).some((s) => /(^|\/)ui\//.test(s))
  }

  sizes(files: Iterable<string>): Sizes {
    let js = 0
    let jsGzip = 0
    let css = 0
    let cssGzip = 0
    for (const file of new Set(files)) {
      const bytes = readFileSync(join(this.assets, file))
      const gz = gzipSync(bytes, { level: 9 }).length
      if (file.endsWith('.css')) {
        css += bytes.length
        cssGzip += gz
      } else if (file.endsWith('.js')) {
        js += bytes.length
        jsGzip += gz
      }
    }
    return { js, jsGzip, css, cssGzip }
  }

  /** The files of a page's first load: the entry plus the given lazily loaded chunks with their imports. */
  pageFiles(stems: ReadonlyArray<string>): Set<string> {
    const files = new Set<string>()
    for (const f of this.entryFiles()) this.closure(f, files)
    for (const stem of stems) this.closure(this.chunk(stem), files)
    return files
  }

  /** First load of a page: the entry plus the given lazily loaded chunks with their imports. */
  page(stems: ReadonlyArray<string>): Sizes {
    return this.sizes(this.pageFiles(stems))
  }

  /**
   * What a lazily loaded chunk adds on top of what is already loaded when it is asked for:
   * the entry, plus the chunks it is loaded from (a nested chunk of an area).
   */
  areaCost(stem: string, loadedFrom: ReadonlyArray<string> = []): Sizes {
    const loaded = new Set<string>()
    for (const f of this.entryFiles()) this.closure(f, loaded)
    for (const parent of loadedFrom) this.closure(this.chunk(parent), loaded)
    const own = [...this.closure(this.chunk(stem))].filter((f) => !loaded.has(f))
    return this.sizes(own)
  }
}

export const LOGIN_PAGE = ['session']
/** The login page's first load of JavaScript and CSS, gzip, at most (DESIGN.md, budgets). */
export const LOGIN_PAGE_KB = 150
/**
 * At most this many JS and CSS files on a landing page (DESIGN.md, budgets): the entry, the
 * layout and the area, with their imports, and the area's effects and API where they are files
 * of their own. Each file is a request: 63 and 65 of them on 2026-11-26, 26 and 24 on
 * 2026-12-02 before the layout took everything every signed-in page loads and the packages
 * area became one file (vite.config.ts).
 */
export const LANDING_FILES = 20
export const LANDING_PAGES: Readonly<Record<string, ReadonlyArray<string>>> = {
  'regular user (packages)': ['MainLayout', 'packages'],
  'admin (topology)': ['MainLayout', 'serviceStatus', 'serviceStatusEffects', 'serviceStatusApi'],
  // Where the platform has the home page, `/` is the overview for everyone (the waterfall bench's landing).
  'home page (overview)': ['MainLayout', 'overview', 'overviewCore'],
}
export const AREA_CHUNKS = [
  'session',
  'packages',
  'releaseBundles',
  'admin',
  'serviceStatus',
  'supportBundles',
  'errors',
  'integrations',
  'ShellPages',
  'MainLayout',
  // Loaded inside another chunk when first needed (see NESTED_IN).
  'SafeHtml',
  'SessionScreens',
  'LoginDialog',
  'ShellDialogFrame',
  // The git integration screens, loaded inside the integrations chunk.
  'GitScreens',
  // The chrome's overlays (quick setup, tour, shortcuts), loaded when one opens.
  'ChromeOverlays',
  // The set-me-up panel with its selects, loaded when it opens.
  'SetMeUpPanel',
  // The personalization dialog of the getting-started page, loaded when it opens.
  'PersonalizationDialog',
  // Loaded with the first notification.
  'Toaster',
  // Loaded when a view fails (ui/errors/ErrorBoundary.tsx).
  'ErrorPage',
  // Effects and API ports of areas the login page does not use, loaded with their first event
  // or call (the areas' manifests, ui/areas.ts).
  'adminEffects',
  'serviceStatusEffects',
  'releaseBundlesEffects',
  'supportBundlesEffects',
  'adminApiChunk',
  'serviceStatusApi',
  'releaseBundlesApi',
  'supportBundlesApi',
]

/**
 * Area chunks (by chunk name: the area's name) whose every route has the main layout: the router
 * asks for their chunk only once the MainLayout chunk has loaded (the layout suspends first, the
 * area renders inside it).
 */
const IN_MAIN_LAYOUT = Object.entries({
  packages: 'packages',
  releaseBundles: 'releaseBundles',
  admin: 'admin',
  serviceStatus: 'serviceStatus',
  supportBundles: 'supportBundles',
  integrations: 'integrations',
  errors: 'errors',
  // The shell's pages (getting started, quick setup, the teasers) are the `shell` area's chunk.
  ShellPages: 'shell',
})
  .filter(([, area]) => {
    const routes = shellRoutes.filter((r) => r.area === area)
    return routes.length > 0 && routes.every((r) => r.layout === 'main')
  })
  .map(([chunk]) => chunk)
// The layout's chunk holds what every signed-in page loads (its top menus, the kit's Select popup
// and date picker, the search bar's code: vite.config.ts); an area's chunk comes on top of it.
const inLayout = (...chunks: string[]) => ['MainLayout', ...chunks]

/** Chunks loaded from inside another chunk: their cost is what they add to those. */
export const NESTED_IN: Readonly<Record<string, ReadonlyArray<string>>> = {
  ...Object.fromEntries(IN_MAIN_LAYOUT.map((chunk) => [chunk, inLayout()])),
  SafeHtml: inLayout('packages'),
  SessionScreens: ['session'],
  LoginDialog: ['session'],
  ShellDialogFrame: inLayout(),
  GitScreens: inLayout('integrations'),
  ChromeOverlays: inLayout(),
  SetMeUpPanel: inLayout(),
  PersonalizationDialog: inLayout('ShellPages'),
  adminEffects: inLayout('admin'),
  serviceStatusEffects: inLayout('serviceStatus'),
  releaseBundlesEffects: inLayout('releaseBundles'),
  supportBundlesEffects: inLayout('supportBundles'),
  adminApiChunk: inLayout('admin', 'adminEffects'),
  serviceStatusApi: inLayout('serviceStatus', 'serviceStatusEffects'),
  releaseBundlesApi: inLayout('releaseBundles', 'releaseBundlesEffects'),
  supportBundlesApi: inLayout('supportBundles', 'supportBundlesEffects'),
}

const kb = (bytes: number) => bytes / 1024

function figures(name: string, s: Sizes, target?: string): Figure[] {
  return [
    { name: `${name}: JS raw`, value: kb(s.js), unit: 'KB' },
    { name: `${name}: JS gzip`, value: kb(s.jsGzip), unit: 'KB' },
    { name: `${name}: CSS raw`, value: kb(s.css), unit: 'KB' },
    { name: `${name}: CSS gzip`, value: kb(s.cssGzip), unit: 'KB' },
    { name: `${name}: JS+CSS gzip`, value: kb(total(s)), unit: 'KB', ...(target ? { target } : {}) },
  ]
}

export async function run(): Promise<Figure[]> {
  const bundle = new BuiltBundle()
  const out = figures('login page', bundle.page(LOGIN_PAGE), `≤ ${LOGIN_PAGE_KB} KB`)
  const fonts = bundle.fonts()
  out.push(
    {
      name: `font files (${fonts.length}, woff2 as served)`,
      value: kb(fonts.reduce((sum, f) => sum + f.bytes, 0)),
      unit: 'KB',
      target: '≤ 60 KB',
    },
    {
      name: 'font files preloaded by index.html',
      value: fonts.filter((f) => f.preloaded).length,
      unit: `of ${fonts.length}`,
    },
  )
  for (const [name, stems] of Object.entries(LANDING_PAGES))
    out.push(...figures(`landing, ${name}`, bundle.page(stems)), {
      name: `landing, ${name}: JS and CSS files`,
      value: bundle.pageFiles(stems).size,
      unit: 'files',
      target: `≤ ${LANDING_FILES}`,
    })
  for (const stem of AREA_CHUNKS)
    out.push({
      name: `area chunk ${stem}: JS+CSS gzip`,
      value: kb(total(bundle.areaCost(stem, NESTED_IN[stem]))),
      unit: 'KB',
    })
  return out
}
