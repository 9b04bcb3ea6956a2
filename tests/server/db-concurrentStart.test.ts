/**
 * Several platform processes starting together on one fresh data folder (as `npm start`
 * twice, or six nodes at once) must all come up: none fails with "database is locked" while
 * another creates the file, switches it to WAL or runs the migrations, and every migration
 * runs once.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import Database from 'better-sqlite3'
import { migrationFiles } from '../../server/db/index'
import { afterAll, describe, expect, it } from 'vitest'
import { OFFLINE_REMOTES } from '../support/offlineRemotes'

const children: ChildProcess[] = []
let dataDir = ''

afterAll(async () => {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((done) => {
          if (child.exitCode !== null || child.signalCode !== null) return done()
          child.on('exit', () => done())
          child.kill('SIGTERM')
        }),
    ),
  )
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

/** Starts `npm start`'s entry with one node; answers once it serves, or its output when it gave up. */
function startPlatform(dir: string): Promise<{ url: string; output: string }> {
  const child = spawn(resolve('node_modules/.bin/tsx'), ['server/main.ts'], {
    env: {
      ...process.env,
      ...OFFLINE_REMOTES,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dir,
      NODES: '2',
      PLATFORM_FLAVOUR: 'lightweight',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  let output = ''
  return new Promise((done, fail) => {
    const served = new Set<string>()
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      for (const m of output.matchAll(/Node (node-\d) \(pid \d+\) is serving/g)) served.add(m[1]!)
      const url = /Console: (http:\/\/127\.0\.0\.1:\d+)\/ui\//.exec(output)?.[1]
      // At least one node: under load both nodes may say so before the Console line comes, and
      // "=== 1" then never held again (the test hung for its 120 s in a full run).
      if (url && served.size >= 1) done({ url, output })
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    child.on('exit', (code) => fail(new Error(`the platform exited (${code}) before serving:\n${output}`)))
  })
}

describe('platform processes starting together on one fresh data folder', () => {
  it('all serve, no node restarts, and each migration is recorded once', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'console-concurrent-start-'))
    const started = await Promise.all([startPlatform(dataDir), startPlatform(dataDir)])
    for (const { url, output } of started) {
      expect(output).not.toMatch(/database is locked|stopped \(/)
      expect((await fetch(`${url}/ui/api/v1/system/ping`)).status).toBe(200)
    }
    const db = new Database(join(dataDir, 'platform.db'), { readonly: true })
    const names = (db.prepare('SELECT name FROM schema_migrations').all() as { name: string }[]).map(
      (r) => r.name,
    )
    db.close()
    // The SQLite list: a `.pg.sql` twin is PostgreSQL's form of a migration, never run here.
    expect(names.sort()).toEqual(migrationFiles().sort())
  }, 120_000)
})
