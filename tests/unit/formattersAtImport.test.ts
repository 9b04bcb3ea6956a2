// The date module loads with the chrome on every signed-in page, before its first paint; a page
// formats with one or two of its formatters, if any. An Intl formatter is made when first used:
// made at import, each one (and the first, the locale's data) is paid by every page's start.
import { readFileSync } from 'node:fs'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/** The `new Intl.…(…)` expressions a module evaluates at import: outside every function. */
function intlMadeAtImport(path: string): string[] {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true)
  const found: string[] = []
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node)) return
    if (ts.isNewExpression(node) && node.expression.getText(source).startsWith('Intl.'))
      found.push(node.getText(source).replace(/\(.*/s, ''))
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

describe('formatters made at import', () => {
  it('finds one made at the top level, and none inside a function', () => {
    expect(intlMadeAtImport('tests/fixtures/formattersAtImport.ts')).toEqual(['new Intl.DateTimeFormat'])
  })

  it('the date module makes none', () => {
    expect(intlMadeAtImport('ui/shared/dates.ts')).toEqual([])
  })
})
