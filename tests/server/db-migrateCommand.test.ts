/**
 * `npm run migrate` and DATABASE_URL: the command runs the migrations on the database the
 * environment names (a PostgreSQL the test starts, or the embedded SQLite in DATA_DIR), once;
 * a DATABASE_URL that is not PostgreSQL's is refused without echoing it (it may hold a password);
 * given a PostgreSQL, `npm start` serves from it.
 */
import { execFile, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { configFromEnv } from '../../server/config'
import { migrationFiles } from '../../server/db'
import { startPostgres, type TestPostgres } from '../support/postgres'
import { OFFLINE_REMOTES } from '../support/offlineRemotes'

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

  it('npm start given a PostgreSQL serves from it, the metadata GraphQL included', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'console-pg-start-'))
    dirs.push(dataDir)
    const child = spawn(resolve('node_modules/.bin/tsx'), ['server/main.ts'], {
      env: {
        ...process.env,
        ...OFFLINE_REMOTES,
        DATABASE_URL: await postgres!.database(),
        DATA_DIR: dataDir,
        NODES: '1',
        PORT: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    })
    let stdout = ''
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    try {
      const console = await new Promise<string>((done, fail) => {
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString()
          const url = /Console: (http:\/\/\S+)\/ui\//.exec(stdout)?.[1]
          if (url) done(url)
        })
        child.on('exit', () => fail(new Error(`the platform stopped:\n${stdout}\n${stderr}`)))
      })
      const login = await fetch(`${console}/ui/api/v1/ui/auth/login`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-requested-with': 'XMLHttpRequest',
          origin: console,
        },
        body: JSON.stringify({ user: 'admin', password: 'password', type: 'login' }),
      })
      expect(login.status).toBe(200)
      const cookie = login.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ')
      const packages = await fetch(`${console}/ui/api/v1/mds/packages`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-requested-with': 'XMLHttpRequest',
          origin: console,
          cookie,
        },
        body: JSON.stringify({
          graphQL: { query: '{ packages(filter: {}, first: 3) { edges { node { name } } } }' },
        }),
      })
      const answer = (await packages.json()) as { data?: { packages: { edges: unknown[] } } }
      expect(packages.status, `${JSON.stringify(answer)}\n${stderr}`).toBe(200)
      expect(answer.data!.packages.edges).toHaveLength(3)
    } finally {
      const exited = new Promise((done) => child.on('exit', done))
      process.kill(-child.pid!, 'SIGTERM')
      await exited
    }
  }, 120_000)
})
