/**
 * Mutation testing of the domain's rules and deciders (only when named: `npm run bench --
 * mutation`; it takes minutes): Stryker changes the code one small way at a time and runs the
 * rules' and deciders' tests (vitest.stryker.config.ts); a mutant the tests do not notice is a
 * gap in them. Prints the mutation score per file (target ≥ 80%).
 *
 * Without MUTATE it measures every area's `rules.ts` and `decider.ts`, and the rule modules they
 * import from their area (`session/loginGuard.ts`, `search/searchTypes.ts`…). MUTATE narrows it: a
 * comma-separated list of areas (`MUTATE=integrations,artifacts`, every file of each) or of
 * single files (`MUTATE=integrations/rules,contact/decider`), or of a file's lines
 * (`MUTATE=navigation/routes:262-327`, as Stryker's `mutate` takes them), so that a loaded machine runs
 * one file at a time (its area's tests only: a narrowed figure is never above the whole run's).
 * MUTATE_TESTS narrows the tests instead: a comma-separated list of test files, the only ones run
 * (`MUTATE=navigation/routes:56-261 MUTATE_TESTS=tests/unit/navigation-routes-table.test.ts`), for
 * a table built as its module loads, each of whose mutants Stryker runs every test for: the
 * figure is then that file's alone.
 * MUTATE_SURVIVORS=1 also prints each surviving mutant, to write the test
 * that detects it or to list it as equivalent (docs/mutation.md).
 */
import { Stryker } from '@stryker-mutator/core'
import type { LogLevel } from '@stryker-mutator/api/core'
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import type { Figure } from './types'

export const title = 'Mutation score of the domain rules and deciders (Stryker, vitest runner)'
export const optional = true

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

/**
 * An area's files to mutate: its `rules.ts`, its `decider.ts`, the deciders of its parts
 * (`<part>Decider.ts`), where an area is put together from parts that decide on their own, and
 * the helpers they call: the rule, validation and message modules of the area they import, so a
 * rule moved out of rules.ts into a module of its own is still measured.
 */
function areaFiles(area: string): string[] {
  const dir = `domain/${area}`
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

/** Every area's rules and deciders there are, or those MUTATE names. */
export function filesToMutate(selection: string | undefined): string[] {
  const wanted =
    selection === undefined || selection.trim() === ''
      ? readdirSync('domain', { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => entry.name)
          .sort()
      : selection.split(',').map((part) => part.trim())
  return wanted
    .flatMap((part) => {
      const [area = '', file] = part.split('/')
      if (file === undefined) return areaFiles(area)
      const [name = '', lines] = file.split(':')
      return [`domain/${area}/${name.replace(/\.ts$/, '')}.ts${lines === undefined ? '' : `:${lines}`}`]
    })
    .filter((file) => existsSync(pathOf(file)))
}

/** A file to mutate without its lines (`domain/navigation/routes.ts:262-327`: lines 262 to 327). */
const pathOf = (file: string): string => file.replace(/:\d+-\d+$/, '')
/** Whether a mutant at `line` is in the lines named (all of them when none are). */
function inLines(file: string, line: number): boolean {
  const range = /:(\d+)-(\d+)$/.exec(file)
  return range === null || (line >= Number(range[1]) && line <= Number(range[2]))
}

const FILES = filesToMutate(process.env.MUTATE)
const PLAN = process.env.MUTATE_PLAN === '1'

export async function run(): Promise<Figure[]> {
  if (FILES.length === 0)
    throw new Error(`MUTATE=${process.env.MUTATE ?? ''} names no rules, decider or helper file`)
  const started = Date.now()
  // Without MUTATE, every area's tests run; with it, only the mutated areas' (vitest.stryker.config.ts).
  if (process.env.MUTATE)
    process.env.MUTATION_AREAS = [...new Set(FILES.map((f) => f.split('/')[1]))].join(',')
  if (process.env.MUTATE_TESTS) process.env.MUTATION_TESTS = process.env.MUTATE_TESTS
  const stryker = new Stryker({
    testRunner: 'vitest',
    // MUTATE_PLAN=1 prints Stryker's plan (what each file's mutants cost) and stops before any mutant.
    plugins: ['@stryker-mutator/vitest-runner', ...(PLAN ? ['./bench/support/mutationPlan.ts'] : [])],
    vitest: { configFile: 'vitest.stryker.config.ts', related: false },
    mutate: FILES,
    coverageAnalysis: 'perTest',
    reporters: PLAN ? ['mutation-plan'] : [],
    // A shared machine runs one test process at a time: MUTATE_CONCURRENCY=1.
    concurrency: Number(process.env.MUTATE_CONCURRENCY ?? 2),
    timeoutMS: 10_000,
    // The first run of the area's tests, before any mutant: at load 25 on two cores an area's
    // tests take more than Stryker's 5 minutes, and the whole run then fails (MUTATE_DRY_RUN_MIN).
    dryRunTimeoutMinutes: Number(process.env.MUTATE_DRY_RUN_MIN ?? 30),
    tempDirName: '.stryker-tmp',
    cleanTempDir: 'always',
    // The options' type is a const enum, which isolated modules cannot read: its value is 'error'.
    logLevel: 'error' as LogLevel,
  })
  const results = await stryker.runMutationTest()
  const figures: Figure[] = []
  for (const file of FILES) {
    const mine = results.filter(
      (r) => r.fileName.replace(/\\/g, '/').endsWith(pathOf(file)) && inLines(file, r.location.start.line),
    )
    const detected = mine.filter((r) => r.status === 'Killed' || r.status === 'Timeout').length
    const valid = mine.filter((r) => !['CompileError', 'RuntimeError', 'Ignored'].includes(r.status)).length
    figures.push({
      name: `${file.replace(/^domain\//, '')}: ${detected} of ${valid} mutants detected`,
      value: valid === 0 ? 100 : (100 * detected) / valid,
      unit: '%',
      target: '≥ 80%',
    })
    if (process.env.MUTATE_SURVIVORS === '1') {
      for (const r of mine.filter((m) => m.status === 'Survived' || m.status === 'NoCoverage')) {
        const at = `${r.location.start.line}:${r.location.start.column}`
        console.log(`    ${r.status} ${file}:${at} ${r.mutatorName}: ${JSON.stringify(r.replacement ?? '')}`)
      }
    }
  }
  figures.push({ name: `whole run (${FILES.length} files)`, value: (Date.now() - started) / 1000, unit: 's' })
  return figures
}
