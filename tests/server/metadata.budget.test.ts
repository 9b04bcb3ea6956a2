/**
 * One caller cannot take a node's whole time with metadata queries: past
 * its budget of query work it is told to come back later (429 with Retry-After, the
 * documented {message, code}), while another caller is still answered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { costBudget } from '../../server/metadata/budget'
import { startTestServer, type TestServer } from '../support/server'
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

  it('refills at its rate up to the burst', () => {
    let t = 0
    const budget = costBudget({ perSecond: 100, burst: 300 }, () => t)
    expect(budget.take('a', 300)).toBeUndefined()
    expect(budget.take('a', 100)).toBe(1000)
    t = 1000
    expect(budget.take('a', 100)).toBeUndefined()
    t = 60_000
    expect(budget.take('a', 300)).toBeUndefined()
    expect(budget.take('a', 1)).toBe(10)
    expect(budget.take('b', 300)).toBeUndefined()
  })
})
