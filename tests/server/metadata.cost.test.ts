/**
 * One signed-in user cannot stall the platform through the metadata GraphQL API: a query's
 * cost is the number of field resolutions (aliases × depth × `first` multiplied out) and a
 * costly or over-long query is refused with the documented {message, code} shape before it
 * runs, so no single request holds the event loop for long.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { VERSIONS_QUERY } from '../../adapters/graphql/packages'
import { PACKAGES_QUERY } from '../../domain/packages/listRead'
import { browserHeaders, startTestServer, type TestServer } from '../support/server'
import { signInDirectly } from './helpers/catalogSession'

let server: TestServer
let cookie: string
beforeAll(async () => {
  server = await startTestServer()
  cookie = signInDirectly(server)
})
afterAll(async () => server.stop())

async function post(body: unknown, as = cookie) {
  const res = await fetch(`${server.url}/ui/api/v1/mds/packages`, {
    method: 'POST',
    headers: browserHeaders(server.url, as),
    body: JSON.stringify(body),
  })
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> }
}

const PAGE_FIELDS = 'id name packageType description created modified latestVersion versionsCount tags'
const aliasedPages = (n: number, first: number) =>
  `{ ${Array.from({ length: n }, (_, i) => `a${i}: packages(filter: {}, first: ${first}) { edges { node { ${PAGE_FIELDS} } } }`).join(' ')} }`

describe('metadata GraphQL cost', () => {
  it('refuses 50 aliases of packages(first: 100) with {message, code} before running it', async () => {
    const query = aliasedPages(50, 100)
    expect(query.length).toBeLessThan(8_000)
    const reply = await post({ graphQL: { query } })
    expect(reply.status).toBe(400)
    expect(reply.body).toMatchObject({
      code: 'QUERY_TOO_COSTLY',
      message: expect.stringMatching(/costs more than/),
    })
    expect(reply.body.data).toBeUndefined()
  })

  it('multiplies nested connections too, while two aliased pages pass', async () => {
    expect((await post({ graphQL: { query: aliasedPages(2, 100) } })).status).toBe(200)
    // A version's package has no connection, but the versions around it multiply its fields.
    const nested = `{ ${Array.from({ length: 40 }, (_, i) => `v${i}: versions(filter: { packageId: "npm://react" }, first: 100) { edges { node { id name package { ${PAGE_FIELDS} } } } }`).join(' ')} }`
    const reply = await post({ graphQL: { query: nested } })
    expect(reply.status).toBe(400)
    expect(reply.body).toMatchObject({ code: 'QUERY_TOO_COSTLY' })
  })

  it("accepts the console's own pages", async () => {
    const page = await post({ graphQL: { query: PACKAGES_QUERY, variables: { filter: {}, first: 100 } } })
    expect(page.status).toBe(200)
    const versions = await post({
      graphQL: { query: VERSIONS_QUERY, variables: { filter: { packageId: 'npm://react' }, first: 100 } },
    })
    expect(versions.status).toBe(200)
  })

  it('refuses an over-long query with {message, code}, not an empty body', async () => {
    const reply = await post({
      graphQL: { query: `{ packages(filter: {}) { totalCount } } #${'x'.repeat(25_000)}` },
    })
    expect(reply.status).toBe(400)
    expect(reply.body).toMatchObject({
      code: 'QUERY_TOO_LONG',
      message: expect.stringMatching(/longer than/),
    })
  })
})
