/**
 * The stores' database interface (server/db/sql.ts): the same answers and the same transaction
 * guarantees on every engine the platform runs on.
 */
import { describe, expect, it } from 'vitest'
import { migrationFiles } from '../../server/db'
import { numberedPlaceholders, type Sql } from '../../server/db/sql'
import { contestedRow, testEngines } from '../support/engines'

const engines = testEngines()

describe('placeholders for PostgreSQL', () => {
  it('numbers each ? outside quotes and comments', () => {
    expect(
      numberedPlaceholders('SELECT a FROM t WHERE b = ? AND c = \'?\' AND "d?" = ? -- ?\nAND e = ?'),
    ).toBe('SELECT a FROM t WHERE b = $1 AND c = \'?\' AND "d?" = $2 -- ?\nAND e = $3')
  })
})

describe.each(engines)('the store interface on %s', (_name, open) => {
  const table = async (sql: Sql, name: string) => {
    await sql.run(`CREATE TABLE ${name} (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, size INTEGER)`)
  }

  it('answers rows, one row, and changes', async () => {
    const sql = await open()
    await table(sql, 'items')
    const inserted = await sql.all<{ id: number }>(
      'INSERT INTO items (name, size) VALUES (?, ?) RETURNING id',
      ['a', 5_000_000_000],
    )
    expect(inserted).toHaveLength(1)
    await sql.run('INSERT INTO items (name, size) VALUES (?, ?)', ['b', null])
    expect(await sql.all('SELECT name, size FROM items ORDER BY name')).toEqual([
      { name: 'a', size: 5_000_000_000 },
      { name: 'b', size: null },
    ])
    expect(await sql.one('SELECT COUNT(*) AS n FROM items')).toEqual({ n: 2 })
    expect(await sql.one('SELECT name FROM items WHERE name = ?', ['none'])).toBeUndefined()
    expect(await sql.run('UPDATE items SET size = ? WHERE size IS NULL OR size > ?', [1, 0])).toEqual({
      changes: 2,
    })
    expect(
      await sql.run('INSERT INTO items (name, size) VALUES (?, ?) ON CONFLICT (name) DO NOTHING', ['a', 3]),
    ).toEqual({ changes: 0 })
  })

  it('commits a transaction whole', async () => {
    const sql = await open()
    await table(sql, 'done')
    const answer = await sql.transaction(async (tx) => {
      await tx.run('INSERT INTO done (name) VALUES (?)', ['x'])
      await tx.run('INSERT INTO done (name) VALUES (?)', ['y'])
      return (await tx.one<{ n: number }>('SELECT COUNT(*) AS n FROM done'))?.n
    })
    expect(answer).toBe(2)
    expect(await sql.one('SELECT COUNT(*) AS n FROM done')).toEqual({ n: 2 })
  })

  it('keeps nothing of a transaction that throws', async () => {
    const sql = await open()
    await table(sql, 'undone')
    await expect(
      sql.transaction(async (tx) => {
        await tx.run('INSERT INTO undone (name) VALUES (?)', ['x'])
        // The unique name refuses the second row: the first must go too.
        await tx.run('INSERT INTO undone (name) VALUES (?)', ['x'])
      }),
    ).rejects.toThrow()
    expect(await sql.one('SELECT COUNT(*) AS n FROM undone')).toEqual({ n: 0 })
  })

  it('undoes only the inner part of a nested transaction that throws', async () => {
    const sql = await open()
    await table(sql, 'nested')
    await sql.transaction(async (tx) => {
      await tx.run('INSERT INTO nested (name) VALUES (?)', ['outer'])
      await expect(
        tx.transaction(async (inner) => {
          await inner.run('INSERT INTO nested (name) VALUES (?)', ['inner'])
          throw new Error('inner fails')
        }),
      ).rejects.toThrow('inner fails')
    })
    expect(await sql.all('SELECT name FROM nested')).toEqual([{ name: 'outer' }])
  })

  it('shows a transaction to others only once committed, and runs two one after the other', async () => {
    const sql = await open()
    await table(sql, 'counter')
    await sql.run('INSERT INTO counter (id, name, size) VALUES (1, ?, 0)', ['c'])
    // Read, wait, write: two at once would both read 0 and write 1 without isolation.
    const increment = () =>
      sql.transaction(async (tx) => {
        const row = await tx.one<{ size: number }>('SELECT size FROM counter WHERE id = 1')
        await new Promise((done) => setImmediate(done))
        await tx.run('UPDATE counter SET size = ? WHERE id = 1', [(row?.size ?? 0) + 1])
      })
    let seenDuring: unknown
    const first = increment()
    const reading = sql.one<{ size: number }>('SELECT size FROM counter WHERE id = 1').then((row) => {
      seenDuring = row?.size
    })
    await Promise.all([first, increment(), reading])
    expect(await sql.one('SELECT size FROM counter WHERE id = 1')).toEqual({ size: 2 })
    // Never a half-done state: before both (0), or after one or both.
    expect([0, 1, 2]).toContain(seenDuring)
  })
})

describe.each(engines.filter(([name]) => name === 'postgres'))('conflicts on %s', (_name, open) => {
  it('runs a transaction again however many times in a row it is refused, until it commits', async () => {
    const sql = await open()
    const contend = await contestedRow(sql)
    // More refusals in a row than a count of 20 retries allowed (a deploy on one node, while the
    // other deleted the same bytes, was refused 21 times and answered 500).
    const REFUSALS = 25
    const attempts = await contend(REFUSALS)
    expect(attempts).toBe(REFUSALS + 1)
    expect(await sql.one('SELECT size FROM contested WHERE id = 1')).toEqual({ size: REFUSALS + 100 })
  })
})

describe.each(engines)('the migrations on %s', (_name, open) => {
  it('all run, once, and the schema answers alike', async () => {
    const db = await open()
    expect(await db.migrate()).toEqual(migrationFiles())
    expect(await db.migrate()).toEqual([])
    // Names compare ignoring case on both (SQLite's COLLATE NOCASE, PostgreSQL's citext).
    await db.run(
      `INSERT INTO users (name, email, password_hash, admin, created_at, password_changed_at) VALUES (?, ?, ?, ?, ?, ?)`,
      ['Alice', 'alice@example.org', 'x', 0, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'],
    )
    expect(await db.one('SELECT name FROM users WHERE name = ?', ['ALICE'])).toEqual({ name: 'Alice' })
    await expect(
      db.run(
        `INSERT INTO users (name, email, password_hash, admin, created_at, password_changed_at) VALUES (?, ?, ?, ?, ?, ?)`,
        ['alice', 'other@example.org', 'x', 0, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'],
      ),
    ).rejects.toThrow()
    // The package count follows inserts and deletes (a trigger on both).
    const before = await db.one<{ n: number }>("SELECT n FROM catalog_counts WHERE name = 'packages'")
    expect(typeof before?.n).toBe('number')
  })
})
