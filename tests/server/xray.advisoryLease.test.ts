/**
 * ADVISORIES_PATH on two nodes of one PostgreSQL: the node holding the import's lease imports
 * it, the other does not; once the holder stops, the other takes the lease at its next try and
 * imports it then. The lease's own rules (expiry, renewals) are tests/server/ops-lease.test.ts.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { manualClock } from '../../server/clock'
import { LEASE_RENEW_MS } from '../../server/ops/lease'
import { sharedPostgres, type TestPostgres } from '../support/postgres'
import { startTestServer, type TestServer } from '../support/server'
import { osvAdvisory } from '../support/osvAdvisories'
import { poll } from '../support/wait'

const dir = mkdtempSync(join(tmpdir(), 'console-advisories-'))
const servers: TestServer[] = []
let database: { postgres: TestPostgres; url: string } | undefined
afterAll(async () => {
  for (const server of servers) await server.stop()
  if (database) await database.postgres.drop(database.url)
  rmSync(dir, { recursive: true, force: true })
})

const advisory = osvAdvisory('GHSA-lease-test', 'left-pad')

it('imports ADVISORIES_PATH on the node holding the lease, and on the other once it stops', async () => {
  writeFileSync(join(dir, 'GHSA-lease-test.json'), JSON.stringify(advisory))
  const importsOf = async (server: TestServer) =>
    server.ctx.sql.all<{ started: string; ok: number }>(
      'SELECT started, ok FROM xray_imports WHERE source = ? ORDER BY started',
      [dir],
    )
  // A database neither node made, so that stopping the first node leaves it to the second.
  const postgres = await sharedPostgres()
  database = { postgres, url: await postgres.database('scanned') }
  const databaseUrl = database.url
  const first = await startTestServer({ advisoriesPath: dir, nodeId: 'host-a-1', databaseUrl })
  servers.push(first)
  await poll(
    () => importsOf(first),
    (imports) => imports.length >= 1,
    { what: "the first node's import", timeoutMs: 120_000 },
  )

  // The second node's clock, a second later: the first node's lease (three renewals long) still holds.
  const start = Date.now() + 1000
  const clock = manualClock(start)
  const second = await startTestServer(
    { advisoriesPath: dir, nodeId: 'host-b-1', databaseUrl },
    {},
    { clock },
  )
  servers.push(second)
  expect(await second.ctx.sql.one('SELECT holder FROM leases WHERE name = ?', ['advisory-import'])).toEqual({
    holder: 'host-a-1',
  })

  // The first node stops and gives the lease up; the second takes it at its next try.
  servers.shift()
  await first.stop()
  clock.advance(LEASE_RENEW_MS)
  const takenAt = new Date(start + LEASE_RENEW_MS).toISOString()
  await poll(
    () => importsOf(second),
    (imports) => imports.some((i) => i.started === takenAt),
    { what: "the second node's import", timeoutMs: 120_000 },
  )
  const imports = await importsOf(second)
  // One import by the first node, one by the second when it took over: none when it started.
  expect(imports).toHaveLength(2)
  expect(imports.map((i) => i.ok)).toEqual([1, 1])
  expect(imports[1]!.started).toBe(takenAt)
  expect(await second.ctx.sql.one('SELECT holder FROM leases WHERE name = ?', ['advisory-import'])).toEqual({
    holder: 'host-b-1',
  })
}, 180_000)
