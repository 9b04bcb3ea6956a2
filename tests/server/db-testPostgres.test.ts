/**
 * The tests' PostgreSQL (tests/support/postgres.ts): one cluster per process, a database per
 * test server cloned from one the platform's first start prepared, dropped when the server stops;
 * and a cluster gone with the process that started it, however that process ends, so a worker
 * killed at the end of a run leaves no server running and no folder behind.
 */
import { execFile, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { psqlSync, sharedPostgres } from '../support/postgres'
import { startTestServer } from '../support/server'

const exec = promisify(execFile)

const refuses = (port: number) =>
  new Promise<boolean>((done) => {
    const socket = connect(port, '127.0.0.1')
    socket.on('connect', () => {
      socket.destroy()
      done(false)
    })
    socket.on('error', () => done(true))
  })

describe("the tests' PostgreSQL", () => {
  it('gives each test server a database of its own, cloned ready, and drops it when it stops', async () => {
    const postgres = await sharedPostgres()
    expect(await sharedPostgres()).toBe(postgres)
    const count = (url: string, table: string) => Number(psqlSync(url, `SELECT COUNT(*) FROM ${table}`)[0])
    // Migrated with the catalogue in; scanned or not (a server with a moved clock scans at its
    // time); no accounts: those are each server's, from its own configuration.
    const catalogue = await postgres.database('catalogue')
    const scanned = await postgres.database('scanned')
    for (const url of [catalogue, scanned]) {
      expect(count(url, 'catalog_packages')).toBeGreaterThan(1000)
      expect(count(url, 'users')).toBe(0)
    }
    expect(count(catalogue, 'xray_scans')).toBe(0)
    expect(count(scanned, 'xray_scans')).toBeGreaterThan(0)
    await postgres.drop(catalogue)
    await postgres.drop(scanned)

    const server = await startTestServer({}, {}, { engine: 'postgres' })
    const url = server.config.databaseUrl!
    expect(new URL(url).host).toBe(new URL(scanned).host)
    expect(await server.ctx.sql.all('SELECT name FROM users ORDER BY name')).toEqual([
      { name: 'admin' },
      { name: 'developer' },
    ])
    await server.stop()
    const cluster = new URL(url)
    cluster.pathname = '/postgres'
    const names = psqlSync(cluster.href, 'SELECT datname FROM pg_database')
    for (const gone of [url, catalogue, scanned]) expect(names).not.toContain(new URL(gone).pathname.slice(1))
    // A bound for a loaded machine: the first use in a process prepares the templates.
  }, 120_000)

  it('stops a cluster and removes its folder when the process that started it is killed', async () => {
    const work = mkdtempSync(join(tmpdir(), 'postgres-owner-'))
    const script = join(work, 'owner.mts')
    writeFileSync(
      script,
      `import { startPostgres } from ${JSON.stringify(resolve('tests/support/postgres.ts'))}
       const pg = await startPostgres()
       console.log(JSON.stringify({ url: await pg.database() }))
       setInterval(() => undefined, 1000)\n`,
    )
    const child = spawn(resolve('node_modules/.bin/tsx'), [script], { stdio: ['ignore', 'pipe', 'inherit'] })
    const url = await new Promise<string>((done, fail) => {
      let out = ''
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString()
        const line = out.split('\n').find((l) => l.startsWith('{'))
        if (line) done((JSON.parse(line) as { url: string }).url)
      })
      child.on('exit', (code) => fail(new Error(`exited ${code}: ${out}`)))
    })
    const port = Number(new URL(url).port)
    expect(await refuses(port)).toBe(false)
    const [data] = psqlSync(url, 'SHOW data_directory')
    const dir = dirname(data!)
    expect(dir).toMatch(/console-postgres-/)
    expect(existsSync(dir)).toBe(true)
    // The whole tree at once, as a worker's end: tsx and the node it runs.
    const { stdout: tree } = await exec('ps', ['-o', 'pid=', '--ppid', String(child.pid)])
    for (const pid of [child.pid!, ...tree.trim().split(/\s+/).map(Number)]) process.kill(pid, 'SIGKILL')
    try {
      await expect.poll(() => existsSync(dir), { timeout: 60_000 }).toBe(false)
      expect(await refuses(port)).toBe(true)
    } finally {
      rmSync(work, { recursive: true, force: true })
    }
  }, 90_000)
})
