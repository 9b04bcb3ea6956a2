/**
 * Stryker's plan of a mutation run, printed (`MUTATE_PLAN=1 npm run bench -- mutation`): after
 * the first run of the tests, and before any mutant, what each file's mutants will cost, so the
 * whole run's time is measured from Stryker's own figures instead of guessed. Per file: its
 * mutants, those Stryker runs every test for (static: run as the module loads, covered by no
 * test of their own), the test files a mutant runs on average, and the tests' time the plan
 * adds up (what a surviving mutant costs; a detected one stops at its first failing test). Then
 * the test files that cost the most over the whole plan. The run stops there: nothing is mutated.
 */
import type { MutantRunPlan, MutantTestPlan } from '@stryker-mutator/api/core'
import { PlanKind } from '@stryker-mutator/api/core'
import { PluginKind, declareClassPlugin } from '@stryker-mutator/api/plugin'
import type {
  DryRunCompletedEvent,
  MutationTestingPlanReadyEvent,
  Reporter,
} from '@stryker-mutator/api/report'
import { relative } from 'node:path'

interface FileCost {
  mutants: number
  run: number
  statics: number
  testFileRuns: number
  ms: number
}

const seconds = (ms: number): string => `${Math.round(ms / 1000).toLocaleString('en')} s`

/** The test file of a test id (`tests/unit/a.test.ts#a suite a test`), as the runner gives it. */
const testFileOf = (id: string, fileName: string | undefined): string =>
  relative(process.cwd(), fileName ?? id.split('#')[0] ?? id).replace(/\\/g, '/')

export class MutationPlanReporter implements Reporter {
  private readonly tests = new Map<string, { file: string; ms: number }>()
  private overheadMs = 0

  onDryRunCompleted({ result, timing }: DryRunCompletedEvent): void {
    for (const test of result.tests)
      this.tests.set(test.id, { file: testFileOf(test.id, test.fileName), ms: test.timeSpentMs })
    this.overheadMs = timing.overhead
    const files = new Set([...this.tests.values()].map((t) => t.file))
    console.log(
      `  first run: ${this.tests.size} tests in ${files.size} files, ${seconds(timing.net)} in tests, ${seconds(timing.overhead)} loading them`,
    )
  }

  onMutationTestingPlanReady({ mutantPlans }: MutationTestingPlanReadyEvent): void {
    const byFile = new Map<string, FileCost>()
    const byTestFile = new Map<string, { mutants: number; ms: number }>()
    const allTests = [...this.tests.keys()]
    for (const plan of mutantPlans as ReadonlyArray<MutantTestPlan>) {
      const file = relative(process.cwd(), plan.mutant.fileName).replace(/\\/g, '/')
      const cost = byFile.get(file) ?? { mutants: 0, run: 0, statics: 0, testFileRuns: 0, ms: 0 }
      byFile.set(file, cost)
      cost.mutants++
      if (plan.plan !== PlanKind.Run) continue
      const run = plan as MutantRunPlan
      cost.run++
      if (run.mutant.static === true) cost.statics++
      cost.ms += run.netTime
      const ids = run.runOptions.testFilter ?? allTests
      const testFiles = new Map<string, number>()
      for (const id of ids) {
        const test = this.tests.get(id)
        if (test) testFiles.set(test.file, (testFiles.get(test.file) ?? 0) + test.ms)
      }
      cost.testFileRuns += testFiles.size
      for (const [testFile, ms] of testFiles) {
        const t = byTestFile.get(testFile) ?? { mutants: 0, ms: 0 }
        byTestFile.set(testFile, t)
        t.mutants++
        t.ms += ms
      }
    }
    const total = [...byFile.values()].reduce(
      (sum, c) => ({
        mutants: sum.mutants + c.mutants,
        run: sum.run + c.run,
        statics: sum.statics + c.statics,
        testFileRuns: sum.testFileRuns + c.testFileRuns,
        ms: sum.ms + c.ms,
      }),
      { mutants: 0, run: 0, statics: 0, testFileRuns: 0, ms: 0 },
    )
    const row = (name: string, c: FileCost): string =>
      `  ${name.padEnd(44)} ${String(c.mutants).padStart(6)} mutants, ${String(c.run).padStart(6)} to run, ${String(c.statics).padStart(5)} static, ${(c.run === 0 ? 0 : c.testFileRuns / c.run).toFixed(1).padStart(6)} test files each, ${seconds(c.ms).padStart(10)} of tests`
    for (const [file, c] of [...byFile].sort(([, a], [, b]) => b.ms - a.ms)) console.log(row(file, c))
    console.log(row('whole plan', total))
    console.log(
      `  and ${total.testFileRuns.toLocaleString('en')} test file loads (the first run loaded its files in ${seconds(this.overheadMs)})`,
    )
    console.log('  the test files that cost the most over the plan:')
    for (const [testFile, t] of [...byTestFile].sort(([, a], [, b]) => b.ms - a.ms).slice(0, 25))
      console.log(
        `    ${testFile.padEnd(60)} ${String(t.mutants).padStart(6)} mutants, ${seconds(t.ms).padStart(10)}`,
      )
    // Nothing is mutated: the plan is the figure. Stryker's test processes end with this one.
    process.exit(0)
  }
}

export const strykerPlugins = [declareClassPlugin(PluginKind.Reporter, 'mutation-plan', MutationPlanReporter)]
