/**
 * Which commits wait for the disk (docs/decisions/2026-12-03-relaxed-commits-for-remote-caches.md):
 * a publish's does; a remote's cache fill, its state and a download count do not. The level is
 * read from the connection itself inside each transaction, just before it commits, on the
 * engine the suite runs on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sql } from '../../server/db/sql'
import { npmTarball, publishDocument } from '../support/npmTarball'
import { browserHeaders, startTestServer, testDatabaseEngine, type TestServer } from '../support/server'
import { startUpstreamRegistry, type UpstreamRegistry } from '../support/upstreamRegistry'
import { anotherConnection, testEngines } from '../support/engines'
import { signInDirectly } from './helpers/catalogSession'

type Level = 'full' | 'relaxed'

/**
 * The commit level in effect on `sql`'s connection now. On PostgreSQL a full commit is as the
 * server's `synchronous_commit` says (an operator's choice: `on`, or a replica's wait): tests
 * using it set `on` for their database first, as the test server's own setting is `off`.
 */
async function levelOf(sql: Sql): Promise<Level> {
  if (sql.engine === 'sqlite') {
    const row = await sql.one<{ synchronous: number }>('PRAGMA synchronous')
    // FULL is 2, NORMAL 1 (OFF, 0, is never used).
    return row?.synchronous === 2 ? 'full' : 'relaxed'
  }
  const row = await sql.one<{ synchronous_commit: string }>('SHOW synchronous_commit')
  return row?.synchronous_commit === 'off' ? 'relaxed' : 'full'
}

interface Committed {
  readonly statements: readonly string[]
  readonly level: Level
}

/** `tx` with every statement (its savepoints' too) noted in `statements`. */
function noting(tx: Sql, statements: string[]): Sql {
  const note = (text: string) => void statements.push(text.replace(/\s+/g, ' '))
  return {
    engine: tx.engine,
    all: (text, params) => (note(text), tx.all(text, params)),
    rows: (text, params) => (note(text), tx.rows(text, params)),
    one: (text, params) => (note(text), tx.one(text, params)),
    run: (text, params) => (note(text), tx.run(text, params)),
    transaction: (work, options) => tx.transaction((inner) => work(noting(inner, statements)), options),
    afterCommit: (task) => tx.afterCommit(task),
  }
}

let upstream: UpstreamRegistry
let server: TestServer
let token: string
const committed: Committed[] = []

const REMOTE = 'durability-remote'
const tarball = npmTarball(REMOTE, '1.0.0')

beforeAll(async () => {
  upstream = await startUpstreamRegistry([
    {
      name: REMOTE,
      version: '1.0.0',
      manifest: { name: REMOTE, version: '1.0.0' },
      tarball,
      file: `${REMOTE}-1.0.0.tgz`,
    },
  ])
  server = await startTestServer({ anonymousAccess: true }, { NPM_REMOTE_URL: upstream.url })
  const cookie = signInDirectly(server, { admin: true })
  const res = await fetch(`${server.url}/ui/api/v1/ui/npm/token`, {
    method: 'POST',
    headers: browserHeaders(server.url, cookie),
    body: '{}',
  })
  token = ((await res.json()) as { token: string }).token
  // Every transaction the platform opens from here on is noted with its level at its end.
  const sql = server.ctx.sql
  const transaction = sql.transaction.bind(sql)
  ;(sql as { transaction: Sql['transaction'] }).transaction = (work, options) =>
    transaction(async (tx) => {
      const statements: string[] = []
      const result = await work(noting(tx, statements))
      committed.push({ statements, level: await levelOf(tx) })
      return result
    }, options)
}, 60_000)

afterAll(async () => {
  await server?.stop()
  await upstream?.stop()
})

const npmUrl = (repo: string, path: string) => `${server.url}/artifactory/api/npm/${repo}/${path}`
/** The levels of the commits that ran a statement matching `pattern`. */
const levelsOf = (pattern: RegExp) =>
  committed.filter((c) => c.statements.some((s) => pattern.test(s))).map((c) => c.level)

// The platform's commits read on SQLite, where the level is the platform's own to set.
describe.runIf(testDatabaseEngine() === 'sqlite')('commit levels by what is written', () => {
  it('commits a publish in full', async () => {
    const name = 'durable-published'
    const tgz = npmTarball(name, '1.0.0')
    const res = await fetch(npmUrl('npm-local', name), {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(publishDocument(name, '1.0.0', tgz)),
    })
    expect(res.status).toBe(200)
    const levels = levelsOf(/INSERT INTO npm_version_documents/)
    expect(levels).not.toHaveLength(0)
    expect(levels.every((l) => l === 'full')).toBe(true)
  })

  it('commits a cache fill, the remote state and the download count relaxed, then full again', async () => {
    const doc = await fetch(npmUrl('npm-remote', REMOTE))
    expect(doc.status).toBe(200)
    const res = await fetch(npmUrl('npm-remote', `${REMOTE}/-/${REMOTE}-1.0.0.tgz`))
    expect(Buffer.from(await res.arrayBuffer()).equals(tarball)).toBe(true)
    // The count is written once the last byte has gone.
    await expect.poll(() => levelsOf(/INSERT INTO download_days/)).toHaveLength(1)
    expect(levelsOf(/INSERT INTO remote_documents/)).toEqual(['relaxed'])
    expect(levelsOf(/INSERT INTO remote_files/)).toEqual(['relaxed'])
    expect(levelsOf(/INSERT INTO download_days/)).toEqual(['relaxed'])
    expect(levelsOf(/INTO remote_state/).every((l) => l === 'relaxed')).toBe(true)
    // The connection is back at full for whatever comes next, inside a transaction or not.
    expect(await server.ctx.sql.transaction((tx) => levelOf(tx))).toBe('full')
    expect(await levelOf(server.ctx.sql)).toBe('full')
  })
})

describe.each(testEngines())('relaxed transactions on %s', (_name, open) => {
  it('commits at the level asked and goes back to full after, also when one throws', async () => {
    const first = await open()
    if (first.engine === 'postgres')
      await first.run(
        "DO $$ BEGIN EXECUTE format('ALTER DATABASE %I SET synchronous_commit = on', current_database()); END $$",
      )
    // New connections take the database's setting.
    const sql = first.engine === 'postgres' ? await anotherConnection(first) : first
    expect(await sql.transaction((tx) => levelOf(tx))).toBe('full')
    expect(await sql.transaction((tx) => levelOf(tx), { durability: 'relaxed' })).toBe('relaxed')
    expect(await sql.transaction((tx) => levelOf(tx))).toBe('full')
    await expect(
      sql.transaction(
        async (tx) => {
          expect(await levelOf(tx)).toBe('relaxed')
          throw new Error('undone')
        },
        { durability: 'relaxed' },
      ),
    ).rejects.toThrow('undone')
    expect(await sql.transaction((tx) => levelOf(tx))).toBe('full')
  })
})
