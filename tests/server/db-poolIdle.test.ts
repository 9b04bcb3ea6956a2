/**
 * The PostgreSQL pool keeps its connections while the platform is idle. The `pg` pool closed a
 * connection idle for 10 s, so a signed-in page after a pause opened its connections again (a
 * new server process each, on a loaded machine 291–437 ms for the page against 69–125 ms right
 * after it): what a user coming back to the console waits for, and what made one user's page
 * look slower than another's in a run where it came after a pause. The pool's timers run on a
 * fake clock here, so an hour idle passes at once.
 */
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { openPostgres } from '../../server/db/postgresSql'
import type { Database } from '../../server/db/sql'
import { sharedPostgres } from '../support/postgres'

let db: Database | undefined

afterEach(() => {
  vi.useRealTimers()
})

afterAll(async () => {
  await db?.close()
})

/** The server processes (by pid) that answer `n` statements run at once. */
async function backends(n: number): Promise<Set<number>> {
  const rows = await Promise.all(
    Array.from({ length: n }, () =>
      // Each holds its connection a moment on the server's side, so the n need n connections.
      db!.one<{ pid: number }>('SELECT pg_backend_pid() AS pid, pg_sleep(0.2) AS slept'),
    ),
  )
  return new Set(rows.map((row) => row!.pid))
}

describe('the PostgreSQL pool', () => {
  it('answers after an hour idle on the connections it had', async () => {
    const postgres = await sharedPostgres()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    db = await openPostgres(await postgres.database())
    const before = await backends(5)
    expect(before.size).toBe(5)
    vi.advanceTimersByTime(3_600_000)
    const after = await backends(5)
    expect([...after].filter((pid) => !before.has(pid))).toEqual([])
  }, 60_000)
})
