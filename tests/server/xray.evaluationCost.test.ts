/**
 * What evaluating the catalogue against watches and policies costs the database. A new watch, a
 * changed policy or a removed watch judges every indexed version again (some 600 in the sample
 * catalogue); each version was read (itself, its scan, its findings, its violations) and written
 * on its own: 3,400 statements to create a licence watch, each a round trip on PostgreSQL, where
 * the test making that watch took 9 s against 0.5 s on SQLite. A batch of versions is now read
 * and written in a few statements. In the server project on SQLite and in server-postgres on
 * PostgreSQL. The platform runs on a clock the test holds, so no timer of its own sends
 * statements while a request is counted; the notifications a request's violations owe are sent
 * (here: ended unsent, no webhook is set) and counted with it. A statement sent a few times in a
 * request is one read a step, not one a version: the scans settings, for instance, are read for
 * the rules, for the history kept and for each claim of the notifications owed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call } from '../support/apiCalls'
import { startTestServer, type TestServer } from '../support/server'
import { signInDirectly } from './helpers/catalogSession'
import { licencePolicy } from '../support/xrayPolicies'
import { statementsDuring, timesEachText, type SentStatement } from '../support/statements'
import { manualClock } from '../../server/clock'
import { xrayFor } from '../../server/xray/service'

let server: TestServer
let admin: string

beforeAll(async () => {
  server = await startTestServer({}, {}, { clock: manualClock() })
  admin = signInDirectly(server, { admin: true })
}, 120_000)

afterAll(async () => {
  await server?.stop()
})

/**
 * The statements the server runs while it answers `method path`, checked to answer `status`, and
 * while it sends the notifications that answer owes. What the platform still had to send before
 * (its start's notifications, a run set off by the request before) is sent first, not counted here.
 */
async function statementsOf(method: string, path: string, status: number, body?: unknown) {
  await xrayFor(server.ctx).deliverNotifications()
  let answered = 0
  const statements = await statementsDuring(server.ctx.sql, async () => {
    answered = (await call(server, method, path, { cookie: admin, body })).status
    await xrayFor(server.ctx).deliverNotifications()
  })
  expect(answered, `${method} ${path}`).toBe(status)
  return statements
}

/** The text sent most often, with how many times. */
const mostRepeated = (statements: readonly SentStatement[]) => timesEachText(statements)[0]!

const violationsOf = async (policy: string) =>
  (
    await call<{ total: number; rows: Array<{ blockDownload: boolean }> }>(
      server,
      'GET',
      `/xray/api/v1/violations?policy=${policy}&limit=1`,
      { cookie: admin },
    )
  ).body

describe('what judging the catalogue again costs', () => {
  it('a watch made, its policy changed and the watch removed: a few statements, not a few a version', async () => {
    const indexed = await server.ctx.sql.one<{ n: number }>(
      `SELECT COUNT(*) AS n FROM catalog_versions v JOIN xray_indexed_repos r ON r.repo = v.repo
       WHERE v.repo_type IN ('npm', 'docker')`,
    )
    // Enough versions that a statement per version shows.
    expect(Number(indexed?.n)).toBeGreaterThan(500)
    const policy = licencePolicy('no-mit-cost', ['MIT'])
    await statementsOf('POST', '/xray/api/v1/policies', 201, policy)

    const made = await statementsOf('POST', '/xray/api/v1/watches', 201, {
      name: 'cost',
      description: '',
      resources: { kind: 'all' },
      policies: ['no-mit-cost'],
    })
    const found = await violationsOf('no-mit-cost')
    // It judged: hundreds of versions break the rule, each stored with the notification it owes.
    expect(found.total).toBeGreaterThan(100)
    expect(mostRepeated(made)[1]).toBeLessThanOrEqual(6)
    expect(made.length).toBeLessThan(80)

    // Every violation changes its actions: they change together.
    const changed = await statementsOf('PUT', '/xray/api/v1/policies/no-mit-cost', 200, {
      ...policy,
      rules: policy.rules.map((r) => ({
        ...r,
        actions: { ...r.actions, blockDownload: true, notify: false },
      })),
    })
    expect((await violationsOf('no-mit-cost')).rows[0]?.blockDownload).toBe(true)
    expect(mostRepeated(changed)[1]).toBeLessThanOrEqual(6)
    expect(changed.length).toBeLessThan(80)

    const removed = await statementsOf('DELETE', '/xray/api/v1/watches/cost', 204)
    expect((await violationsOf('no-mit-cost')).total).toBe(0)
    expect(mostRepeated(removed)[1]).toBeLessThanOrEqual(6)
    expect(removed.length).toBeLessThan(80)
  })

  it('a rescan of every version finds what it found before, in a few statements a batch', async () => {
    const found = async () =>
      server.ctx.sql.all<{ version_id: string; advisory_id: string; component: string }>(
        'SELECT version_id, advisory_id, component FROM xray_findings ORDER BY version_id, advisory_id, component',
      )
    const counts = () =>
      server.ctx.sql.all(
        `SELECT id, vuln_critical, vuln_high, vuln_medium, vuln_low, vuln_unknown FROM catalog_packages
         WHERE vuln_critical + vuln_high + vuln_medium + vuln_low + vuln_unknown > 0 ORDER BY id`,
      )
    const [before, countsBefore] = [await found(), await counts()]
    expect(before.length).toBeGreaterThan(10)
    let scanned = 0
    const statements = await statementsDuring(server.ctx.sql, async () => {
      scanned = await xrayFor(server.ctx).rescanAll()
    })
    expect(scanned).toBeGreaterThan(500)
    expect(await found()).toEqual(before)
    expect(await counts()).toEqual(countsBefore)
    // Before: each version read itself, its dependencies and each package's ranges, and wrote
    // its findings, scan and counts: 7,943 statements.
    expect(mostRepeated(statements)[1]).toBeLessThanOrEqual(6)
    expect(statements.length).toBeLessThan(120)
  })

  it('lists watches and policies in the same statements however many there are', async () => {
    const lists = async () => ({
      watches: (await statementsOf('GET', '/xray/api/v1/watches', 200)).length,
      policies: (await statementsOf('GET', '/xray/api/v1/policies', 200)).length,
    })
    /** A policy and a watch using it. */
    const add = async (name: string) => {
      await statementsOf('POST', '/xray/api/v1/policies', 201, licencePolicy(name, ['GPL-3.0']))
      await statementsOf('POST', '/xray/api/v1/watches', 201, {
        name,
        description: '',
        resources: { kind: 'repositories', repositories: ['npm-local'] },
        policies: [name],
      })
    }
    await add('list-1')
    const one = await lists()
    for (const name of ['list-2', 'list-3', 'list-4']) await add(name)
    expect(await lists()).toEqual(one)
  })
})
