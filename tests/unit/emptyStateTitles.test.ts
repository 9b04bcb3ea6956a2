// One rule for every empty state's title: a short line with no final period (the hint under it
// is the sentence). Half the titles ended in one ('No files.', 'There are no users yet.'), half
// did not ('No packages yet'). The titles are read from the views' source: each EmptyState's
// `title`, and the `empty` words the admin lists and token tables pass on as their EmptyState's
// title; a title made of named words is checked through those words' catalogues below.
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { EMPTY_TEXTS } from '../../ui/packages/PackagesList'
import { LANDING_TEXTS } from '../../ui/packages/Landing'
import { searchText } from '../../ui/artifacts/searchMessages'
import { notScannedTitle } from '../../ui/packages/XrayFindings'

/** The components whose `empty` words become an EmptyState's title. */
const PASSES_EMPTY_ON = new Set(['ListPage', 'TokenTable'])

const viewFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? viewFiles(path) : path.endsWith('.tsx') ? [path] : []
  })

/** The literal ends a title's expression can have (each branch of a condition, a template's tail). */
function literalEnds(expression: ts.Expression): { ends: string[]; named: boolean } {
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression))
    return { ends: [expression.text], named: false }
  if (ts.isTemplateExpression(expression))
    return { ends: [expression.templateSpans.at(-1)!.literal.text], named: false }
  if (ts.isParenthesizedExpression(expression)) return literalEnds(expression.expression)
  if (ts.isConditionalExpression(expression)) {
    const a = literalEnds(expression.whenTrue)
    const b = literalEnds(expression.whenFalse)
    return { ends: [...a.ends, ...b.ends], named: a.named || b.named }
  }
  // A name, a call, a property: words from a catalogue, checked below.
  return { ends: [], named: true }
}

function titlesOf(file: string) {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  )
  const found: Array<{ readonly where: string; readonly text: string }> = []
  let named = 0
  const visit = (node: ts.Node) => {
    if (ts.isJsxAttribute(node) && node.initializer) {
      const element = node.parent.parent
      const tag =
        ts.isJsxSelfClosingElement(element) || ts.isJsxOpeningElement(element)
          ? element.tagName.getText(source)
          : ''
      const attribute = node.name.getText(source)
      if (
        (tag === 'EmptyState' && attribute === 'title') ||
        (PASSES_EMPTY_ON.has(tag) && attribute === 'empty')
      ) {
        const value = ts.isStringLiteral(node.initializer)
          ? { ends: [node.initializer.text], named: false }
          : node.initializer.kind === ts.SyntaxKind.JsxExpression &&
              (node.initializer as ts.JsxExpression).expression
            ? literalEnds((node.initializer as ts.JsxExpression).expression!)
            : { ends: [], named: true }
        const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1
        for (const text of value.ends) found.push({ where: `${file}:${line}`, text })
        if (value.named) named += 1
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return { found, named }
}

describe("empty states' titles", () => {
  const all = viewFiles('ui').map(titlesOf)
  const titles = all.flatMap((f) => f.found)

  it('end without a period, in every view', () => {
    expect(titles.length).toBeGreaterThan(40)
    expect(titles.filter((t) => t.text.trimEnd().endsWith('.'))).toEqual([])
  })

  it('end without a period where they are named words (the catalogues the views take them from)', () => {
    // The views that title an empty state with named words: those words, checked here.
    expect(all.reduce((n, f) => n + f.named, 0)).toBeGreaterThan(0)
    const named = [
      EMPTY_TEXTS.noResults,
      EMPTY_TEXTS.notYetAvailable,
      LANDING_TEXTS.none,
      searchText({ key: 'artifactSearchInviteTitle' }),
      notScannedTitle(null),
      notScannedTitle({ scan_status: 'failed', scan_error: 'no layers' } as never),
      notScannedTitle({ scan_status: 'scanning' } as never),
    ]
    for (const text of named) expect(text.endsWith('.'), text).toBe(false)
  })

  it('would name a title that ends in a period', () => {
    const probe = ts.factory.createStringLiteral('No files.')
    expect(literalEnds(probe).ends).toEqual(['No files.'])
  })
})
