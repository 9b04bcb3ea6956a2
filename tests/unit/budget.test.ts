/**
 * The size budget of the built console (`dist/`; `npm test` builds it before running tests), as
 * DESIGN.md sets it for users: the login page's first load of JavaScript and CSS at most 150 KB
 * gzip, a signed-in landing in few files. No chunk has a ceiling of its own: a lazily loaded
 * chunk is paid for when its screen opens, and splitting code only to hold a per-chunk number
 * cost more requests than it saved bytes (bench/bundle.bench.ts prints every chunk's cost).
 *
 * The login page loads the entry and the session chunk with the login screen; what it does not
 * need loads later: the other session screens, the login notice dialog, the toast viewport, the
 * domain code of the areas it never uses (their first command), their effects and API ports,
 * the GraphQL client and the README renderer.
 */
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  AREA_CHUNKS,
  BuiltBundle,
  LANDING_FILES,
  LANDING_PAGES,
  LOGIN_PAGE,
  LOGIN_PAGE_KB,
} from '../../bench/bundle.bench'

const KB = 1024
const built = existsSync(resolve('dist/index.html'))
const gzip = (s: { jsGzip: number; cssGzip: number }) => s.jsGzip + s.cssGzip

describe.skipIf(!built)('bundle budget (run `npx vite build` first)', () => {
  const bundle = built ? new BuiltBundle() : undefined

  it(`login page first load stays at most ${LOGIN_PAGE_KB} KB gzip`, () => {
    const size = gzip(bundle!.page(LOGIN_PAGE))
    expect(size).toBeLessThanOrEqual(LOGIN_PAGE_KB * KB)
  })

  // The font files at most 60 KB in all; the core face preloaded so text is not painted twice,
  // the extra face (Latin-1 and punctuation the platform's data may bring) left to the browser,
  // which fetches it only for a page that draws one of its characters (scripts/subsetFont.ts).
  it('the font files weigh at most 60 KB in all; index.html preloads the core face only', () => {
    const fonts = bundle!.fonts()
    expect(fonts.reduce((sum, f) => sum + f.bytes, 0)).toBeLessThanOrEqual(60 * KB)
    expect(fonts.filter((f) => f.preloaded).map((f) => f.file)).toEqual([
      expect.stringMatching(/^inter-latin-wght-normal-.*\.woff2$/),
    ])
    expect(fonts.filter((f) => !f.preloaded).map((f) => f.file)).toEqual([
      expect.stringMatching(/^inter-extra-.*\.woff2$/),
    ])
  })

  // A signed-in user's landing made 74-97 JS and CSS requests (the waterfall bench), most of them
  // small shared modules in files of their own (63 files for the packages landing, 65 for the
  // topology, on 2026-11-26). What every signed-in page loads is now the layout's file, and the
  // search bar's code and the kit's pieces are in the layout's file (vite.config.ts): 20 and 19.
  for (const [name, stems] of Object.entries(LANDING_PAGES))
    it(`the landing (${name}) loads at most ${LANDING_FILES} JS and CSS files`, () => {
      // JS and CSS: the font is one more request, preloaded from the page (the test above).
      const code = [...bundle!.pageFiles(stems)].filter((f) => /\.(js|css)$/.test(f))
      expect(code.length).toBeLessThanOrEqual(LANDING_FILES)
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
  // layout and the toasts loaded the whole login screen with them (~4.5 KB gzip each). The kit's
  // checkbox goes with the packages area's chunk, its one user on a landing.
  it('the layout, the toasts and the packages area do not load the login screen (the session chunk)', () => {
    for (const stem of ['MainLayout', 'Toaster', 'packages'])
      expect(bundle!.closure(bundle!.chunk(stem)).has(bundle!.chunk('session')), stem).toBe(false)
  })

  // graphql-js's parser and printer were 42 KB of the list's API chunk on every landing; the
  // console's documents are text (adapters/graphql/documentsAsText.ts), so they stay out.
  it("the packages area's core chunk (its API client) carries no GraphQL parser or printer", () => {
    const map = JSON.parse(
      readFileSync(resolve('dist/assets', `${bundle!.chunk('packagesCore')}.map`), 'utf8'),
    ) as { sources: string[] }
    expect(map.sources.some((s) => s.includes('graphql-request'))).toBe(true)
    expect(
      map.sources.filter((s) => /graphql[\\/]language[\\/](parser|lexer|printer)\.mjs$/.test(s)),
    ).toEqual([])
  })

  // Three areas' deciders (packages, repositories, onboarding: ~57 KB) rode in the layout's file
  // through the domain indexes an area reads another's rules from; an area's slice is now the
  // composition's, imported from its decider.ts. The search bar's decider is the layout's own.
  it("the layout's chunk carries no area's decider but the search bar's", () => {
    const map = JSON.parse(
      readFileSync(resolve('dist/assets', `${bundle!.chunk('MainLayout')}.map`), 'utf8'),
    ) as {
      sources: string[]
    }
    expect(
      map.sources.filter((s) => /[dD]ecider\.ts$/.test(s)).map((s) => s.replace(/^(\.\.\/)+/, '')),
    ).toEqual(['domain/search/decider.ts'])
  })

  // The top bar's menus (Radix DropdownMenu, ~13 KB raw with the menu primitives) load when the
  // user reaches for one, not with every signed-in page (ui/shared/kit/intent.ts).
  it("the layout's chunk carries neither the menus nor the artifact search's switch", () => {
    const map = JSON.parse(
      readFileSync(resolve('dist/assets', `${bundle!.chunk('MainLayout')}.map`), 'utf8'),
    ) as {
      sources: string[]
    }
    expect(
      map.sources.filter((s) => /react-(menu|dropdown-menu|radio-group)[\\/]|TopMenus\.tsx$/.test(s)),
    ).toEqual([])
  })

  // The kit's select and date picker drew Radix Select and Popover, and its tooltip Radix
  // Tooltip, with their positioning (popper and floating-ui, ~15 KB gzip) into every signed-in
  // page. The select and the date picker load on intent now (ui/shared/kit/intent.ts), and the
  // tooltip is the kit's own.
  for (const [name, stems] of Object.entries(LANDING_PAGES))
    it(`the landing (${name}) loads no positioning engine and no Radix select, popover or tooltip`, () => {
      const sources = [...bundle!.pageFiles(stems)]
        .filter((f) => f.endsWith('.js') && existsSync(resolve('dist/assets', `${f}.map`)))
        .flatMap(
          (f) =>
            (JSON.parse(readFileSync(resolve('dist/assets', `${f}.map`), 'utf8')) as { sources: string[] })
              .sources,
        )
      expect(sources.length).toBeGreaterThan(100)
      expect(
        sources.filter((s) =>
          /@floating-ui[\\/]|@radix-ui[\\/]react-(select|popover|tooltip|popper)[\\/]/.test(s),
        ),
      ).toEqual([])
    })

  // The packages list's screen was two files of the landing (the area's index, 1.7 KB brotli, and
  // the list, 5.2 KB), each waiting for one of HTTP/1.1's six connections. It is one, derived from
  // the area's manifest (vite.config.ts LANDING_SCREENS); the repositories area, which draws the
  // packages screens' common pieces, does not load it with them.
  it("the packages list's screen is one file, which no other area loads", () => {
    const sources = (
      JSON.parse(readFileSync(resolve('dist/assets', `${bundle!.chunk('packages')}.map`), 'utf8')) as {
        sources: string[]
      }
    ).sources.map((s) => s.replace(/^(\.\.\/)+/, ''))
    expect(sources).toEqual(expect.arrayContaining(['ui/packages/index.tsx', 'ui/packages/PackagesList.tsx']))
    expect(bundle!.closure(bundle!.chunk('repositories')).has(bundle!.chunk('packages'))).toBe(false)
    expect(bundle!.closure(bundle!.chunk('overview')).has(bundle!.chunk('packages'))).toBe(false)
  })

  // The admin teaser's module texts (~1.7 KB gzip) are shown on /demo/admin only: the admin pages
  // do not download them.
  it('the admin chunk does not load the admin teaser', () => {
    expect(bundle!.closure(bundle!.chunk('admin')).has(bundle!.chunk('AdminTeaser'))).toBe(false)
  })
})
