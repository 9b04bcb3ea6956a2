/**
 * A lease in the database, on both engines: of two nodes (two connections, each with its own
 * clock) one runs the leased work at a time; the other takes over once the holder stops renewing
 * (it died: its clock, and so its timer, stands still), and at once when the holder stops.
 */
import { describe, expect, it } from 'vitest'
import { manualClock, type ManualClock } from '../../server/clock'
import { leasedSchedule, LEASE_RENEW_MS, type LeasedSchedule } from '../../server/ops/lease'
import type { Sql } from '../../server/db/sql'
import { anotherConnection, migrated, testEngines } from '../support/engines'

const engines = testEngines()
/** The work's schedule: a few renewals long, so the test takes few steps. */
const INTERVAL = 6 * LEASE_RENEW_MS

/** Moves a node's clock on by `tries` of its renewals, one at a time, each try done. */
async function tries(clock: ManualClock, schedule: LeasedSchedule, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    clock.advance(LEASE_RENEW_MS)
    await schedule.settled()
  }
}

describe.each(engines)('a lease on %s', (_name, open) => {
  it('runs the work on one node at a time, taken over when the holder dies or stops', async () => {
    const first = await migrated(open)
    const second = await anotherConnection(first)
    const start = Date.UTC(2026, 11, 3, 10)
    const runs: string[] = []
    const node = (sql: Sql, id: string, clock: ManualClock): LeasedSchedule =>
      leasedSchedule(sql, {
        name: 'import',
        holder: id,
        clock,
        intervalMs: INTERVAL,
        job: (taken) => runs.push(`${id}${taken ? ' took' : ''}`),
        onError: (error) => runs.push(`${id} failed: ${String(error)}`),
      })
    const clockA = manualClock(start)
    const clockB = manualClock(start)
    const a = node(first, 'host-a-1', clockA)
    await a.settled()
    const b = node(second, 'host-b-1', clockB)
    await b.settled()
    expect(runs).toEqual(['host-a-1 took'])

    // Both alive for two intervals: the holder runs the work on its schedule, the other never.
    for (let i = 0; i < (2 * INTERVAL) / LEASE_RENEW_MS; i++) {
      await tries(clockA, a, 1)
      await tries(clockB, b, 1)
    }
    expect(runs).toEqual(['host-a-1 took', 'host-a-1', 'host-a-1'])

    // Host A dies: its clock stands still, nothing renews its lease. Host B takes over once the
    // lease has expired, and not before.
    await tries(clockB, b, 3)
    expect(runs).toHaveLength(3)
    await tries(clockB, b, 1)
    expect(runs).toEqual(['host-a-1 took', 'host-a-1', 'host-a-1', 'host-b-1 took'])

    // Host A comes back (its timer fires again): B holds the lease, A runs nothing.
    await tries(clockA, a, 1)
    expect(runs).toHaveLength(4)

    // B stops: it gives the lease up, and A takes it at its next try.
    await b.stop()
    await tries(clockA, a, 1)
    expect(runs).toEqual(['host-a-1 took', 'host-a-1', 'host-a-1', 'host-b-1 took', 'host-a-1 took'])
    await a.stop()
  })
})
