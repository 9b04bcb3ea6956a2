/**
 * The size budget of the built console (`dist/`; `npm test` builds it before running tests):
 * every lazily loaded chunk at most 30 KB gzip on top of what is loaded when it is asked for
 * (a main-layout area is asked for once MainLayout has loaded), and the login page's first
 * load of JavaScript and CSS under a ceiling (bench/bundle.bench.ts computes both).
 *
 * The issue's target for the login page is 120 KB gzip. It was met (119.5 KB) until the areas'
 * domain grew (admin users and permissions, log viewer, tour, navigation type, support bundles):
 * 128.8 KB at the last merge. What is left in the entry that the login page does not use is the
 * domain of the other areas (~11 KB gzip for packages, admin, serviceStatus, releaseBundles,
 * supportBundles and packageTypes, ~15 KB with search): every area's `evolve` sees every event and its `decide` runs in order
 * on the bus, so loading an area's domain later needs the bus to fold the events it missed
 * and hold its commands until it loads. Until then the ceiling holds the line a little above
 * today's size, so the first load cannot grow unnoticed; lower it as it shrinks.
 *
 * The login page loads the entry (react-dom is ~62 KB gzip of it; the domain of every area,
 * because every area's `evolve` sees every event) and the session chunk with the login screen
 * only. What it does not need loads later: the other session screens, the login notice dialog,
 * the toast viewport (first notification), the effects and API ports of the other areas
 * (their first event or call), the GraphQL client and the README renderer.
 */
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { AREA_CHUNKS, BuiltBundle, LOGIN_PAGE, NESTED_IN } from '../../bench/bundle.bench'

const KB = 1024
const built = existsSync(resolve('dist/index.html'))
const gzip = (s: { jsGzip: number; cssGzip: number }) => s.jsGzip + s.cssGzip

// The target is 120 KB (see above).
const LOGIN_PAGE_CEILING_KB = 132

describe.skipIf(!built)('bundle budget (run `npx vite build` first)', () => {
  const bundle = built ? new BuiltBundle() : undefined

  it(`login page first load stays at most ${LOGIN_PAGE_CEILING_KB} KB gzip (target 120 KB, not met on main)`, () => {
    const size = gzip(bundle!.page(LOGIN_PAGE))
    expect(size).toBeLessThanOrEqual(LOGIN_PAGE_CEILING_KB * KB)
  })

  it('the login page loads no lazily loaded chunk but the session one', () => {
    const loaded = new Set<string>()
    for (const f of bundle!.entryFiles()) bundle!.closure(f, loaded)
    bundle!.closure(bundle!.chunk('session'), loaded)
    for (const stem of AREA_CHUNKS.filter((s) => s !== 'session'))
      expect(loaded.has(bundle!.chunk(stem)), stem).toBe(false)
  })

  for (const stem of AREA_CHUNKS)
    it(`chunk ${stem} adds at most 30 KB gzip to what is loaded when it is asked for`, () => {
      expect(gzip(bundle!.areaCost(stem, NESTED_IN[stem]))).toBeLessThanOrEqual(30 * KB)
    })
})
