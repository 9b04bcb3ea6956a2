// The tests mutation testing runs (bench/mutation.bench.ts): the pure layers' unit and
// property tests, in Node. No server, browser or jsdom: a mutant of domain/ is killed or not
// by the tests of its rules, and each run must stay short.
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: [
      'tests/unit/**/*-rules.test.ts',
      'tests/property/**/*-rules.test.ts',
      'tests/unit/**/*-decider.test.ts',
    ],
    environment: 'node',
    testTimeout: 60_000,
  },
})
