/**
 * `npm run migrate` and DATABASE_URL: the command runs the migrations on the database the
 * environment names (a PostgreSQL the test starts, or the embedded SQLite in DATA_DIR), once;
 * a DATABASE_URL that is not PostgreSQL's is refused without echoing it (it may hold a password).
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { configFromEnv } from '../../server/config'
import { migrationFiles } from '../../server/db'
import { startPostgres, type TestPostgres } from '../support/postgres'

let postgres: TestPostgres | undefined
const dirs: string[] = []
beforeAll(async () => {
  postgres = await startPostgres()
}, 60_000)
afterAll(async () => {
  await postgres?.stop()
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

interface Outcome {
  readonly code: number
  readonly stdout: string
  readonly stderr: string
}

function run(script: string, env: Record<string, string>): Promise<Outcome> {
  return new Promise((done) => {
    execFile(
      resolve('node_modules/.bin/tsx'),
      [script],
      { env: { ...process.env, ...env, PORT: '0' }, timeout: 60_000 },
      (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    )
  })
}

const migrate = (env: Record<string, string>) => run('server/db/migrateMain.ts', env)

describe('npm run migrate', () => {
  it('runs every migration on PostgreSQL once, naming each', async () => {
    const url = await postgres!.database()
    const first = await migrate({ DATABASE_URL: url })
    expect(first.stderr).toBe('')
    expect(first.code).toBe(0)
    for (const file of migrationFiles()) expect(first.stdout).toContain(`  ${file}`)
    // The URL's credentials stay out of what it prints.
    expect(first.stdout).toContain(`PostgreSQL at 127.0.0.1:${new URL(url).port}/`)
    expect(first.stdout).not.toContain(`${new URL(url).username}@`)
    const again = await migrate({ DATABASE_URL: url })
    expect(again.code).toBe(0)
    expect(again.stdout).toMatch(/every migration had run already/)
  }, 120_000)

  it('on SQLite, seeds a new data folder and finds every migration run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'console-migrate-'))
    dirs.push(dir)
    const outcome = await migrate({ DATA_DIR: dir, DATABASE_URL: '' })
    expect(outcome.code).toBe(0)
    expect(outcome.stdout).toMatch(/^SQLite in .*(every migration had run already|ran \d+ migration)/)
  }, 120_000)

  it('refuses an address that is not PostgreSQL, without repeating it', () => {
    expect(() => configFromEnv({ DATABASE_URL: 'mysql://root:hunter2@db/x' })).toThrow(
      /^DATABASE_URL must be a postgres:\/\/ address/,
    )
    expect(() => configFromEnv({ DATABASE_URL: 'mysql://root:hunter2@db/x' })).not.toThrow(/hunter2/)
    expect(configFromEnv({ DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/platform' }).databaseUrl).toBe(
      'postgres://u:p@127.0.0.1:5432/platform',
    )
    expect(configFromEnv({}).databaseUrl).toBeUndefined()
  })

  it('a node given a PostgreSQL says it cannot serve from it yet, and stops', async () => {
    const outcome = await run('server/main.ts', { DATABASE_URL: await postgres!.database() })
    expect(outcome.code).toBe(1)
    expect(outcome.stderr).toMatch(/does not serve from PostgreSQL yet/)
  }, 120_000)
})
