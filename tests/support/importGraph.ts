/**
 * The import graph of the source folders, read with TypeScript's parser: one edge per static
 * `import … from` or `export … from` of a relative path, type-only ones included (a type-only
 * circle still ties the files' meaning together, and it is how a runtime one starts). `import()`
 * is not an edge: a lazily loaded module is not loaded with its importer.
 */
import ts from 'typescript'
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

export type ImportGraph = ReadonlyMap<string, ReadonlyArray<string>>

const SOURCE = /\.(ts|tsx)$/

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry)
    if (statSync(path).isDirectory()) return sourcesUnder(path)
    return SOURCE.test(entry) && !entry.endsWith('.d.ts') ? [path] : []
  })
}

function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined
  const base = resolve(dirname(from), specifier)
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]
  return candidates.find((c) => existsSync(c) && statSync(c).isFile())
}

/** Paths in the graph are relative to `root`, with forward slashes. */
export function importGraph(root: string, folders: ReadonlyArray<string>): ImportGraph {
  const name = (path: string) => relative(root, path).split('\\').join('/')
  const graph = new Map<string, string[]>()
  for (const file of folders.flatMap((f) => sourcesUnder(join(root, f)))) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest)
    const targets: string[] = []
    for (const statement of source.statements) {
      const specifier =
        (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
        statement.moduleSpecifier &&
        ts.isStringLiteral(statement.moduleSpecifier)
          ? statement.moduleSpecifier.text
          : undefined
      const target = specifier === undefined ? undefined : resolveImport(file, specifier)
      if (target) targets.push(name(target))
    }
    graph.set(name(file), targets)
  }
  return graph
}

/**
 * The import circles: each strongly connected set of files (Tarjan's algorithm) of more than
 * one file, or one file that imports itself. Each circle's files sorted, circles largest first.
 */
export function importCircles(graph: ImportGraph): string[][] {
  let next = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const circles: string[][] = []
  const visit = (file: string) => {
    index.set(file, next)
    low.set(file, next)
    next++
    stack.push(file)
    onStack.add(file)
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target)
        low.set(file, Math.min(low.get(file)!, low.get(target)!))
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!))
    }
    if (low.get(file) !== index.get(file)) return
    const circle: string[] = []
    let member: string
    do {
      member = stack.pop()!
      onStack.delete(member)
      circle.push(member)
    } while (member !== file)
    if (circle.length > 1 || (graph.get(file) ?? []).includes(file)) circles.push(circle.sort())
  }
  for (const file of graph.keys()) if (!index.has(file)) visit(file)
  return circles.sort((a, b) => b.length - a.length)
}
