/**
 * One caller cannot take a node's whole time with metadata queries: past
 * its budget of query work it is told to come back later (429 with Retry-After, the
 * documented {message, code}), while another caller is still answered. The budget is one for
 * every node: spreading queries over two nodes on one PostgreSQL does not double it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { costBudget } from '../../server/metadata/budget'
import { browserHeaders, startTestServer, type TestServer } from '../support/server'
import { anotherConnection, migrated, testEngines } from '../support/engines'
import { signInDirectly } from './helpers/catalogSession'
import { PACKAGES_QUERY } from './helpers/graphql'

let server: TestServer

beforeAll(async () => {
  // A budget of about three pages of 100 packages, refilled too slowly to matter here.
  server = await startTestServer({ graphqlBudget: { perSecond: 1, burst: 12_000 } })
})
afterAll(async () => server.stop())

const page = (cookie: string) =>
  fetch(`${server.url}/ui/api/v1/mds/packages`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      origin: server.url,
      cookie,
    },
    body: JSON.stringify({ graphQL: { query: PACKAGES_QUERY, variables: { filter: {}, first: 100 } } }),
  })

describe('metadata query budget per caller', () => {
  it('refuses a caller past its budget with 429 and Retry-After, and still answers another', async () => {
    const greedy = signInDirectly(server)
    const statuses: number[] = []
    let refused: Response | undefined
    for (let i = 0; i < 6 && !refused; i++) {
      const res = await page(greedy)
      statuses.push(res.status)
      if (res.status === 429) refused = res
      else await res.arrayBuffer()
    }
    expect(statuses.slice(0, 2)).toEqual([200, 200])
    expect(refused?.status).toBe(429)
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await refused?.json()).toEqual({
      message: expect.stringMatching(/^Too many metadata queries: ask again in \d+ s$/),
      code: 'QUERY_BUDGET_EXCEEDED',
    })
    const other = await page(signInDirectly(server))
    expect(other.status).toBe(200)
  })
})

describe.each(testEngines())('metadata query budgets on %s', (name, open) => {
  it('refill at their rate up to the burst', async () => {
    const db = await migrated(open)
    let t = 0
    const budget = costBudget(db, { perSecond: 100, burst: 300 }, () => t)
    expect(await budget.take('a', 300)).toBeUndefined()
    expect(await budget.take('a', 100)).toBe(1000)
    t = 1000
    expect(await budget.take('a', 100)).toBeUndefined()
    t = 60_000
    expect(await budget.take('a', 300)).toBeUndefined()
    expect(await budget.take('a', 1)).toBe(10)
    expect(await budget.take('b', 300)).toBeUndefined()
    // More than the burst is never admitted, and takes nothing.
    expect(await budget.take('c', 301)).toBe(10)
    expect(await budget.take('c', 300)).toBeUndefined()
  })

  // Two connections in one thread cannot stand for two SQLite nodes (the second's wait for the
  // write lock would block the thread that holds it); there one writer at a time is the rule.
  it.runIf(name === 'postgres')(
    'admit exactly what the burst holds when two nodes take at once',
    async () => {
      const db = await migrated(open)
      const other = await anotherConnection(db)
      const limits = { perSecond: 0.001, burst: 1_000 }
      const nodes = [costBudget(db, limits, () => 0), costBudget(other, limits, () => 0)]
      const waits = await Promise.all(Array.from({ length: 20 }, (_, i) => nodes[i % 2]!.take('same', 100)))
      expect(waits.filter((w) => w === undefined)).toHaveLength(10)
    },
  )
})

describe('metadata query budgets across nodes', () => {
  let first: TestServer | undefined
  let second: TestServer | undefined
  afterAll(async () => {
    // The second node first: the first one's stop drops the database.
    await second?.stop()
    await first?.stop()
  })

  it("count a caller's queries on every node against one budget", async () => {
    // Room for one page of 100 (3,000–4,500 units), not two, refilled too slowly to matter.
    const graphqlBudget = { perSecond: 1, burst: 5_000 }
    first = await startTestServer({ graphqlBudget }, {}, { engine: 'postgres' })
    second = await startTestServer({ graphqlBudget, databaseUrl: first.config.databaseUrl })
    const caller = signInDirectly(first)
    const ask = (node: TestServer) =>
      fetch(`${node.url}/ui/api/v1/mds/packages`, {
        method: 'POST',
        headers: browserHeaders(node.url, caller),
        body: JSON.stringify({ graphQL: { query: PACKAGES_QUERY, variables: { filter: {}, first: 100 } } }),
      })
    const one = await ask(first)
    expect(one.status).toBe(200)
    await one.arrayBuffer()
    const other = await ask(second)
    expect(other.status).toBe(429)
    expect(await other.json()).toMatchObject({ code: 'QUERY_BUDGET_EXCEEDED' })
  }, 120_000)
})
