/**
 * Writes each area's command codecs (`domain/<area>/commandCodecs.gen.ts`) from the command
 * types in its `commands.ts`, so the bus can decode every command at the boundary (a script
 * may dispatch anything) without a second, hand-kept copy of each payload's shape.
 *
 *   npm run codecs            writes the files
 *   npm run codecs -- --check exits 1 when a file is not what the types say (a unit test runs it)
 *
 * The TypeScript checker reads the types; what a command's fields may hold (strings, numbers,
 * booleans, literals, null, arrays, nested objects, unions of those) becomes io-ts.
 */
import { existsSync, readdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import ts from 'typescript'
import { writeGenerated } from './generated'

const root = resolve(import.meta.dirname, '..')
const domain = join(root, 'domain')

const areas = readdirSync(domain).filter((d) => existsSync(join(domain, d, 'commands.ts')))

function codecOf(type: ts.Type, checker: ts.TypeChecker, depth: number): string {
  if (depth > 12) throw new Error(`command type too deep: ${checker.typeToString(type)}`)
  const f = type.flags
  if (f & ts.TypeFlags.String) return 't.string'
  if (f & ts.TypeFlags.Number) return 't.number'
  if (f & ts.TypeFlags.Boolean) return 't.boolean'
  if (f & ts.TypeFlags.Null) return 't.null'
  if (f & ts.TypeFlags.Undefined) return 't.undefined'
  if (f & ts.TypeFlags.Unknown || f & ts.TypeFlags.Any) return 't.unknown'
  if (type.isStringLiteral()) return `t.literal(${JSON.stringify(type.value)})`
  if (type.isNumberLiteral()) return `t.literal(${type.value})`
  if (f & ts.TypeFlags.BooleanLiteral) return `t.literal(${checker.typeToString(type)})`
  if (type.isUnion()) {
    const members = type.types.filter((m) => !(m.flags & ts.TypeFlags.Undefined))
    // `true | false` is how the checker spells boolean inside a union.
    const bools = members.filter((m) => m.flags & ts.TypeFlags.BooleanLiteral)
    const rest = members.filter((m) => !(m.flags & ts.TypeFlags.BooleanLiteral))
    const parts = [
      ...(bools.length === 2 ? ['t.boolean'] : bools.map((b) => codecOf(b, checker, depth))),
      ...rest.map((m) => codecOf(m, checker, depth + 1)),
    ]
    if (parts.every((p) => p.startsWith('t.literal("')))
      return `t.keyof({ ${parts.map((p) => `${p.slice(10, -1)}: null`).join(', ')} })`
    return parts.length === 1 ? (parts[0] as string) : `t.union([${parts.join(', ')}])`
  }
  if (checker.isArrayType(type) || checker.isTupleType(type)) {
    const [element] = checker.getTypeArguments(type as ts.TypeReference)
    if (!element) return 't.array(t.unknown)'
    return `t.array(${codecOf(element, checker, depth + 1)})`
  }
  if (type.isIntersection()) return objectCodec(type, checker, depth + 1, [])
  if (f & ts.TypeFlags.Object) {
    const index = checker.getIndexInfoOfType(type, ts.IndexKind.String)
    if (index && type.getProperties().length === 0)
      return `t.record(t.string, ${codecOf(index.type, checker, depth + 1)})`
    return objectCodec(type, checker, depth + 1, [])
  }
  throw new Error(`no codec for ${checker.typeToString(type)}`)
}

function objectCodec(type: ts.Type, checker: ts.TypeChecker, depth: number, skip: string[]): string {
  const required: string[] = []
  const optional: string[] = []
  for (const prop of type.getProperties()) {
    if (skip.includes(prop.name)) continue
    const declaration = prop.valueDeclaration ?? prop.declarations?.[0]
    if (!declaration) throw new Error(`no declaration for ${prop.name}`)
    const propType = checker.getTypeOfSymbolAtLocation(prop, declaration)
    const entry = `${JSON.stringify(prop.name)}: ${codecOf(propType, checker, depth)}`
    if (prop.flags & ts.SymbolFlags.Optional) optional.push(entry)
    else required.push(entry)
  }
  if (required.length === 0 && optional.length === 0) return 't.UnknownRecord'
  const req = `t.type({ ${required.join(', ')} })`
  if (optional.length === 0) return req
  const opt = `t.partial({ ${optional.join(', ')} })`
  return required.length === 0 ? opt : `t.intersection([${req}, ${opt}])`
}

function generate(): Map<string, string> {
  const files = areas.map((a) => join(domain, a, 'commands.ts'))
  const program = ts.createProgram(files, {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    noEmit: true,
  })
  const checker = program.getTypeChecker()
  const out = new Map<string, string>()
  for (const area of areas) {
    const source = program.getSourceFile(join(domain, area, 'commands.ts'))
    if (!source) throw new Error(`cannot read domain/${area}/commands.ts`)
    const module = checker.getSymbolAtLocation(source)
    const exports = module ? checker.getExportsOfModule(module) : []
    const commands = new Map<string, string>()
    for (const symbol of exports) {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol
      if (!(target.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias))) continue
      const declared = checker.getDeclaredTypeOfSymbol(target)
      const members = declared.isUnion() ? declared.types : [declared]
      for (const member of members) {
        const typeProp = member.getProperty('type')
        if (!typeProp) continue
        const decl = typeProp.valueDeclaration ?? typeProp.declarations?.[0]
        if (!decl) continue
        const literal = checker.getTypeOfSymbolAtLocation(typeProp, decl)
        if (!literal.isStringLiteral() || !literal.value.startsWith(`${area}/`)) continue
        commands.set(literal.value, objectCodec(member, checker, 0, ['type']))
      }
    }
    const name = `${area}CommandCodecs`
    const body = [...commands.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([type, codec]) => `  ${JSON.stringify(type)}: ${codec},`)
      .join('\n')
    out.set(
      join(domain, area, 'commandCodecs.gen.ts'),
      `// Written by \`npm run codecs\` from ./commands.ts: do not edit (a unit test checks it is current).\n` +
        `import * as t from 'io-ts'\n` +
        `import type { CommandCodecs } from '../shared/area'\n` +
        `import type { ${capital(area)}Command } from './commands'\n\n` +
        `/** The fields of each command of the area, decoded before it is decided (the type is checked by the bus). */\n` +
        `export const ${name}: CommandCodecs<${capital(area)}Command> = {\n${body}\n}\n`,
    )
  }
  return out
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

await writeGenerated(root, generate(), 'npm run codecs')
