import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

/**
 * The server test files whose outcome TEST_DATABASE decides: those that start a test server
 * without naming its engine (tests/support/server.ts) or read the setting themselves. The rest
 * run the same on either setting, so a second project would only run them twice: the stores'
 * files open both engines themselves, platforms started as processes and the servers a test
 * names an engine or a database for (`{ engine }`, `databaseUrl:`) choose their own, and the pure
 * functions open no database.
 */
function serverFilesOnTestDatabase(): string[] {
  const dir = 'tests/server'
  return readdirSync(dir)
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => `${dir}/${name}`)
    .filter((path) => {
      const text = readFileSync(path, 'utf8')
      const started = text.match(/startTestServer\(/g)?.length ?? 0
      const named = text.match(/\{ engine\b|databaseUrl: /g)?.length ?? 0
      return started > named || /testDatabaseEngine|TEST_DATABASE/.test(text)
    })
}

// One runner, one project per test layer. Pure layers run in node (fast start);
// only component tests pay for jsdom. e2e drives Debian's Chromium against the built console.
export default defineConfig({
  plugins: [react()],
  // One copy of graphql, the one Node loads: graphql-jit (run by Node) requires its CommonJS
  // build, while Vite would give the server's code the ES module build, and each copy refuses
  // the other's schema objects. Node running the server has only the one.
  resolve: { alias: [{ find: /^graphql$/, replacement: createRequire(import.meta.url).resolve('graphql') }] },
  test: {
    // Vitest's default in run mode is one worker less than the cores: one worker on this
    // 2-core machine and on CI, which ran every file one after the other. Three, not two: an e2e
    // file keeps about half a core busy (its CPU time, Chromium's included, was 0.45-0.5 of its
    // time in a quiet CI run), the rest waiting on pages and timers, so two workers left CI's
    // two cores a fifth idle; a third fills it. The server and component files use a core each,
    // and three on two cores take as long in all as two.
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // A limit for a stuck test, not a timing: the corpus loops and fast-check properties
          // take well under a second on a quiet machine, but the default 5 s cut two of them off
          // on a 2-core machine at load 16-19.
          testTimeout: 30_000,
          // Pure code: one module graph per worker instead of one per file (most of these
          // files' time was importing the domain again).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'property',
          include: ['tests/property/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'component',
          include: ['tests/component/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['tests/support/component-setup.ts'],
          // A limit for a stuck test, not a timing: jsdom renders with lazily loaded chunks take
          // seconds on a loaded 2-core machine (the default 5 s cut tests off mid-way).
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          // Runs in the server-postgres project (it needs PostgreSQL whatever TEST_DATABASE says).
          exclude: ['tests/server/twoHosts.test.ts'],
          environment: 'node',
          // With TEST_DATABASE=postgres, one PostgreSQL for the run, prepared before any file.
          globalSetup: ['tests/support/postgresGlobal.ts'],
          // Limits for a stuck test, not timings. On PostgreSQL (`npm run test:postgres`) each
          // statement is a round trip to another process, and a server with a moved clock scans
          // its catalogue at start: at load 28 on two cores, 13 tests and 5 files' first hooks ran
          // out of these bounds mid-way; there they are three times as long.
          testTimeout: process.env.TEST_DATABASE === 'postgres' ? 90_000 : 30_000,
          hookTimeout: process.env.TEST_DATABASE === 'postgres' ? 180_000 : 60_000,
          // Each file starts its own platform (own port, own data folder), so files share no
          // state through the server's modules; importing the server once per worker instead of
          // once per file took 8 files from 53 s to 30 s (import 33 s -> 10 s), all 39 green.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // The server suite again with every test server on PostgreSQL (Debian's, started and
          // stopped by the run): every file whose platforms TEST_DATABASE moves there, and the
          // two hosts as processes on one database. docs/testing.md has what it costs.
          name: 'server-postgres',
          include: [...serverFilesOnTestDatabase(), 'tests/server/twoHosts.test.ts'],
          env: { TEST_DATABASE: 'postgres' },
          environment: 'node',
          globalSetup: ['tests/support/postgresGlobal.ts'],
          // The server project's bounds on PostgreSQL (above), for the same reason: a test that
          // starts its own platform on a moved clock (registry.tokens' lifetimes) took 31 s loaded.
          testTimeout: 90_000,
          hookTimeout: 180_000,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // expect.poll waits for a state, and its 1 s default is a timing: with e2e files beside
          // each other on two cores, a wrong-password answer (a deliberate scrypt check) or a
          // lazily loaded chunk takes longer, and CI failed on exactly that. A test that needs a
          // tighter bound says so itself.
          expect: { poll: { timeout: 15_000 } },
          // As for server tests: each file has its own platform and browser; the console runs in
          // Chromium, not in the worker. (Component tests stay isolated: the lazily loaded chunk
          // tests and SafeHtml's DOMPurify hooks depend on a fresh module graph.)
          isolate: false,
          // Files run beside each other and beside the other layers: each has its own server
          // (ephemeral port, temporary data) and browser, and spends most of its time waiting
          // on pages. One at a time, after everything else, was a third of CI's run.
          fileParallelism: true,
        },
      },
    ],
  },
})
