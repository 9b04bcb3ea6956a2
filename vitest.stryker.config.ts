// The tests mutation testing runs (bench/mutation.bench.ts): the pure layers' unit and
// property tests of the areas, in Node. No server, browser or jsdom: a mutant of domain/ is
// killed or not by the tests of its rules, and each run must stay short.
//
// An area's tests are those named for it (`tests/unit/<area>-*.test.ts`, and the property
// layer's). MUTATION_AREAS (set by the bench from MUTATE) runs only the mutated areas' tests,
// so a run of one file does not first run every area's tests; a mutant only another area's
// tests detect then counts as undetected, so a narrowed figure is never above the whole run's.
// MUTATION_TESTS (set by the bench from MUTATE_TESTS) runs only the test files it names: for a
// table built as its module loads, each of whose mutants Stryker runs every test for.
import { readdirSync } from 'node:fs'
import { defineConfig } from 'vitest/config'

const areas = (process.env.MUTATION_AREAS ?? '').split(',').filter((a) => a !== '')
const files = (process.env.MUTATION_TESTS ?? '').split(',').filter((f) => f !== '')
const named =
  areas.length > 0
    ? areas
    : readdirSync('domain', { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)

export default defineConfig({
  test: {
    include:
      files.length > 0
        ? files
        : [
            ...named.flatMap((area) => [
              `tests/{unit,property}/${area}-*.test.ts`,
              `tests/{unit,property}/${area}.test.ts`,
            ]),
            // The whole run also has the rules' tests named for what they share (forms, permissions…).
            ...(areas.length > 0
              ? []
              : [
                  'tests/unit/**/*-rules.test.ts',
                  'tests/property/**/*-rules.test.ts',
                  'tests/unit/**/*-decider.test.ts',
                ]),
          ],
    environment: 'node',
    isolate: process.env.MUTATION_ISOLATE !== '0',
    // A property ends at its first counterexample, unshrunk (tests/support/mutationSetup.ts).
    setupFiles: ['tests/support/mutationSetup.ts'],
    testTimeout: 60_000,
  },
})
