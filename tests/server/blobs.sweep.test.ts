/**
 * The blob store's sweep (`npm run sweep-blobs`), on both engines, with real files: it releases
 * rows of bytes nothing uses any more, removes what a node that died between a release's commit
 * and the file's removal left (bytes no row names), and nothing something uses, a commit is
 * naming at that moment (on PostgreSQL from another connection, as another node would) or an
 * upload is still staging.
 */
import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import type { Database, Sql } from '../../server/db/sql'
import { openDatabase } from '../../server/db'
import { sqliteSql } from '../../server/db/sqliteSql'
import { sweepBlobs } from '../../server/repositories/blobSweep'
import { blobPathOf, blobStore } from '../../server/repositories/blobs'
import { anotherConnection, migrated, testEngines, waitsForLock } from '../support/engines'
import { sharedPostgres } from '../support/postgres'
import { tempFolders } from '../support/tempFolders'

const folder = tempFolders()

const now = '2026-12-03T10:00:00.000Z'

/**
 * A blob store on `sql`, with bytes kept as a deploy keeps them (an artifact names them), with a
 * row nothing uses, and left as a crash leaves them.
 */
function store(sql: Sql, blobDir = folder('console-blob-sweep-')) {
  const blobs = blobStore(sql, blobDir)
  /** Bytes with their row, named by nothing (the rows that used them gone without a release). */
  const unused = async (text: string) => {
    const staged = blobs.putBytes(Buffer.from(text))
    await sql.transaction((tx) => staged.commit(tx, now))
    staged.discard()
    return { sha256: staged.facts.sha256, path: blobPathOf(blobDir, staged.facts.sha256) }
  }
  const keep = async (text: string) => {
    const bytes = await unused(text)
    await sql.run(
      `INSERT INTO repositories (key, kind, package_type, created, modified) VALUES ('sweep-kept', 'local', 'generic', ?, ?)
       ON CONFLICT (key) DO NOTHING`,
      [now, now],
    )
    await sql.run(
      `INSERT INTO artifacts (repo, path, sha256, size, mime_type, created, modified, deployed_by)
       VALUES ('sweep-kept', ?, ?, ?, 'text/plain', ?, ?, 'test')`,
      [bytes.sha256, bytes.sha256, text.length, now, now],
    )
    return bytes
  }
  /** Bytes whose release committed, the node gone before it removed the file. */
  const orphan = async (text: string) => {
    const bytes = await unused(text)
    await sql.run('DELETE FROM blobs WHERE sha256 = ?', [bytes.sha256])
    return bytes
  }
  return { blobDir, blobs, keep, unused, orphan }
}

/**
 * A sweep run while a deploy of `text` (the same bytes) commits and names them in an artifact:
 * the deploy holds its transaction open until the sweep has started (on PostgreSQL, from another
 * connection as another node would, until the sweep waits for the deploy's lock; on SQLite one
 * connection runs one transaction at a time). Answers what the sweep answered.
 */
async function sweepDuringDeploy(
  engine: string,
  sql: Database,
  blobDir: string,
  blobs: ReturnType<typeof blobStore>,
  bytes: { readonly sha256: string },
  text: string,
) {
  const sweeper = engine === 'postgres' ? await anotherConnection(sql) : sql
  const staged = blobs.putBytes(Buffer.from(text))
  let claimed!: () => void
  const named = new Promise<void>((done) => (claimed = done))
  let finish!: () => void
  const finishing = new Promise<void>((done) => (finish = done))
  // The deploy finds the file in place (so links nothing) and holds its transaction open.
  const deploy = sql.transaction(async (tx) => {
    await staged.commit(tx, now)
    await tx.run(
      `INSERT INTO repositories (key, kind, package_type, created, modified) VALUES ('sweep-race', 'local', 'generic', ?, ?)`,
      [now, now],
    )
    await tx.run(
      `INSERT INTO artifacts (repo, path, sha256, size, mime_type, created, modified, deployed_by)
       VALUES ('sweep-race', 'a.txt', ?, ?, 'text/plain', ?, ?, 'test')`,
      [bytes.sha256, staged.facts.size, now, now],
    )
    claimed()
    await finishing
  })
  await named
  const sweep = sweepBlobs(sweeper, blobDir)
  if (engine === 'postgres') expect(await waitsForLock(sql, sweep, 'the sweep')).toBe('waiting')
  finish()
  await deploy
  staged.discard()
  return sweep
}

const engines = testEngines()

describe.each(engines)('the blob sweep on %s', (engine, open) => {
  it('removes files no row names and keeps every other', async () => {
    const sql = await migrated(open)
    const { blobDir, keep, orphan } = store(sql)
    const kept = await keep('named by its row\n')
    const left = [await orphan('left by a crash\n'), await orphan('left by another crash\n')]
    // Not bytes of the store: a stray file and a node's temporary file stay where they are.
    const stray = join(dirname(kept.path), 'notes.txt')
    writeFileSync(stray, 'not a blob\n')
    const temporary = join(blobDir, 'tmp', `${process.pid}.0123456789abcdef.elsewhere`)
    writeFileSync(temporary, 'another host is writing this\n')

    expect(await sweepBlobs(sql, blobDir)).toEqual({ released: 0, files: 3, removed: 2 })

    expect(left.map((b) => existsSync(b.path))).toEqual([false, false])
    expect(readFileSync(kept.path, 'utf8')).toBe('named by its row\n')
    expect([existsSync(stray), existsSync(temporary)]).toEqual([true, true])
    expect(await sweepBlobs(sql, blobDir)).toEqual({ released: 0, files: 1, removed: 0 })
  })

  it('releases rows of bytes nothing uses, with their files, and keeps those something uses', async () => {
    const sql = await migrated(open)
    const { blobDir, blobs, keep, unused } = store(sql)
    const kept = await keep('an artifact names these\n')
    const idle = [await unused('nothing names these\n'), await unused('nor these\n')]

    expect(await sweepBlobs(sql, blobDir)).toEqual({ released: 2, files: 1, removed: 0 })

    expect(idle.map((b) => existsSync(b.path))).toEqual([false, false])
    expect(await Promise.all(idle.map((b) => blobs.find(b.sha256)))).toEqual([undefined, undefined])
    expect(readFileSync(kept.path, 'utf8')).toBe('an artifact names these\n')
    expect(await blobs.find(kept.sha256)).toMatchObject({ sha256: kept.sha256 })
  })

  it('keeps an unused row whose bytes a commit names while the sweep runs', async () => {
    const sql = await migrated(open)
    const { blobDir, blobs, unused } = store(sql)
    const text = 'named again while the sweep releases it\n'
    const bytes = await unused(text)
    // The release waits for the deploy's lock on the row, then finds the artifact naming it.
    expect(await sweepDuringDeploy(engine, sql, blobDir, blobs, bytes, text)).toEqual({
      released: 0,
      files: 1,
      removed: 0,
    })
    expect(readFileSync(bytes.path, 'utf8')).toBe(text)
  })

  it('keeps bytes a commit names while the sweep runs', async () => {
    const sql = await migrated(open)
    const { blobDir, blobs, orphan } = store(sql)
    const text = 'deployed again while the sweep runs\n'
    const bytes = await orphan(text)
    // The sweep must wait for the deploy's lock on the bytes' row, not remove the file meanwhile.
    expect(await sweepDuringDeploy(engine, sql, blobDir, blobs, bytes, text)).toEqual({
      released: 0,
      files: 1,
      removed: 0,
    })
    expect(readFileSync(bytes.path, 'utf8')).toBe(text)
  })

  it('lets an upload staging the same bytes put them back when it commits', async () => {
    const sql = await migrated(open)
    const { blobDir, blobs, orphan } = store(sql)
    const text = 'staged while the sweep removes the old copy\n'
    const bytes = await orphan(text)
    const staged = blobs.putBytes(Buffer.from(text))
    expect(await sweepBlobs(sql, blobDir)).toEqual({ released: 0, files: 1, removed: 1 })
    await sql.transaction((tx) => staged.commit(tx, now))
    staged.discard()
    expect(readFileSync(bytes.path, 'utf8')).toBe(text)
    expect(await blobs.find(bytes.sha256)).toMatchObject({ size: text.length })
  })
})

describe('npm run sweep-blobs', () => {
  const sweepCommand = (env: NodeJS.ProcessEnv) =>
    promisify(execFile)(resolve('node_modules/.bin/tsx'), ['server/repositories/sweepMain.ts'], {
      env: { ...process.env, ...env },
    })

  it('sweeps the platform’s SQLite data folder and a PostgreSQL’s BLOB_DIR', async () => {
    const dataDir = folder('console-blob-sweep-data-')
    const sqlite = sqliteSql(openDatabase(dataDir))
    const local = store(sqlite, join(dataDir, 'blobs'))
    const sqliteLeft = await local.orphan('left on the SQLite platform\n')
    const sqliteKept = await local.keep('kept on the SQLite platform\n')
    await sqlite.close()

    const postgres = await sharedPostgres()
    const url = await postgres.database()
    const pgSql = await migrated(async () => (await import('../../server/db/postgresSql')).openPostgres(url))
    const blobDir = join(folder('console-blob-sweep-shared-'), 'mounted')
    mkdirSync(blobDir)
    const shared = store(pgSql, blobDir)
    const pgLeft = await shared.orphan('left on the PostgreSQL platform\n')
    const pgKept = await shared.keep('kept on the PostgreSQL platform\n')
    await pgSql.close()

    const [a, b] = await Promise.all([
      sweepCommand({ DATA_DIR: dataDir, DATABASE_URL: '', BLOB_DIR: '' }),
      sweepCommand({ DATA_DIR: folder('console-blob-sweep-node-'), DATABASE_URL: url, BLOB_DIR: blobDir }),
    ])
    expect(a.stdout).toContain('2 file(s), 1 named by no row removed')
    expect(b.stdout).toContain('2 file(s), 1 named by no row removed')
    expect([sqliteLeft, sqliteKept, pgLeft, pgKept].map((f) => existsSync(f.path))).toEqual([
      false,
      true,
      false,
      true,
    ])
    await postgres.drop(url)
  }, 60_000)
})
