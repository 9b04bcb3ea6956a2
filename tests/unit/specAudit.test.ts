// docs/spec-audit.md names, for each clause of the two specifications, the test that holds it
// (`file` › title). Nothing checked those names: a test renamed or moved left its row pointing at
// nothing, and the row still counted the clause as held. This reads the table and checks every
// test file it names exists and has a test of that title (the title as written in the source, a
// template's `${…}` and `%s` kept), and that the counts above the table are the rows' own.
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const AUDIT = 'docs/spec-audit.md'
const STATUSES = ['held', 'departure', 'not held'] as const
type Status = (typeof STATUSES)[number]

interface Row {
  readonly clause: string
  readonly status: Status
  readonly heldBy: string
}

/** A table line's cells, split on the pipes that are not escaped, each unescaped and trimmed. */
const cellsOf = (line: string): string[] =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.replaceAll('\\|', '|').trim())

function rowsOf(markdown: string): Row[] {
  return markdown
    .split('\n')
    .filter((line) => /^\| 00[01]-\d+\.\d+ /.test(line))
    .map((line) => {
      const [clause, , status, heldBy] = cellsOf(line)
      if (!STATUSES.includes(status as Status)) throw new Error(`${clause}: status '${status}'`)
      return { clause: clause!, status: status as Status, heldBy: heldBy! }
    })
}

/** The titles of a file's tests (`it`, `test` and their `.each(…)`, `.skip`, … forms). */
function testTitlesOf(path: string): string[] {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true)
  const titles: string[] = []
  const rootName = (callee: ts.Expression): string | undefined =>
    ts.isIdentifier(callee)
      ? callee.text
      : ts.isPropertyAccessExpression(callee)
        ? rootName(callee.expression)
        : ts.isCallExpression(callee)
          ? rootName(callee.expression)
          : undefined
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ['it', 'test'].includes(rootName(node.expression) ?? '')) {
      const title = node.arguments[0]
      if (title && (ts.isStringLiteral(title) || ts.isNoSubstitutionTemplateLiteral(title)))
        titles.push(title.text)
      else if (title && ts.isTemplateExpression(title)) titles.push(title.getText(source).slice(1, -1))
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return titles
}

const titlesByFile = new Map<string, string[]>()
const titlesIn = (file: string) => {
  if (!titlesByFile.has(file)) titlesByFile.set(file, testTitlesOf(ROOT + file))
  return titlesByFile.get(file)!
}

/** After a title the cell ends, or a remark in parentheses follows, or the enclosing remark ends. */
const ENDS_TITLE = /^(?:$| \(|\)|;|,)/

/**
 * The problems with one cell's references: each `tests/…test.ts(x)` (or `unit/…`, written inside
 * a remark) must exist, and one followed by ` › ` must have a test whose title starts the text.
 */
function referenceProblems(clause: string, cell: string): string[] {
  const problems: string[] = []
  const reference = /(?:tests\/)?((?:unit|component|server|e2e|property)\/[\w./-]+?\.test\.tsx?)`?( › )?/g
  for (const match of cell.matchAll(reference)) {
    const file = `tests/${match[1]}`
    if (!existsSync(ROOT + file)) {
      problems.push(`${clause}: ${file} does not exist`)
      continue
    }
    if (!match[2]) continue
    const rest = cell.slice(match.index + match[0].length)
    const named = titlesIn(file).some(
      (title) => rest.startsWith(title) && ENDS_TITLE.test(rest.slice(title.length)),
    )
    if (!named) problems.push(`${clause}: ${file} has no test '${rest}'`)
  }
  return problems
}

describe('the specification audit (docs/spec-audit.md)', () => {
  const markdown = readFileSync(ROOT + AUDIT, 'utf8')
  const rows = rowsOf(markdown)

  it('names, for every held clause and every departure, a test file and a title that both exist', () => {
    const problems = rows.flatMap(({ clause, status, heldBy }) => [
      ...(status !== 'not held' && !/^`tests\/[\w./-]+\.test\.tsx?` › /.test(heldBy)
        ? [`${clause}: '${status}' names no test first ('${heldBy}')`]
        : []),
      ...referenceProblems(clause, heldBy),
    ])
    expect(problems).toEqual([])
  })

  it('has one row a clause, and counts above the table that are the rows’ own', () => {
    const clauses = rows.map((row) => row.clause)
    expect(clauses.filter((clause, i) => clauses.indexOf(clause) !== i)).toEqual([])
    const counted = (spec: string) => {
      const line = markdown.split('\n').find((l) => l.startsWith(`| ${spec} `))
      const [, clausesCell, held, departures, notHeld] = cellsOf(line ?? '')
      return [clausesCell, held, departures, notHeld].map(Number)
    }
    for (const spec of ['000', '001']) {
      const own = rows.filter((row) => row.clause.startsWith(`${spec}-`))
      const byStatus = (status: Status) => own.filter((row) => row.status === status).length
      expect(counted(spec), spec).toEqual([
        own.length,
        byStatus('held'),
        byStatus('departure'),
        byStatus('not held'),
      ])
    }
  })

  it('lists under the counts each clause not held, and no other', () => {
    const after = markdown.split('Not held, and why:\n')[1] ?? ''
    const list = after.split('\n').slice(1)
    const block = list.slice(
      0,
      list.findIndex((line) => line !== '' && !/^[- ]/.test(line)),
    )
    const listed = block.flatMap((line) => /^- (00[01]-\d+\.\d+) /.exec(line)?.[1] ?? [])
    const notHeld = rows.filter((row) => row.status === 'not held').map((row) => row.clause)
    expect(listed).toEqual(notHeld)
  })
})
