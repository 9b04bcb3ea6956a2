/**
 * The metadata GraphQL gives the same answers and pages on both engines: one platform on the
 * embedded SQLite and one on a PostgreSQL the test starts, each with the shipped catalogue and the
 * same few packages published, asked the same queries (every order through every page; name,
 * description and latest-version patterns with `*`, `?` and characters special to SQL's LIKE;
 * the other filters; a caller who may read one repository only, whose counts and latest versions
 * are over the versions it may read; versions and one package).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { publishBody } from '../support/npmPublish'
import { startTestServer, type TestServer } from '../support/server'
import { call, sessionOf } from '../support/apiCalls'
import { signInDirectly, signInDirectlyAs } from './helpers/catalogSession'
import { gql } from './helpers/graphql'
import { grant } from './helpers/permissions'

interface Platform {
  readonly server: TestServer
  readonly admin: string
  readonly reader: string
  /** May read npm-local alone. */
  readonly narrow: string
}

const engines = ['sqlite', 'postgres'] as const
const platforms = new Map<(typeof engines)[number], Platform>()

// Published on both: one package with versions in two repositories, and names `_` and `%` would
// match as LIKE's wildcards were they not escaped.
const PUBLISHED: ReadonlyArray<readonly [repo: string, name: string, version: string]> = [
  ['npm-local', 'split-lib', '1.0.0'],
  ['npm-local', 'split-lib', '1.1.0'],
  ['npm-private', 'split-lib', '2.0.0'],
  ['npm-private', 'split-lib', '3.0.0-beta.1'],
  ['npm-local', 'under_score', '1.0.0'],
  ['npm-local', 'underxscore', '1.0.0'],
  ['npm-local', 'per-cent', '0.1.0'],
  ['npm-local', 'per-xcent', '0.1.0'],
]

async function platformOn(engine: (typeof engines)[number]): Promise<Platform> {
  const server = await startTestServer({ graphqlBudget: { perSecond: 1e12, burst: 1e12 } }, {}, { engine })
  const admin = await sessionOf(server, 'admin')
  const created = await call(server, 'POST', '/repositories', {
    cookie: admin,
    body: { key: 'npm-private', kind: 'local', packageType: 'npm' },
  })
  expect(created.status).toBe(201)
  for (const [repo, name, version] of PUBLISHED) {
    const res = await fetch(`${server.url}/artifactory/api/npm/${repo}/${name}`, {
      method: 'PUT',
      headers: {
        authorization: `Basic ${Buffer.from('admin:password').toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(publishBody(name, version).body),
    })
    expect(res.status, await res.text()).toBe(200)
  }
  // Written straight into either engine's database (through psql on PostgreSQL).
  const reader = signInDirectly(server)
  const outsider = signInDirectlyAs(server, { outsider: true })
  await grant(server, { repositories: ['npm-local'], users: { [outsider.name]: ['read'] } }, admin)
  return { server, admin, reader, narrow: outsider.cookie }
}

beforeAll(async () => {
  for (const engine of engines) platforms.set(engine, await platformOn(engine))
}, 300_000)
afterAll(async () => {
  for (const platform of platforms.values()) await platform.server.stop()
})

// Times of the published packages differ between the two platforms: not asked.
const NODE = `id name packageType description latestVersion versionsCount licenses { name source } tags
  vulnerabilities { critical high medium low info unknown skipped }`

const PAGE = `query($filter: PackageFilter!, $first: Int, $after: ID, $orderBy: PackageOrder) {
  packages(filter: $filter, first: $first, after: $after, orderBy: $orderBy) {
    totalCount edges { cursor node { ${NODE} } } pageInfo { hasNextPage endCursor }
  }
}`

interface Page {
  totalCount: number
  edges: Array<{ cursor: string; node: { id: string; name: string } }>
  pageInfo: { hasNextPage: boolean; endCursor: string | null }
}

/** Every page of a list: the nodes in order, the total and each page's size. */
async function walk(platform: Platform, cookie: string, variables: Record<string, unknown>) {
  const nodes: unknown[] = []
  const sizes: number[] = []
  let totalCount = -1
  let after: string | null = null
  for (;;) {
    const reply = await gql<{ packages: Page }>(platform.server, cookie, PAGE, { ...variables, after })
    expect(
      reply.body.errors,
      `${platform.server.ctx.sql.engine} ${JSON.stringify(variables)}`,
    ).toBeUndefined()
    const page: Page = reply.body.data!.packages
    totalCount = page.totalCount
    sizes.push(page.edges.length)
    nodes.push(...page.edges.map((e) => e.node))
    if (!page.pageInfo.hasNextPage) return { nodes, totalCount, sizes }
    after = page.pageInfo.endCursor
  }
}

/** The answer of each engine to the same question. */
async function onBoth<T>(ask: (platform: Platform) => Promise<T>): Promise<{ sqlite: T; postgres: T }> {
  return { sqlite: await ask(platforms.get('sqlite')!), postgres: await ask(platforms.get('postgres')!) }
}

describe('the metadata GraphQL on SQLite and on PostgreSQL', () => {
  it('orders and pages the whole catalogue alike, in every order', async () => {
    for (const field of ['NAME', 'CREATED', 'MODIFIED', 'DOWNLOADS'])
      for (const direction of ['ASC', 'DESC']) {
        const variables = { filter: {}, first: 400, orderBy: { field, direction } }
        const { sqlite, postgres } = await onBoth((p) => walk(p, p.reader, variables))
        expect(sqlite.nodes.length).toBe(sqlite.totalCount)
        expect(sqlite.sizes.length).toBeGreaterThan(2)
        expect(postgres, `${field} ${direction}`).toEqual(sqlite)
      }
  }, 300_000)

  it('filters alike, wildcards and LIKE specials included', async () => {
    const filters: Array<Record<string, unknown>> = [
      { name: 'under_score' },
      { name: 'under?score' },
      { name: 'per%cent' },
      { name: '*%*' },
      { name: '*_*' },
      { name: '@babel/*' },
      { name: 'lib*++*' },
      { name: 'SPLIT-*' },
      { name: '[a]*' },
      { name: '*\\*' },
      { description: '*parser*' },
      { packageTypeIn: ['debian'] },
      { packageTypeIn: ['npm'], licensesIn: ['MIT'] },
      { severitiesIn: ['CRITICAL', 'HIGH'] },
      { createdMin: '2020-01-01T00:00:00Z', createdMax: '2024-06-30T00:00:00Z' },
      { latestVersion: '1.*' },
      { latestVersion: '*-beta.?' },
      { latestVersion: '2.0.0', ignorePreRelease: true },
      { versionCountMin: 3 },
      { versionCountMax: 1, packageTypeIn: ['npm'] },
      { versionCountMin: 2, versionCountMax: 3, ignorePreRelease: true },
      { repositoriesIn: ['npm-private'] },
    ]
    const found = (platform: Platform, cookie: string, filter: Record<string, unknown>) =>
      walk(platform, cookie, { filter, first: 1000 })
    for (const filter of filters)
      for (const who of ['reader', 'narrow'] as const) {
        const { sqlite, postgres } = await onBoth((p) => found(p, p[who], filter))
        expect(postgres, `${who} ${JSON.stringify(filter)}`).toEqual(sqlite)
      }
    // Not vacuous: the patterns find what they name, and the literal `_` and `%` only themselves.
    const names = async (filter: Record<string, unknown>, who: 'reader' | 'narrow' = 'reader') =>
      (
        (await found(platforms.get('postgres')!, platforms.get('postgres')![who], filter)).nodes as Array<{
          name: string
        }>
      ).map((n) => n.name)
    expect(await names({ name: 'under_score' })).toEqual(['under_score'])
    expect(await names({ name: 'under?score' })).toEqual(['under_score', 'underxscore'])
    expect(await names({ name: 'per%cent' })).toEqual([])
    expect((await names({ name: '@babel/*' })).length).toBeGreaterThan(3)
    expect(await names({ latestVersion: '*-beta.?' })).toContain('split-lib')
    expect(await names({ latestVersion: '*-beta.?' }, 'narrow')).toEqual([])
    expect(await names({ name: 'split-lib', latestVersion: '1.1.0' }, 'narrow')).toEqual(['split-lib'])
    expect(await names({ name: 'split-lib', versionCountMax: 2 }, 'narrow')).toEqual(['split-lib'])
    expect(await names({ name: 'split-lib', versionCountMax: 2 })).toEqual([])
  }, 300_000)

  it('answers versions and one package alike', async () => {
    const query = `query($id: ID!, $filter: VersionFilter!, $orderBy: VersionOrder) {
      package(id: $id) { ${NODE} }
      versions(filter: $filter, first: 2, orderBy: $orderBy) {
        totalCount edges { node { name repos { name } package { latestVersion versionsCount } } }
        pageInfo { hasNextPage }
      }
    }`
    const first = async (filter: Record<string, unknown>) => {
      const p = platforms.get('sqlite')!
      const reply = await gql<{ packages: Page }>(p.server, p.reader, PAGE, { filter, first: 1 })
      return reply.body.data!.packages.edges[0]!.node.id
    }
    const ids = [
      'npm://split-lib',
      await first({ versionCountMin: 3 }),
      await first({ packageTypeIn: ['debian'] }),
    ]
    for (const id of ids)
      for (const who of ['reader', 'narrow'] as const)
        for (const orderBy of [undefined, { field: 'NAME_SEMVER', direction: 'ASC' }])
          for (const name of [undefined, '1.*']) {
            const variables = {
              id,
              filter: { packageId: id, ...(name ? { name } : {}) },
              ...(orderBy ? { orderBy } : {}),
            }
            const { sqlite, postgres } = await onBoth(async (p) => gql(p.server, p[who], query, variables))
            expect(sqlite.status).toBe(200)
            expect(postgres, `${id} ${who}`).toEqual(sqlite)
          }
  }, 120_000)
})
