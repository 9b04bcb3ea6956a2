/**
 * An import's rescan whose node died mid-run (issue 36): the node's last write left it running
 * or waiting, and nothing would ever write it again, so the Advisory Database page showed it
 * going, and asked again every second, for ever. The running node's heartbeat (renewed after
 * every batch) is read on the platform's clock: once it lapses the rescan reads as failed,
 * interrupted, and its Retry scans again. Time is a manual clock, moved by the test.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { isoNow, manualClock } from '../../server/clock'
import { xrayFor } from '../../server/xray/service'
import { RESCAN_LEASE_MS, xrayStore, type ImportRescan } from '../../server/xray/store'
import { call } from '../support/apiCalls'
import { startTestServer, type TestServer } from '../support/server'
import { uploadAdvisoryFile } from '../support/osvAdvisories'
import { signInDirectly } from './helpers/catalogSession'

interface Import {
  id: number
  source: string
  rescan: ImportRescan | null
}

const clock = manualClock()
let server: TestServer
let admin: string

beforeAll(async () => {
  server = await startTestServer({}, {}, { clock })
  admin = signInDirectly(server, { admin: true })
  await xrayFor(server.ctx).idle()
}, 120_000)
afterAll(async () => server?.stop())

const importFile = async (name: string) => {
  const answered = (await uploadAdvisoryFile(server, admin, name)) as Import
  await xrayFor(server.ctx).idle()
  return answered
}
const rescanOf = async (id: number) => {
  const status = await call<{ imports: Import[] }>(server, 'GET', '/xray/api/v1/advisories/status', {
    cookie: admin,
  })
  expect(status.status).toBe(200)
  return status.body.imports.find((i) => i.id === id)?.rescan
}
/** What a node leaves when it dies mid-run: its last word on the rescan, never followed by another. */
const lastWordOfDeadNode = (id: number, status: 'waiting' | 'running') =>
  xrayStore(server.ctx.sql).setImportRescan(
    [id],
    { status, scanned: status === 'running' ? 1 : 0, total: 5, finished: null, error: null },
    isoNow(clock),
  )

it.each(['running', 'waiting'] as const)(
  'reads a %s rescan whose node stopped beating as failed, interrupted, once its lease lapses',
  async (status) => {
    const { id } = await importFile(`lease-${status}.json`)
    await lastWordOfDeadNode(id, status)
    expect(await rescanOf(id)).toMatchObject({ status, error: null })

    // Within the lease, a long batch and a dead node look alike: still going.
    clock.advance(RESCAN_LEASE_MS - 1_000)
    expect(await rescanOf(id)).toMatchObject({ status, error: null })

    clock.advance(2_000)
    const lapsed = await rescanOf(id)
    expect(lapsed).toMatchObject({ status: 'failed', error: expect.stringMatching(/^interrupted/) })
    expect(Date.parse(lapsed!.finished!)).toBeLessThanOrEqual(clock.now())

    // Its Retry scans again, on a live node: done.
    const retried = await call<Import>(server, 'POST', `/xray/api/v1/advisories/imports/${id}/rescan`, {
      cookie: admin,
      body: {},
    })
    expect(retried.status).toBe(202)
    expect(retried.body.rescan?.status).not.toBe('failed')
    await xrayFor(server.ctx).idle()
    expect(await rescanOf(id)).toMatchObject({ status: 'done', error: null })
  },
)
