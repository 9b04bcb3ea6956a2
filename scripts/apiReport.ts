/**
 * `npm run api-report`: what the package's entry points export (package.json `exports`), one
 * line per name with its kind, areas' namespaces expanded one level, written to
 * docs/api/<entry>.api.txt. tests/unit/apiReport.test.ts fails when the exports change and the
 * report was not written anew: a change to the public surface is then a visible diff.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')

export const ENTRIES: Readonly<Record<string, string>> = {
  domain: 'domain/index.ts',
  commands: 'composition/index.ts',
  node: 'composition/scriptPorts.ts',
}

function kindOf(symbol: ts.Symbol, checker: ts.TypeChecker): string {
  const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol
  const f = target.flags
  if (f & ts.SymbolFlags.ValueModule) return 'namespace'
  if (f & ts.SymbolFlags.Function) return 'function'
  if (f & ts.SymbolFlags.Class) return 'class'
  if (f & ts.SymbolFlags.Enum) return 'enum'
  if (f & ts.SymbolFlags.Variable) return f & ts.SymbolFlags.TypeAlias ? 'const+type' : 'const'
  if (f & ts.SymbolFlags.Interface) return 'interface'
  if (f & ts.SymbolFlags.TypeAlias) return 'type'
  return 'other'
}

/** The report of every entry, as text, by entry name. */
export function apiReports(): Record<string, string> {
  const files = Object.values(ENTRIES).map((f) => join(root, f))
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => undefined,
    },
  )
  const program = ts.createProgram(files, { ...(config?.options ?? {}), noEmit: true })
  const checker = program.getTypeChecker()
  const out: Record<string, string> = {}
  for (const [name, file] of Object.entries(ENTRIES)) {
    const source = program.getSourceFile(join(root, file))
    const module = source && checker.getSymbolAtLocation(source)
    if (!module) throw new Error(`cannot read ${file}`)
    const lines: string[] = []
    for (const symbol of checker.getExportsOfModule(module)) {
      const kind = kindOf(symbol, checker)
      lines.push(`${symbol.name}: ${kind}`)
      if (kind !== 'namespace') continue
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol
      for (const member of checker.getExportsOfModule(target))
        lines.push(`${symbol.name}.${member.name}: ${kindOf(member, checker)}`)
    }
    out[name] = `${lines.sort().join('\n')}\n`
  }
  return out
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  mkdirSync(join(root, 'docs', 'api'), { recursive: true })
  for (const [name, text] of Object.entries(apiReports())) {
    writeFileSync(join(root, 'docs', 'api', `${name}.api.txt`), text)
    console.log(`docs/api/${name}.api.txt: ${text.split('\n').length - 1} exports`)
  }
}
