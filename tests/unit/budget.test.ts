/**
 * The size budget of the built console (`dist/`; `npm test` builds it before running tests):
 * every lazily loaded chunk at most 30 KB gzip, and the login page's first load as small as
 * we can hold it.
 *
 * The target for the login page is 120 KB gzip; it is not met. The entry carries
 * react-dom (~60 KB gzip) and every area's domain, effects and adapters, because the bus
 * composes all areas at start-up. The GraphQL client and the README renderer now load lazily
 * (165 → 151 KB). Until the entry is split further, this test holds the line at 155 KB so
 * the first load cannot grow unnoticed; lower the ceiling as it shrinks.
 */
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { AREA_CHUNKS, BuiltBundle, LOGIN_PAGE, NESTED_IN } from '../../bench/bundle.bench'

const KB = 1024
const built = existsSync(resolve('dist/index.html'))
const gzip = (s: { jsGzip: number; cssGzip: number }) => s.jsGzip + s.cssGzip

// The target is 120 KB (see the comment above).
const LOGIN_PAGE_CEILING_KB = 155

describe.skipIf(!built)('bundle budget (run `npx vite build` first)', () => {
  const bundle = built ? new BuiltBundle() : undefined

  it(`login page first load stays at most ${LOGIN_PAGE_CEILING_KB} KB gzip (target 120 KB, not met yet)`, () => {
    const size = gzip(bundle!.page(LOGIN_PAGE))
    expect(size).toBeLessThanOrEqual(LOGIN_PAGE_CEILING_KB * KB)
  })

  it('the login page loads no area chunk but the session one', () => {
    const entry = new Set<string>()
    for (const f of bundle!.entryFiles()) bundle!.closure(f, entry)
    for (const stem of ['packages', 'admin', 'MainLayout', 'releaseBundles'])
      expect(entry.has(bundle!.chunk(stem)), stem).toBe(false)
  })

  for (const stem of AREA_CHUNKS)
    it(`chunk ${stem} adds at most 30 KB gzip to what is loaded when it is asked for`, () => {
      expect(gzip(bundle!.areaCost(stem, NESTED_IN[stem]))).toBeLessThanOrEqual(30 * KB)
    })
})
