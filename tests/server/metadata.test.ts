import { createHash } from 'node:crypto'
import fc from 'fast-check'
import semver from 'semver'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertPackage } from '../../server/catalog/load'
import { buildImage } from '../../server/containers/imageBuilder'
import { startTestServer, type TestServer } from '../support/server'
import { signInDirectly } from './helpers/catalogSession'
import { ociPusher } from '../support/ociPush'
import {
  allPackages,
  gql,
  PACKAGE_FIELDS,
  PACKAGES_QUERY,
  type Connection,
  type GraphQLReply,
  type PackageNode,
} from './helpers/graphql'

let server: TestServer
let cookie: string

/** More tags than one page (100) of versions holds: `1.<m>.<p>`, every tenth a `-rc.1`. */
const NIGHTLY_TAGS = Array.from(
  { length: 130 },
  (_, i) => `1.${Math.floor(i / 10)}.${i % 10}${i % 10 === 9 ? '-rc.1' : ''}`,
)

/** Docker images pushed through the registry API in beforeAll: the only docker packages there are. */
const IMAGES: ReadonlyArray<{ name: string; tags: readonly string[] }> = [
  { name: 'meta/web', tags: ['1.0.0', '1.1.0', '2.0.0-rc.1'] },
  { name: 'meta/api', tags: ['0.9.0'] },
  { name: 'meta/nightly', tags: NIGHTLY_TAGS },
]

/** A package whose version names exercise the semver order: pre-release, non-semver names. */
const ODD_VERSIONS = ['1.0.0', '10.0.0', '2.0.0', '2.0.0-rc.1', 'banana', '1:2.3-4', '0.9.0']

beforeAll(async () => {
  // This client pages through the whole catalogue dozens of times in seconds, far past what
  // one person's console asks: the per-caller budget is lifted (metadata.budget.test.ts tests it).
  server = await startTestServer({ graphqlBudget: { perSecond: 1e12, burst: 1e12 } })
  // An admin: the packages seeded below sit in repositories that exist only in the catalogue.
  cookie = signInDirectly(server, { admin: true })
  // Seeded through the catalogue's own inserter: a package the snapshot cannot be relied on to have.
  await insertPackage(server.ctx.sql, {
    type: 'generic',
    name: 'zz-test-ordering',
    description: 'Versions in a mixed order',
    licenses: ['MIT'],
    licenseSource: 'test',
    tags: [],
    source: 'test',
    versions: ODD_VERSIONS.map((name, i) => ({
      name,
      created: new Date(Date.UTC(2024, 0, 1 + i)).toISOString(),
      modified: new Date(Date.UTC(2024, 0, 1 + i)).toISOString(),
      repo: i % 2 ? 'generic-odd' : 'generic-even',
      leadFilePath: `zz/${name}/file.txt`,
      size: 1,
      licenses: i === 0 ? ['Apache-2.0'] : ['MIT'],
      advisories: [],
      files: [],
      dependencies: [],
      properties: [],
    })),
  })
  const pusher = await ociPusher(server.url, 'developer', server.config.userPassword)
  for (const { name, tags } of IMAGES) {
    const image = buildImage({
      layers: [{ command: `ADD ${name}`, files: [{ path: 'name', content: name }] }],
    })
    await pusher.push(`docker-local/${name}`, image, tags)
  }
})
afterAll(async () => server.stop())

type Packages = { packages: Connection<PackageNode> }
const packages = (variables: Record<string, unknown>) =>
  gql<Packages>(server, cookie, PACKAGES_QUERY, variables)

async function names(
  filter: Record<string, unknown>,
  extra: Record<string, unknown> = {},
): Promise<string[]> {
  const reply = await packages({ filter, first: 1000, ...extra })
  expect(reply.status, JSON.stringify(reply.body.errors)).toBe(200)
  return reply.body.data!.packages.edges.map((e) => e.node.name)
}

describe('metadata GraphQL: access', () => {
  it('answers 401 to anonymous callers when anonymous access is off', async () => {
    const reply = await gql(server, undefined, '{ packages(filter: {}) { totalCount } }')
    expect(reply.status).toBe(401)
  })

  it('refuses a cross-site POST (no X-Requested-With)', async () => {
    const res = await fetch(`${server.url}/ui/api/v1/mds/packages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ graphQL: { query: '{ packages(filter: {}) { totalCount } }' } }),
    })
    expect(res.status).toBe(403)
  })

  describe('with anonymous access enabled', () => {
    let open: TestServer
    beforeAll(async () => {
      open = await startTestServer({ anonymousAccess: true })
    })
    afterAll(async () => open.stop())
    it('answers anonymous callers', async () => {
      const reply = await gql<Packages>(
        open,
        undefined,
        '{ packages(filter: {name: "react"}) { totalCount } }',
      )
      expect(reply.status).toBe(200)
      expect(reply.body.data?.packages.totalCount).toBe(1)
    })
  })
})

describe('metadata GraphQL: query shapes', () => {
  it('answers packages with every field of the schema', async () => {
    const reply = await gql<Packages>(
      server,
      cookie,
      `{ packages(filter: {name: "react"}) { totalCount edges { cursor node { ${PACKAGE_FIELDS}
         stats { downloads followers } operationalRisk { riskLevel } } } pageInfo { hasNextPage endCursor } } }`,
    )
    expect(reply.status).toBe(200)
    const conn = reply.body.data!.packages
    expect(conn.totalCount).toBe(1)
    expect(conn.pageInfo.hasNextPage).toBe(false)
    const react = conn.edges[0]!.node
    expect(react).toMatchObject({ id: 'npm://react', name: 'react', packageType: 'npm' })
    expect(react.description).toMatch(/React/i)
    expect(react.licenses).toContainEqual({ name: 'MIT', source: 'package.json' })
    expect(react.versionsCount).toBeGreaterThanOrEqual(1)
    expect(semver.valid(react.latestVersion)).toBeTruthy()
    expect(Date.parse(react.created)).not.toBeNaN()
  })

  it('answers one package by id with its operational risk, and null for an unknown id', async () => {
    const q =
      'query P($id: ID!) { package(id: $id) { id name latestVersion vulnerabilities { high } operationalRisk { riskLevel } } }'
    const found = await gql<{ package: PackageNode | null }>(
      server,
      cookie,
      q,
      { id: 'npm://rxjs' },
      '/mds/package',
    )
    expect(found.body.errors).toBeUndefined()
    expect(found.body.data?.package).toMatchObject({ id: 'npm://rxjs', name: 'rxjs' })
    // The flag is asked of the one package too (spec 001 section 7); none is recorded for rxjs.
    expect(found.body.data?.package).toHaveProperty('operationalRisk', null)
    const missing = await gql<{ package: PackageNode | null }>(
      server,
      cookie,
      q,
      { id: 'npm://no-such' },
      '/mds/package',
    )
    expect(missing.status).toBe(200)
    expect(missing.body.data?.package).toBeNull()
  })

  it('answers versions with repos, files and the parent package', async () => {
    const reply = await gql<{
      versions: Connection<{
        id: string
        name: string
        package: { id: string }
        repos: Array<{ name: string; type: string; leadFilePath: string }>
        files: Array<{ name: string; lead: boolean; size: number; md5: string; sha1: string; sha256: string }>
        digest: string | null
        size: number
      }>
    }>(
      server,
      cookie,
      `query V($id: ID!) { versions(filter: {packageId: $id}) { totalCount edges { cursor node { id name created modified
         package { id } repos { name type leadFilePath } licenses { name source } size stats { downloadCount }
         vulnerabilities { critical high medium low info unknown skipped }
         files { name lead size md5 sha1 sha256 mimeType } digest } } pageInfo { hasNextPage endCursor } } }`,
      { id: 'npm://react' },
      '/mds/versions',
    )
    expect(reply.status).toBe(200)
    const edges = reply.body.data!.versions.edges
    expect(edges.length).toBeGreaterThanOrEqual(1)
    for (const { node } of edges) {
      expect(node.package.id).toBe('npm://react')
      expect(node.repos[0]).toMatchObject({ name: 'npm-remote', type: 'npm' })
      const lead = node.files.find((f) => f.lead)!
      expect(lead.name).toMatch(/\.tgz$/)
      expect(node.repos[0]!.leadFilePath).toMatch(
        new RegExp(`react-${node.name.replace(/\./g, '\\.')}\\.tgz$`),
      )
      expect(node.digest).toBe(lead.sha256)
      expect(node.files.map((f) => f.name)).toEqual(expect.arrayContaining(['package.json', 'README.md']))
      for (const f of node.files) {
        expect(f.md5).toMatch(/^[0-9a-f]{32}$/)
        expect(f.sha1).toMatch(/^[0-9a-f]{40}$/)
        expect(f.sha256).toMatch(/^[0-9a-f]{64}$/)
      }
    }
  })

  it("gives each file its path in the version's repository: the download call's path", async () => {
    type FileNode = { name: string; path: string; lead: boolean; sha256: string }
    const reply = await gql<{
      versions: Connection<{ repos: Array<{ name: string; leadFilePath: string }>; files: FileNode[] }>
    }>(
      server,
      cookie,
      `query V($id: ID!) { versions(filter: {packageId: $id}, first: 1) { edges { node {
         repos { name leadFilePath } files { name path lead sha256 } } } } }`,
      { id: 'npm://react' },
      '/mds/versions',
    )
    expect(reply.status, JSON.stringify(reply.body.errors)).toBe(200)
    const node = reply.body.data!.versions.edges[0]!.node
    const repo = node.repos[0]!
    const lead = node.files.find((f) => f.lead)!
    expect(repo.leadFilePath.endsWith(lead.path)).toBe(true)
    for (const f of node.files) expect(f.path.split('/').at(-1)).toBe(f.name)
    // A file whose bytes the catalogue keeps downloads from exactly that path, with its checksum.
    const manifest = node.files.find((f) => f.name === 'package.json')!
    const res = await fetch(
      `${server.url}/ui/api/v1/download?repoKey=${repo.name}&path=${encodeURIComponent(manifest.path)}`,
      { headers: { cookie, 'x-requested-with': 'XMLHttpRequest' } },
    )
    expect(res.status).toBe(200)
    const bytes = Buffer.from(await res.arrayBuffer())
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(manifest.sha256)
  })

  it('serves the same schema at /metadata/api/v1/query with a plain body', async () => {
    const reply = await gql<Packages>(
      server,
      cookie,
      '{ packages(filter: {name: "rxjs"}) { totalCount } }',
      {},
      '/metadata/api/v1/query',
    )
    expect(reply.status).toBe(200)
    expect(reply.body.data?.packages.totalCount).toBe(1)
  })

  it('answers 100 nodes by default and refuses first above 1000 or below 0', async () => {
    const reply = await gql<Packages>(
      server,
      cookie,
      '{ packages(filter: {}) { totalCount edges { cursor } } }',
    )
    expect(reply.body.data!.packages.edges).toHaveLength(100)
    expect(reply.body.data!.packages.totalCount).toBeGreaterThan(1000)
    for (const first of [1001, -1]) {
      const bad = await packages({ filter: {}, first })
      expect(bad.body.data).toBeNull()
      expect(bad.body.errors?.[0]?.message).toMatch(/first must be between 0 and 1000/)
    }
    const zero = await packages({ filter: {}, first: 0 })
    expect(zero.body.data!.packages.edges).toHaveLength(0)
    expect(zero.body.data!.packages.pageInfo.hasNextPage).toBe(true)
  })
})

describe('metadata GraphQL: paging', () => {
  const allIds = async () =>
    (await server.ctx.sql.all<{ id: string }>('SELECT id FROM catalog_packages')).map((r) => r.id).sort()

  it('pages through every package once, without duplicates or gaps, in every order', async () => {
    const orders = [
      undefined,
      { field: 'NAME', direction: 'DESC' },
      { field: 'CREATED', direction: 'ASC' },
      { field: 'CREATED', direction: 'DESC' },
      { field: 'MODIFIED', direction: 'ASC' },
      { field: 'MODIFIED', direction: 'DESC' },
    ]
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 97, max: 600 }),
        fc.constantFrom(...orders),
        async (first, orderBy) => {
          const { nodes, totalCount } = await allPackages(server, cookie, {
            filter: {},
            first,
            ...(orderBy ? { orderBy } : {}),
          })
          const ids = nodes.map((n) => n.id)
          expect(new Set(ids).size).toBe(ids.length)
          expect(ids.length).toBe(totalCount)
          expect([...ids].sort()).toEqual(await allIds())
          const field = orderBy?.field ?? 'NAME'
          const sign = orderBy?.direction === 'DESC' ? -1 : 1
          const key = (n: PackageNode) =>
            field === 'NAME' ? n.name.toLowerCase() : field === 'CREATED' ? n.created : n.modified
          for (let i = 1; i < nodes.length; i++) {
            const a = nodes[i - 1]!
            const b = nodes[i]!
            const c = key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id < b.id ? -1 : 1
            expect(c * sign, `${a.id} before ${b.id}`).toBe(-1)
          }
        },
      ),
      { numRuns: 6 },
    )
  })

  it('orders by downloads, most first, and pages through ties by id', async () => {
    const sql = server.ctx.sql
    const some = (await allIds()).filter((_, i) => i % 97 === 0)
    const set = (id: string, downloads: number) =>
      sql.run('UPDATE catalog_packages SET downloads = ? WHERE id = ?', [downloads, id])
    const was: number[] = []
    for (const id of some)
      was.push(
        (await sql.one<{ downloads: number }>('SELECT downloads FROM catalog_packages WHERE id = ?', [id]))!
          .downloads,
      )
    for (const [i, id] of some.entries()) await set(id, (i * 37) % 11)
    try {
      const downloads = new Map(
        (await sql.all<{ id: string; downloads: number }>('SELECT id, downloads FROM catalog_packages')).map(
          (r) => [r.id, r.downloads],
        ),
      )
      const expected = [...downloads.keys()].sort(
        (a, b) => downloads.get(b)! - downloads.get(a)! || (a < b ? 1 : a > b ? -1 : 0),
      )
      const top = await packages({ filter: {}, first: 3, orderBy: { field: 'DOWNLOADS', direction: 'DESC' } })
      expect(top.body.data!.packages.edges.map((e) => e.node.id)).toEqual(expected.slice(0, 3))
      const { nodes } = await allPackages(server, cookie, {
        filter: {},
        first: 250,
        orderBy: { field: 'DOWNLOADS', direction: 'DESC' },
      })
      expect(nodes.map((n) => n.id)).toEqual(expected)
    } finally {
      for (const [i, id] of some.entries()) await set(id, was[i]!)
    }
  })

  it('pages a filtered query with small pages', async () => {
    const { nodes, totalCount, pages } = await allPackages(server, cookie, {
      filter: { name: 'react*' },
      first: 1,
    })
    expect(pages).toBe(totalCount)
    expect(new Set(nodes.map((n) => n.id)).size).toBe(totalCount)
    expect(nodes.every((n) => n.name.toLowerCase().startsWith('react'))).toBe(true)
  })

  it('refuses a malformed cursor and a cursor of another order', async () => {
    const malformed = await packages({ filter: {}, after: 'not a cursor!' })
    expect(malformed.body.errors?.[0]?.message).toMatch(/Invalid cursor/)
    const page = await packages({ filter: {}, first: 2 })
    const cursor = page.body.data!.packages.pageInfo.endCursor
    const other = await packages({
      filter: {},
      after: cursor,
      orderBy: { field: 'CREATED', direction: 'ASC' },
    })
    expect(other.body.errors?.[0]?.message).toMatch(/Invalid cursor/)
    expect(other.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT')
  })
})

describe('metadata GraphQL: filters', () => {
  it('matches name wildcards case-insensitively: *, ?, and literal brackets', async () => {
    const react = await names({ name: 'react*' })
    expect(react).toContain('react')
    expect(react).toContain('react-dom')
    expect(react.every((n) => n.toLowerCase().startsWith('react'))).toBe(true)
    expect(await names({ name: 'REACT*' })).toEqual(react)
    expect(await names({ name: '?eact' })).toEqual(['react'])
    const dom = await names({ name: '*-dom' })
    expect(dom).toContain('react-dom')
    expect(dom.every((n) => n.endsWith('-dom'))).toBe(true)
    expect(await names({ name: '[a-z]*' })).toEqual([])
    expect(await names({ name: 'react' })).toEqual(['react'])
    const scoped = await names({ name: '@types/*' })
    expect(scoped.length).toBeGreaterThan(0)
    expect(scoped.every((n) => n.startsWith('@types/'))).toBe(true)
  })

  it('filters by description wildcard, type, repository and licence', async () => {
    const described = await packages({
      filter: { description: '*react*', packageTypeIn: ['npm'] },
      first: 1000,
    })
    const nodes = described.body.data!.packages.edges.map((e) => e.node)
    expect(nodes.length).toBeGreaterThan(0)
    expect(nodes.every((n) => /react/i.test(n.description ?? '') && n.packageType === 'npm')).toBe(true)

    const debian = await packages({ filter: { packageTypeIn: ['debian'], name: 'bash' } })
    expect(debian.body.data!.packages.edges.map((e) => e.node.id)).toEqual(['debian://bash'])

    const docker = await names({ repositoriesIn: ['docker-local'] })
    expect(docker).toEqual(['meta/api', 'meta/nightly', 'meta/web'])

    const mit = await packages({ filter: { licensesIn: ['mit'], name: 'r*' }, first: 1000 })
    const mitNodes = mit.body.data!.packages.edges.map((e) => e.node)
    expect(mitNodes.length).toBeGreaterThan(0)
    expect(mitNodes.every((n) => n.licenses.some((l) => l.name.toLowerCase() === 'mit'))).toBe(true)
  })

  it('filters by created and modified dates, and refuses a date it cannot read', async () => {
    // The ordering package's versions were made a day apart in January 2024.
    const all = await packages({ filter: { name: 'zz-test-ordering' }, first: 1000 })
    const node = all.body.data!.packages.edges[0]!.node
    expect(await names({ name: 'zz-test-ordering', createdMin: node.created })).toEqual([node.name])
    const later = new Date(Date.parse(node.created) + 1000).toISOString()
    expect(await names({ name: 'zz-test-ordering', createdMin: later })).toEqual([])
    expect(await names({ name: 'zz-test-ordering', modifiedMax: node.modified })).toEqual([node.name])
    const earlier = new Date(Date.parse(node.modified) - 1000).toISOString()
    expect(await names({ name: 'zz-test-ordering', modifiedMax: earlier })).toEqual([])
    const bad = await packages({ filter: { createdMin: 'yesterday-ish' } })
    expect(bad.body.errors?.[0]?.message).toMatch(/createdMin must be an ISO-8601 date/)
  })

  it('filters by version counts and latest version, with and without pre-releases', async () => {
    const pkg = await packages({ filter: { name: 'zz-test-ordering' } })
    expect(pkg.body.data!.packages.edges[0]!.node).toMatchObject({
      latestVersion: '10.0.0',
      versionsCount: 7,
    })
    const releaseOnly = await packages({ filter: { name: 'meta/web', ignorePreRelease: true } })
    expect(releaseOnly.body.data!.packages.edges[0]!.node).toMatchObject({
      latestVersion: '1.1.0',
      versionsCount: 2,
    })
    const withPre = await packages({ filter: { name: 'meta/web' } })
    expect(withPre.body.data!.packages.edges[0]!.node).toMatchObject({
      latestVersion: '2.0.0-rc.1',
      versionsCount: 3,
    })
    expect(await names({ name: 'meta/*', versionCountMin: 3 })).toEqual(['meta/nightly', 'meta/web'])
    // web has 2 release versions and a pre-release; the nightly image has 117 releases.
    expect(await names({ name: 'meta/*', versionCountMin: 3, ignorePreRelease: true })).toEqual([
      'meta/nightly',
    ])
    expect(await names({ name: 'meta/*', versionCountMax: 1 })).toEqual(['meta/api'])
    expect(await names({ name: 'meta/*', latestVersion: '2.0.0-rc.1' })).toEqual(['meta/web'])
    const many = await packages({ filter: { versionCountMin: 2 }, first: 1000 })
    expect(many.body.data!.packages.edges.every((e) => e.node.versionsCount >= 2)).toBe(true)
  })

  it('filters by severities: every node has at least one vulnerability of a named severity', async () => {
    for (const severity of ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'] as const) {
      const reply = await packages({ filter: { severitiesIn: [severity] }, first: 1000 })
      const key = severity.toLowerCase() as 'critical' | 'high' | 'medium' | 'low'
      for (const e of reply.body.data!.packages.edges) expect(e.node.vulnerabilities[key]).toBeGreaterThan(0)
    }
    // The shipped advisories (GitHub Advisory Database records, server/xray/advisories) as scanned at start.
    expect(await names({ severitiesIn: ['CRITICAL'] })).toContain('minimist')
    expect(await names({ severitiesIn: ['HIGH'] })).toContain('lodash')
    expect(await names({ severitiesIn: ['MEDIUM'] })).toEqual(
      expect.arrayContaining(['axios', 'express', 'jquery']),
    )
    const lodash = await gql<{ versions: Connection<{ name: string; vulnerabilities: { high: number } }> }>(
      server,
      cookie,
      '{ versions(filter: {packageId: "npm://lodash", name: "4.17.15"}) { edges { node { name vulnerabilities { high } } } } }',
      {},
      '/mds/versions',
    )
    expect(lodash.body.data!.versions.edges[0]!.node.vulnerabilities.high).toBe(1)
    const either = await packages({ filter: { severitiesIn: ['CRITICAL', 'HIGH'] }, first: 1000 })
    for (const e of either.body.data!.packages.edges)
      expect(e.node.vulnerabilities.critical + e.node.vulnerabilities.high).toBeGreaterThan(0)
  })
})

describe('metadata GraphQL: versions', () => {
  type Versions = { versions: Connection<{ name: string; created: string }> }
  const VERSIONS = `query V($filter: VersionFilter!, $first: Int, $after: ID, $orderBy: VersionOrder) {
    versions(filter: $filter, first: $first, after: $after, orderBy: $orderBy) {
      totalCount edges { cursor node { name created } } pageInfo { hasNextPage endCursor } } }`
  const versionNames = async (filter: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
    const reply = await gql<Versions>(server, cookie, VERSIONS, { filter, ...extra }, '/mds/versions')
    expect(reply.status, JSON.stringify(reply.body.errors)).toBe(200)
    return reply.body.data!.versions.edges.map((e) => e.node.name)
  }
  const id = 'generic://zz-test-ordering'

  it('orders by semantic version descending by default, non-semver names after (by name, same direction)', async () => {
    expect(await versionNames({ packageId: id })).toEqual([
      '10.0.0',
      '2.0.0',
      '2.0.0-rc.1',
      '1.0.0',
      '0.9.0',
      'banana',
      '1:2.3-4',
    ])
    expect(
      await versionNames({ packageId: id }, { orderBy: { field: 'NAME_SEMVER', direction: 'ASC' } }),
    ).toEqual(['0.9.0', '1.0.0', '2.0.0-rc.1', '2.0.0', '10.0.0', '1:2.3-4', 'banana'])
    expect(
      await versionNames({ packageId: id }, { orderBy: { field: 'CREATED', direction: 'ASC' } }),
    ).toEqual(ODD_VERSIONS)
  })

  it('orders the real versions of react by semver, newest first', async () => {
    const names = await versionNames({ packageId: 'npm://react' })
    expect(names.length).toBeGreaterThanOrEqual(1)
    expect(names).toEqual([...names].sort(semver.rcompare))
  })

  it('filters versions by name wildcard, repository, licence and release-only', async () => {
    expect(await versionNames({ packageId: id, name: '2.*' })).toEqual(['2.0.0', '2.0.0-rc.1'])
    expect(await versionNames({ packageId: id, ignorePreRelease: true })).toEqual([
      '10.0.0',
      '2.0.0',
      '1.0.0',
      '0.9.0',
    ])
    expect(await versionNames({ packageId: id, repositoriesIn: ['generic-odd'] })).toEqual([
      '10.0.0',
      '2.0.0-rc.1',
      '1:2.3-4',
    ])
    expect(await versionNames({ packageId: id, licensesIn: ['apache-2.0'] })).toEqual(['1.0.0'])
    expect(await versionNames({ packageId: 'npm://no-such-package' })).toEqual([])
  })

  it('pages versions one at a time without duplicates or gaps, in both semver directions', async () => {
    for (const direction of ['ASC', 'DESC']) {
      const seen: string[] = []
      let after: string | null = null
      for (;;) {
        const reply: GraphQLReply<Versions> = await gql<Versions>(
          server,
          cookie,
          VERSIONS,
          { filter: { packageId: id }, first: 2, after, orderBy: { field: 'NAME_SEMVER', direction } },
          '/mds/versions',
        )
        const conn: Connection<{ name: string; created: string }> = reply.body.data!.versions
        seen.push(...conn.edges.map((e) => e.node.name))
        if (!conn.pageInfo.hasNextPage) break
        after = conn.pageInfo.endCursor
      }
      const once = await versionNames({ packageId: id }, { orderBy: { field: 'NAME_SEMVER', direction } })
      expect(seen).toEqual(once)
    }
  })
})

describe('metadata GraphQL: a package with more than one page of versions', () => {
  type Versions = { versions: Connection<{ id: string; name: string }> }
  const VERSIONS = `query V($filter: VersionFilter!, $first: Int, $after: ID) {
    versions(filter: $filter, first: $first, after: $after) {
      totalCount edges { cursor node { id name } } pageInfo { hasNextPage endCursor } } }`
  const id = 'docker://meta/nightly'
  const count = NIGHTLY_TAGS.length

  it(`pages the ${count} pushed tags of an image 100 at a time, semver descending, none twice`, async () => {
    const pages: string[][] = []
    let after: string | null = null
    for (;;) {
      const reply: GraphQLReply<Versions> = await gql<Versions>(
        server,
        cookie,
        VERSIONS,
        { filter: { packageId: id }, after },
        '/mds/versions',
      )
      expect(reply.status, JSON.stringify(reply.body.errors)).toBe(200)
      const conn: Connection<{ id: string; name: string }> = reply.body.data!.versions
      expect(conn.totalCount).toBe(count)
      pages.push(conn.edges.map((e) => e.node.name))
      if (!conn.pageInfo.hasNextPage) break
      after = conn.pageInfo.endCursor
    }
    expect(pages.map((p) => p.length)).toEqual([100, count - 100])
    const all = pages.flat()
    expect(new Set(all)).toEqual(new Set(NIGHTLY_TAGS))
    expect(all).toEqual([...all].sort(semver.rcompare))
    const pkg = await packages({ filter: { name: 'meta/nightly' } })
    expect(pkg.body.data!.packages.edges[0]!.node.versionsCount).toBe(count)
  })
})

describe('metadata GraphQL: bad requests answer like a GraphQL server', () => {
  const post = async (body: unknown, raw = false) => {
    const res = await fetch(`${server.url}/ui/api/v1/mds/packages`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-requested-with': 'XMLHttpRequest',
        origin: server.url,
        cookie,
      },
      body: raw ? (body as string) : JSON.stringify(body),
    })
    return {
      status: res.status,
      body: (await res.json()) as { errors?: Array<{ message: string }>; message?: string },
    }
  }

  it('answers syntax and validation errors with 400 and errors', async () => {
    const syntax = await post({ graphQL: { query: '{ packages(filter: {}) { totalCount ' } })
    expect(syntax.status).toBe(400)
    expect(syntax.body.errors?.[0]?.message).toMatch(/Syntax Error/)
    const unknown = await post({ graphQL: { query: '{ packages(filter: {}) { nope } }' } })
    expect(unknown.status).toBe(400)
    expect(unknown.body.errors?.[0]?.message).toMatch(/Cannot query field "nope"/)
    const missingArg = await post({ graphQL: { query: '{ packages { totalCount } }' } })
    expect(missingArg.status).toBe(400)
    const mutation = await post({ graphQL: { query: 'mutation { packages }' } })
    expect(mutation.status).toBe(400)
  })

  it('answers bad variables with 400', async () => {
    const wrongType = await post({
      graphQL: { query: PACKAGES_QUERY, variables: { filter: {}, first: 'ten' } },
    })
    expect(wrongType.status).toBe(400)
    expect(wrongType.body.errors?.[0]?.message).toMatch(/\$first/)
    const missing = await post({ graphQL: { query: PACKAGES_QUERY, variables: {} } })
    expect(missing.status).toBe(400)
    const badEnum = await post({
      graphQL: { query: PACKAGES_QUERY, variables: { filter: { severitiesIn: ['SEVERE'] } } },
    })
    expect(badEnum.status).toBe(400)
  })

  it('answers a body without a query, or not JSON, with 400', async () => {
    expect((await post({ graphQL: { variables: {} } })).status).toBe(400)
    expect((await post({})).status).toBe(400)
    expect((await post('{"graphQL": ', true)).status).toBe(400)
  })

  it('bounds the cost of a query: total nodes, depth and size', async () => {
    const aliases = Array.from(
      { length: 6 },
      (_, i) => `a${i}: packages(filter: {}, first: 1000) { totalCount }`,
    )
    const costly = await post({ graphQL: { query: `{ ${aliases.join(' ')} }` } })
    expect(costly.status).toBe(400)
    expect(costly.body.errors?.[0]?.message).toMatch(/at most 5000/)
    const deep = `{ __schema { types { ${'ofType { '.repeat(20)} name ${'} '.repeat(20)} } } }`
    const deepReply = await post({ graphQL: { query: deep } })
    expect(deepReply.status).toBe(400)
    expect(deepReply.body.errors?.[0]?.message).toMatch(/nested deeper/)
    const fragments = `query { packages(filter: {}) { ...A } }
      fragment A on PackageConnection { ${Array.from({ length: 50 }, (_, i) => `x${i}: edges { ...B }`).join(' ')} }
      fragment B on PackageEdge { ${Array.from({ length: 50 }, (_, i) => `y${i}: cursor`).join(' ')} }`
    const wide = await post({ graphQL: { query: fragments } })
    expect(wide.status).toBe(400)
    expect(wide.body.errors?.[0]?.message).toMatch(/more than 2000 fields/)
    const long = await post({
      graphQL: { query: `{ packages(filter: {}) { totalCount } } #${'x'.repeat(25_000)}` },
    })
    expect(long.status).toBe(400)
  })
})
