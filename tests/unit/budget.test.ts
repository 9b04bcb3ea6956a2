/**
 * The size budget of the built console (`dist/`; `npm test` builds it before running tests):
 * every lazily loaded chunk at most 30 KB gzip on top of what is loaded when it is asked for
 * (a main-layout area is asked for once MainLayout has loaded), and the login page's first
 * load of JavaScript and CSS under a ceiling (bench/bundle.bench.ts computes both).
 *
 * The issue's target for the login page is 120 KB gzip, and the ceiling is that target. It was
 * met once (119.5 KB), lost as the areas' domain grew (129.1 KB), and met again (119.9 KB) by
 * loading the domain code of the areas the login page never uses (packages, admin,
 * serviceStatus, releaseBundles, supportBundles, onboarding) with their first command: the
 * browser's bus holds those commands until the area loads (commands/browserApp.ts,
 * domain/areaRegistry.ts). The margin is small: whatever the login page does not need belongs
 * in a lazily loaded chunk.
 *
 * The login page loads the entry (react-dom is ~62 KB gzip of it; the domain of platform,
 * session, navigation, notifications and search, and only the initial state of the other areas)
 * and the session chunk with the login screen only. What it does not need loads later: the
 * other session screens, the login notice dialog, the toast viewport (first notification), the
 * domain code of the other areas (their first command), their effects and API ports (their
 * first event or call), the GraphQL client and the README renderer.
 */
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  AREA_CHUNKS,
  BuiltBundle,
  LANDING_FILES,
  LANDING_PAGES,
  LOGIN_PAGE,
  NESTED_IN,
} from '../../bench/bundle.bench'

const KB = 1024
const built = existsSync(resolve('dist/index.html'))
const gzip = (s: { jsGzip: number; cssGzip: number }) => s.jsGzip + s.cssGzip

// The target, 120 KB (122,880 B), is the ceiling. 122,476 B measured on 2026-11-26 (404 B
// under; 123,008 B before). What left the first load: the top and help menus' rules
// (domain/navigation/topMenus.ts), which the main layout now computes for its menus' chunk instead
// of a query of the entry (-0.5 KB); before that, the search types table and the search model's
// URL codec (-1.6 KB: the entry reached those modules for one small export each, and a module goes
// whole into one chunk), the session area's account screens (decisions, events, API calls:
// -1.2 KB, loaded with the first account command, commands/browserApp.ts), and the JavaScript file
// names in the entry's preload list of its lazy imports (-2.7 KB, vite.config.ts modulePreload).
// Whatever the login page does not need belongs in a lazily loaded chunk.
const LOGIN_PAGE_CEILING_KB = 120

describe.skipIf(!built)('bundle budget (run `npx vite build` first)', () => {
  const bundle = built ? new BuiltBundle() : undefined

  it(`login page first load stays at most ${LOGIN_PAGE_CEILING_KB} KB gzip (the issue's target)`, () => {
    const size = gzip(bundle!.page(LOGIN_PAGE))
    expect(size).toBeLessThanOrEqual(LOGIN_PAGE_CEILING_KB * KB)
  })

  // Issue 18: the font files at most 60 KB in all, each preloaded so text is not painted twice.
  it('the font files weigh at most 60 KB in all and index.html preloads each', () => {
    const fonts = bundle!.fonts()
    expect(fonts.length).toBeGreaterThan(0)
    expect(fonts.reduce((sum, f) => sum + f.bytes, 0)).toBeLessThanOrEqual(60 * KB)
    expect(fonts.filter((f) => !f.preloaded).map((f) => f.file)).toEqual([])
  })

  // Issue 18: a signed-in user's landing made 74-97 JS and CSS requests (the waterfall bench), most
  // of them small shared modules in files of their own (63 files for the packages landing, 65 for
  // the topology, on 2026-11-26). The layout's own modules, the shared icons and the areas' common
  // kit pieces are now a file each (vite.config.ts): 28 and 25 files.
  for (const [name, stems] of Object.entries(LANDING_PAGES))
    it(`the landing (${name}) loads at most ${LANDING_FILES} JS and CSS files`, () => {
      expect(bundle!.pageFiles(stems).size).toBeLessThanOrEqual(LANDING_FILES)
    })

  it('the login page loads no lazily loaded chunk but the session one', () => {
    const loaded = new Set<string>()
    for (const f of bundle!.entryFiles()) bundle!.closure(f, loaded)
    bundle!.closure(bundle!.chunk('session'), loaded)
    for (const stem of AREA_CHUNKS.filter((s) => s !== 'session'))
      expect(loaded.has(bundle!.chunk(stem)), stem).toBe(false)
  })

  // The words and the loading placeholder the login screen shares with the message catalogue, the
  // toasts and the areas' checkboxes are the entry's (ui/main.tsx): in the session chunk, the
  // layout and the toasts loaded the whole login screen with them (~4.5 KB gzip each).
  it('the layout, the toasts and the kit checkbox do not load the login screen (the session chunk)', () => {
    for (const stem of ['MainLayout', 'Toaster', 'Checkbox'])
      expect(bundle!.closure(bundle!.chunk(stem)).has(bundle!.chunk('session')), stem).toBe(false)
  })

  // The admin teaser's module texts (/demo/admin only, ~1.7 KB gzip) are a chunk of their own:
  // in the admin chunk they left it 138 B under its ceiling (2026-11-27).
  it('the admin chunk does not load the admin teaser', () => {
    expect(bundle!.closure(bundle!.chunk('admin')).has(bundle!.chunk('AdminTeaser'))).toBe(false)
  })

  // Every lazily loaded chunk at most 30 KB (30,720 B), no exception. The packages list (31,530 B)
  // and the admin pages (31,191 B) were over until the icons that several chunks use went into one
  // chunk (vite.config.ts `icons`), loaded with the layout, and the kit pieces the areas share into
  // another (`kit`): each was a file of its own, gzipped apart (the 29 icon files: 9.8 KB gzip;
  // 4.8 KB as one). Measured on 2026-11-26: packages 28,570 B, admin 29,227 B, integrations
  // 27,009 B, SafeHtml 27,977 B, Toaster 28,873 B (it loads the icon chunk). MainLayout was at
  // 30,673 B until it stopped loading the session chunk (26,055 B on 2026-11-27, the case above);
  // closest to the ceiling now: TopMenus 30,542 B (Radix's base and positioning, ~24 KB of it).
  const CHUNK_CEILING_KB = 30
  for (const stem of AREA_CHUNKS)
    it(`chunk ${stem} adds at most ${CHUNK_CEILING_KB} KB gzip to what is loaded when it is asked for`, () => {
      expect(gzip(bundle!.areaCost(stem, NESTED_IN[stem]))).toBeLessThanOrEqual(CHUNK_CEILING_KB * KB)
    })
})
