/**
 * The size budget of the built console (`dist/`; `npm test` builds it before running tests):
 * first-load JS+CSS of the login page at most 120 KB gzip, every lazily loaded area chunk at
 * most 30 KB gzip. Sizes, not timings.
 *
 * Two budgets are exceeded today and are written as `it.fails`, so they stay visible and turn
 * red the day they are met (then make them plain `it`): the login page's first load carries
 * every area's domain code and the GraphQL client (graphql + graphql-request are created at
 * start-up by the browser ports), and the packages chunk is about twice its budget.
 */
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { AREA_CHUNKS, BuiltBundle, LOGIN_PAGE } from '../../bench/bundle.bench'

const KB = 1024
const built = existsSync(resolve('dist/index.html'))
const gzip = (s: { jsGzip: number; cssGzip: number }) => s.jsGzip + s.cssGzip

const OVER_BUDGET_TODAY = new Set(['packages'])

describe.skipIf(!built)('bundle budget (run `npx vite build` first)', () => {
  const bundle = built ? new BuiltBundle() : undefined

  it.fails('login page first load is at most 120 KB gzip (KNOWN OVERRUN, see file comment)', () => {
    const size = gzip(bundle!.page(LOGIN_PAGE))
    expect(size).toBeLessThanOrEqual(120 * KB)
  })

  it('the login page loads no area chunk but the session one', () => {
    const entry = new Set<string>()
    for (const f of bundle!.entryFiles()) bundle!.closure(f, entry)
    for (const stem of ['packages', 'admin', 'MainLayout', 'releaseBundles'])
      expect(entry.has(bundle!.chunk(stem)), stem).toBe(false)
  })

  for (const stem of AREA_CHUNKS.filter((s) => !OVER_BUDGET_TODAY.has(s)))
    it(`area chunk ${stem} is at most 30 KB gzip`, () => {
      expect(gzip(bundle!.areaCost(stem))).toBeLessThanOrEqual(30 * KB)
    })

  for (const stem of OVER_BUDGET_TODAY)
    it.fails(`area chunk ${stem} is at most 30 KB gzip (KNOWN OVERRUN, see file comment)`, () => {
      expect(gzip(bundle!.areaCost(stem))).toBeLessThanOrEqual(30 * KB)
    })
})
