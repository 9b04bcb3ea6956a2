/**
 * Which files a mutation run mutates (bench/mutation.bench.ts), from MUTATE, and how the run is
 * split: one Stryker run per area, each with that area's tests only.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'

const KINDS = ['rules', 'decider'] as const

/**
 * Modules of an area that declare rather than decide (types, events, commands, their codecs, the
 * initial state, the index): a rules.ts or decider imports them, but they hold no rule to mutate.
 */
const DECLARATION =
  /^(types|events|[a-z][A-Za-z]*Events|commands|commandCodecs\.gen|codecs|views|initial|index|part)$/

/** The area's own modules (`./name`) a file imports, by name. */
function localImports(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  return [...text.matchAll(/from '\.\/([A-Za-z.]+)'/g)].map((m) => m[1] ?? '')
}

/** Every area of the domain, by name. */
function areas(root: string): string[] {
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
}

/**
 * An area's files to mutate: its `rules.ts`, its `decider.ts`, the deciders of its parts
 * (`<part>Decider.ts`), where an area is put together from parts that decide on their own, and
 * the helpers they call: the rule, validation and message modules of the area they import, so a
 * rule moved out of rules.ts into a module of its own is still measured.
 */
function areaFiles(root: string, area: string): string[] {
  const dir = `${root}/${area}`
  if (!existsSync(dir)) return []
  const parts = readdirSync(dir)
    .filter((name) => /^[a-z][A-Za-z]*Decider\.ts$/.test(name))
    .sort()
    .map((name) => `${dir}/${name}`)
  const deciding = [...KINDS.map((k) => `${dir}/${k}.ts`), ...parts].filter((file) => existsSync(file))
  const helpers = [...new Set(deciding.flatMap(localImports))]
    .filter((name) => !DECLARATION.test(name))
    .map((name) => `${dir}/${name}.ts`)
    .filter((file) => existsSync(file) && !deciding.includes(file))
    .sort()
  return [...deciding, ...helpers]
}

/** A file to mutate without its lines (`domain/navigation/routes.ts:262-327`: lines 262 to 327). */
export const pathOf = (file: string): string => file.replace(/:\d+-\d+$/, '')

/** Whether a mutant at `line` is in the lines named (all of them when none are). */
export function inLines(file: string, line: number): boolean {
  const range = /:(\d+)-(\d+)$/.exec(file)
  return range === null || (line >= Number(range[1]) && line <= Number(range[2]))
}

/**
 * Every area's rules and deciders there are, or those MUTATE names: areas (`integrations`, every
 * file of it), files (`contact/decider`), a file's lines (`navigation/routes:262-327`), or one
 * file of every area (`*\/rules`: each area's rules.ts that exists).
 */
export function filesToMutate(selection: string | undefined, root = 'domain'): string[] {
  const wanted =
    selection === undefined || selection.trim() === ''
      ? areas(root)
      : selection.split(',').map((part) => part.trim())
  const files = wanted.flatMap((part) => {
    const [area = '', file] = part.split('/')
    if (file === undefined) return areaFiles(root, area)
    const [name = '', lines] = file.split(':')
    const module = `${name.replace(/\.ts$/, '')}.ts${lines === undefined ? '' : `:${lines}`}`
    return (area === '*' ? areas(root) : [area]).map((a) => `${root}/${a}/${module}`)
  })
  return [...new Set(files)].filter((file) => existsSync(pathOf(file)))
}

/** The area of a file to mutate (`domain/builds/rules.ts` → `builds`). */
export const areaOf = (file: string): string => file.split('/')[1] ?? ''

/**
 * The files to mutate grouped by area, the smallest area first (its files' bytes, a stand-in for
 * its mutants): a run stopped part way has then measured as many files as it could.
 */
export function byArea(files: readonly string[]): Array<[string, string[]]> {
  const groups = new Map<string, string[]>()
  for (const file of files) groups.set(areaOf(file), [...(groups.get(areaOf(file)) ?? []), file])
  const size = (group: readonly string[]): number =>
    group.reduce((sum, file) => sum + statSync(pathOf(file)).size, 0)
  return [...groups].sort(([, a], [, b]) => size(a) - size(b))
}
