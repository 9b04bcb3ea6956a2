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
 * (`MUTATE=navigation/routes:262-327`, as Stryker's `mutate` takes them), or of one file of every
 * area (`MUTATE='*\/rules,*\/decider'`: every area's rules.ts and decider.ts, without helpers).
 * With MUTATE, Stryker runs once per area, in one command, each run with its area's tests only (a
 * narrowed figure is never above the whole run's), and each area's figures print as it ends.
 * MUTATE_TESTS narrows the tests instead: a comma-separated list of test files, the only ones run
 * (`MUTATE=navigation/routes:56-261 MUTATE_TESTS=tests/unit/navigation-routes-table.test.ts`), for
 * a table built as its module loads, each of whose mutants Stryker runs every test for: the
 * figure is then that file's alone.
 * MUTATE_SURVIVORS=1 also prints each surviving mutant, to write the test
 * that detects it or to list it as equivalent (docs/mutation.md).
 */
import { Stryker } from '@stryker-mutator/core'
import type { LogLevel, MutantResult } from '@stryker-mutator/api/core'
import { byArea, filesToMutate, inLines, pathOf } from './support/mutationSelection'
import type { Figure } from './types'

export const title = 'Mutation score of the domain rules and deciders (Stryker, vitest runner)'
export const optional = true

const FILES = filesToMutate(process.env.MUTATE)
const PLAN = process.env.MUTATE_PLAN === '1'

/** One Stryker run: `files` mutated, the tests vitest.stryker.config.ts takes from the environment. */
async function mutationRun(files: readonly string[]): Promise<MutantResult[]> {
  const stryker = new Stryker({
    testRunner: 'vitest',
    // MUTATE_PLAN=1 prints Stryker's plan (what each file's mutants cost) and stops before any mutant.
    plugins: ['@stryker-mutator/vitest-runner', ...(PLAN ? ['./bench/support/mutationPlan.ts'] : [])],
    vitest: { configFile: 'vitest.stryker.config.ts', related: false },
    mutate: [...files],
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
    // The options' type is a const enum, which isolated modules cannot read: its values are
    // strings ('error', 'info'…). MUTATE_LOG=info prints Stryker's timings (first run, mutants).
    logLevel: (process.env.MUTATE_LOG ?? 'error') as LogLevel,
  })
  return stryker.runMutationTest()
}

/** Each file's score in `results`, and its survivors when MUTATE_SURVIVORS=1. */
function scores(files: readonly string[], results: readonly MutantResult[]): Figure[] {
  return files.map((file) => {
    const mine = results.filter(
      (r) => r.fileName.replace(/\\/g, '/').endsWith(pathOf(file)) && inLines(file, r.location.start.line),
    )
    const detected = mine.filter((r) => r.status === 'Killed' || r.status === 'Timeout').length
    const valid = mine.filter((r) => !['CompileError', 'RuntimeError', 'Ignored'].includes(r.status)).length
    if (process.env.MUTATE_SURVIVORS === '1') {
      for (const r of mine.filter((m) => m.status === 'Survived' || m.status === 'NoCoverage')) {
        const at = `${r.location.start.line}:${r.location.start.column}`
        console.log(`    ${r.status} ${file}:${at} ${r.mutatorName}: ${JSON.stringify(r.replacement ?? '')}`)
      }
    }
    return {
      name: `${file.replace(/^domain\//, '')}: ${detected} of ${valid} mutants detected`,
      value: valid === 0 ? 100 : (100 * detected) / valid,
      unit: '%',
      target: '≥ 80%',
    }
  })
}

export async function run(): Promise<Figure[]> {
  if (FILES.length === 0)
    throw new Error(`MUTATE=${process.env.MUTATE ?? ''} names no rules, decider or helper file`)
  const started = Date.now()
  if (process.env.MUTATE_TESTS) process.env.MUTATION_TESTS = process.env.MUTATE_TESTS
  // Without MUTATE, one run with every area's tests. With it, one run per area, each with that
  // area's tests only (vitest.stryker.config.ts): a mutant Stryker runs every test for (one run as
  // its module loads) then runs its area's tests, not every area's.
  const groups = process.env.MUTATE ? byArea(FILES) : [['', FILES] as const]
  const figures: Figure[] = []
  for (const [area, files] of groups) {
    const areaStarted = Date.now()
    if (area !== '') process.env.MUTATION_AREAS = area
    const mine = scores(files, await mutationRun(files))
    figures.push(...mine)
    // Printed as each area ends too, so a run stopped part way keeps what it measured.
    if (groups.length > 1) {
      const took = Math.round((Date.now() - areaStarted) / 1000)
      console.log(`  ${area} (${new Date().toISOString().slice(11, 19)}, ${took} s):`)
      for (const f of mine) console.log(`    ${f.name}: ${f.value.toFixed(1)}%`)
    }
  }
  figures.push({ name: `whole run (${FILES.length} files)`, value: (Date.now() - started) / 1000, unit: 's' })
  return figures
}
