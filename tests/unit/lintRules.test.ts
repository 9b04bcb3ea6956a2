// The design's rules hold by lint, not by good will: this checks that the lint configuration
// really refuses a violation (and accepts the same code where it is allowed).
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const eslint = new ESLint()

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message)
}

// Linting with type-aware plugins takes seconds on a busy machine: a generous limit, not a timing.
describe('lint rules of the design', { timeout: 60_000 }, () => {
  it.each([
    ['Date.now()', 'no-restricted-properties'],
    ['Math.random()', 'no-restricted-properties'],
    ['new Date()', 'no-restricted-syntax'],
    ["fetch('/x')", 'no-restricted-globals'],
    ["localStorage.getItem('x')", 'no-restricted-globals'],
    ["sessionStorage.getItem('x')", 'no-restricted-globals'],
    ['window.scrollTo(0, 0)', 'no-restricted-globals'],
    ['document.title', 'no-restricted-globals'],
  ])('domain/ may not use %s', async (expression, rule) => {
    const code = `export const impure = () => ${expression}\n`
    expect(await ruleIds(code, 'domain/search/impure.ts')).toContain(rule)
    // The same line is fine in an adapter, where I/O belongs.
    expect(await ruleIds(code, 'adapters/browser/impure.ts')).not.toContain(rule)
  })

  it('lets domain/ parse a time it was given', async () => {
    const code = 'export const at = (iso: string) => new Date(iso).getTime()\n'
    expect(await ruleIds(code, 'domain/search/ok.ts')).not.toContain('no-restricted-syntax')
  })

  it('refuses an import from the UI in domain/ (the layer rule)', async () => {
    const code = "import { SafeHtml } from '../../ui/shared/SafeHtml'\nexport const x = SafeHtml\n"
    expect(await ruleIds(code, 'domain/search/bad.ts')).toContain('boundaries/dependencies')
  })

  it('reaches another area through its index.ts or events.ts only (shared/ is the kernel)', async () => {
    const deep = "import { isTour } from '../platform/rules'\nexport const x = isTour\n"
    expect(await ruleIds(deep, 'domain/search/bad.ts')).toContain('no-restricted-imports')
    for (const allowed of [
      "'../platform'",
      "'../platform/index'",
      "'../platform/events'",
      "'../shared/failure'",
    ])
      expect(
        await ruleIds(`import * as p from ${allowed}\nexport const x = p\n`, 'domain/search/ok.ts'),
      ).not.toContain('no-restricted-imports')
  })

  it('refuses an effect that reads the state’s current value, not one that reads its event', async () => {
    const reads = 'export const e = (_e: unknown, state$: { value: { a: number } }) => state$.value.a\n'
    expect(await ruleIds(reads, 'commands/effects/bad.ts')).toContain('no-restricted-syntax')
    const event = 'export const e = (envelope: { event: { value: number } }) => envelope.event.value\n'
    expect(await ruleIds(event, 'commands/effects/ok.ts')).not.toContain('no-restricted-syntax')
  })

  it('refuses an import from one ui feature into another, not from ui/shared or the composition', async () => {
    const rule = 'ui-features/no-cross-feature-imports'
    const code = "import { SearchBar } from '../search/SearchBar'\nexport const x = SearchBar\n"
    expect(await ruleIds(code, 'ui/layout/Bad.tsx')).toContain(rule)
    const shared = "import { Part } from '../shared/parts'\nexport const x = Part\n"
    expect(await ruleIds(shared, 'ui/layout/Ok.tsx')).not.toContain(rule)
    const composition = "import { SearchBar } from './search/SearchBar'\nexport const x = SearchBar\n"
    expect(await ruleIds(composition, 'ui/chrome.tsx')).not.toContain(rule)
  })

  it('lets no file cross, not even the last ones that did (no allow-list)', async () => {
    const rule = 'ui-features/no-cross-feature-imports'
    const pieces = "import { SaveError } from '../admin/shared'\nexport const x = SaveError\n"
    expect(await ruleIds(pieces, 'ui/repositories/index.tsx')).toContain(rule)
    const css = "import admin from '../admin/admin.module.css'\nexport const x = admin\n"
    expect(await ruleIds(css, 'ui/repositories/index.tsx')).toContain(rule)
  })

  it('refuses dangerouslySetInnerHTML outside the one sanitising module', async () => {
    const code = 'export const X = (p: { h: string }) => <div dangerouslySetInnerHTML={{ __html: p.h }} />\n'
    expect(await ruleIds(code, 'ui/packages/Bad.tsx')).toContain('no-restricted-syntax')
  })
})
