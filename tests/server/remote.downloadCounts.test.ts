/**
 * Download counts written in batches, on both engines: many downloads at once are all counted
 * in a few commits, a count waiting is written once the flush period has passed on the platform's
 * clock (the test moves it) unasked, a stop writes
 * what waits, and two nodes each writing their own batches at once lose none of the other's.
 */
import { describe, expect, it } from 'vitest'
import { manualClock } from '../../server/clock'
import { downloadCounts } from '../../server/remote/downloads'
import { remoteStore, type DownloadCount } from '../../server/remote/store'
import type { Sql } from '../../server/db/sql'
import { LEFT_PAD, leftPadRows } from '../support/catalogueRows'
import { anotherConnection, migrated, testEngines } from '../support/engines'

const engines = testEngines()
const DAY = '2026-12-01'
/** Never reached in a test: what is written is written by a stop, a full queue or a flush. */
const NEVER = 3_600_000
/** The flush period's timer runs on the platform's clock: a clock the test never moves. */
const clock = manualClock()

const counted = async (sql: Sql) => ({
  day: (
    await sql.one<{ count: number }>('SELECT count FROM download_days WHERE subject = ? AND day = ?', [
      LEFT_PAD,
      DAY,
    ])
  )?.count,
  version: (
    await sql.one<{ download_count: number }>('SELECT download_count FROM catalog_versions WHERE id = ?', [
      LEFT_PAD,
    ])
  )?.download_count,
  package: (
    await sql.one<{ downloads: number }>("SELECT downloads FROM catalog_packages WHERE id = 'npm://left-pad'")
  )?.downloads,
})

/** The real store, with the batches it was handed kept. */
const storeOf = (sql: Sql) => {
  const store = remoteStore(sql)
  const batches: DownloadCount[][] = []
  return {
    batches,
    countDownloads: async (counts: readonly DownloadCount[]) => {
      batches.push([...counts])
      await store.countDownloads(counts)
    },
  }
}

const failed = (error: unknown) => {
  throw error
}

describe.each(engines)('download counts on %s', (_name, open) => {
  it('counts every one of many parallel downloads, in a commit per full queue', async () => {
    const sql = await migrated(open)
    await leftPadRows(sql)
    const store = storeOf(sql)
    const counts = downloadCounts(store, { flushMs: NEVER, clock, maxQueued: 50, failed })
    await Promise.all(Array.from({ length: 120 }, async () => counts.add(LEFT_PAD, DAY)))
    // Two full queues went at once; the 20 left wait for the period.
    await expect.poll(() => store.batches.length).toBe(2)
    expect(store.batches.map((b) => b.map((c) => c.times))).toEqual([[50], [50]])
    await counts.flush()
    expect(await counted(sql)).toEqual({ day: 120, version: 120, package: 120 })
    await counts.stop()
  })

  it('writes a waiting count once the flush period has passed on the platform’s clock, unasked', async () => {
    const sql = await migrated(open)
    await leftPadRows(sql)
    const time = manualClock()
    const store = storeOf(sql)
    const counts = downloadCounts(store, { flushMs: 60_000, clock: time, failed })
    for (let i = 0; i < 3; i++) counts.add(LEFT_PAD, DAY)
    time.advance(59_999)
    expect(store.batches).toEqual([])
    time.advance(1)
    await expect.poll(() => counted(sql)).toEqual({ day: 3, version: 3, package: 3 })
    expect(store.batches.map((b) => b.map((c) => c.times))).toEqual([[3]])
    // The period starts again with the next count, not with the clock's first timer.
    counts.add(LEFT_PAD, DAY)
    time.advance(59_999)
    expect(store.batches).toHaveLength(1)
    time.advance(1)
    await expect.poll(() => counted(sql)).toEqual({ day: 4, version: 4, package: 4 })
    await counts.stop()
  })

  it('writes what waits when it stops, and a count after the stop at once', async () => {
    const sql = await migrated(open)
    await leftPadRows(sql)
    const store = storeOf(sql)
    const counts = downloadCounts(store, { flushMs: NEVER, clock, failed })
    for (let i = 0; i < 7; i++) counts.add(LEFT_PAD, DAY)
    expect(await counted(sql)).toEqual({ day: undefined, version: 0, package: 0 })
    await counts.stop()
    expect(await counted(sql)).toEqual({ day: 7, version: 7, package: 7 })
    counts.add(LEFT_PAD, DAY)
    await expect.poll(() => counted(sql)).toEqual({ day: 8, version: 8, package: 8 })
  })

  it('keeps a batch that could not be written for the next write', async () => {
    const sql = await migrated(open)
    await leftPadRows(sql)
    const store = remoteStore(sql)
    let refuse = true
    const errors: unknown[] = []
    const counts = downloadCounts(
      {
        countDownloads: async (batch) => {
          if (refuse) throw new Error('the database is away')
          await store.countDownloads(batch)
        },
      },
      { flushMs: NEVER, clock, failed: (error) => errors.push(error) },
    )
    for (let i = 0; i < 4; i++) counts.add(LEFT_PAD, DAY)
    await counts.flush()
    expect(errors).toHaveLength(1)
    refuse = false
    counts.add(LEFT_PAD, DAY)
    await counts.stop()
    expect(await counted(sql)).toEqual({ day: 5, version: 5, package: 5 })
  })

  // On SQLite two connections of one process cannot both write: its driver waits on one thread,
  // so one holding a transaction across awaits stalls the other (nodes are processes there).
  it.skipIf(_name === 'sqlite')(
    'two nodes writing their own batches at once lose none of the other’s',
    async () => {
      const sql = await migrated(open)
      await leftPadRows(sql)
      const other = await anotherConnection(sql)
      const nodes = [sql, other].map((s) =>
        downloadCounts(remoteStore(s), { flushMs: NEVER, clock, maxQueued: 10, failed }),
      )
      await Promise.all(
        nodes.flatMap((node) => Array.from({ length: 45 }, async () => node.add(LEFT_PAD, DAY))),
      )
      await Promise.all(nodes.map((node) => node.stop()))
      expect(await counted(sql)).toEqual({ day: 90, version: 90, package: 90 })
    },
  )
})
