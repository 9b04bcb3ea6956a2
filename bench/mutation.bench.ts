/**
 * Mutation testing of the domain's rules modules (only when named: `npm run bench --
 * mutation`; it takes minutes): Stryker changes the code one small way at a time and runs the
 * rules' and deciders' tests (vitest.stryker.config.ts); a mutant the tests do not notice is a
 * gap in them. Prints the mutation score per area (target ≥ 80%). MUTATE narrows the files
 * (a comma-separated list of areas).
 */
import { Stryker } from '@stryker-mutator/core'
import type { LogLevel } from '@stryker-mutator/api/core'
import { existsSync } from 'node:fs'
import type { Figure } from './types'

export const title = 'Mutation score of the domain rules (Stryker, vitest runner)'
export const optional = true

const AREAS = (process.env.MUTATE ?? 'packages,serviceStatus,supportBundles,search,session')
  .split(',')
  .filter((area) => existsSync(`domain/${area}/rules.ts`))

export async function run(): Promise<Figure[]> {
  const stryker = new Stryker({
    testRunner: 'vitest',
    plugins: ['@stryker-mutator/vitest-runner'],
    vitest: { configFile: 'vitest.stryker.config.ts', related: false },
    mutate: AREAS.map((area) => `domain/${area}/rules.ts`),
    coverageAnalysis: 'perTest',
    reporters: [],
    concurrency: 2,
    timeoutMS: 10_000,
    tempDirName: '.stryker-tmp',
    cleanTempDir: 'always',
    // The options' type is a const enum, which isolated modules cannot read: its value is 'error'.
    logLevel: 'error' as LogLevel,
  })
  const results = await stryker.runMutationTest()
  const figures: Figure[] = []
  for (const area of AREAS) {
    const mine = results.filter((r) => r.fileName.replace(/\\/g, '/').endsWith(`domain/${area}/rules.ts`))
    const detected = mine.filter((r) => r.status === 'Killed' || r.status === 'Timeout').length
    const valid = mine.filter((r) => !['CompileError', 'RuntimeError', 'Ignored'].includes(r.status)).length
    figures.push({
      name: `${area}/rules.ts: ${detected} of ${valid} mutants detected`,
      value: valid === 0 ? 0 : (100 * detected) / valid,
      unit: '%',
      target: '≥ 80%',
    })
  }
  return figures
}
