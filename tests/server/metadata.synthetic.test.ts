import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrate } from '../../server/db'
import { insertSyntheticPackages } from '../../server/catalog/synthetic'
import { syntheticCountFromEnv } from '../../server/metadata/routes'
import { startTestServer, type TestServer } from '../support/server'
import { signInDirectly } from './helpers/catalogSession'
import { allPackages, gql } from './helpers/graphql'

const COUNT = 300
let server: TestServer
let cookie: string

beforeAll(async () => {
  const previous = process.env.CATALOG_SYNTHETIC
  process.env.CATALOG_SYNTHETIC = String(COUNT)
  try {
    server = await startTestServer()
  } finally {
    if (previous === undefined) delete process.env.CATALOG_SYNTHETIC
    else process.env.CATALOG_SYNTHETIC = previous
  }
  // An admin reads every repository: the synthetic packages sit in repositories that exist only
  // in the catalogue, which permission targets do not name.
  cookie = signInDirectly(server, { admin: true })
})
afterAll(async () => server.stop())

describe('synthetic packages (benchmarks only)', () => {
  it('adds CATALOG_SYNTHETIC packages at start, named synthetic-…, beside the real catalogue', async () => {
    const { nodes, totalCount } = await allPackages(server, cookie, {
      filter: { name: 'synthetic-*' },
      first: 128,
    })
    expect(totalCount).toBe(COUNT)
    expect(new Set(nodes.map((n) => n.id)).size).toBe(COUNT)
    expect(nodes.every((n) => n.tags.includes('synthetic') && /^synthetic-[a-z]+-\d{6}$/.test(n.name))).toBe(
      true,
    )
    const react = await allPackages(server, cookie, { filter: { name: 'react' } })
    expect(react.totalCount).toBe(1)
  })

  it('answers the unfiltered total from the kept count, which follows rows added and removed', async () => {
    const total = async () =>
      (
        await gql<{ packages: { totalCount: number } }>(
          server,
          cookie,
          'query($filter: PackageFilter!) { packages(filter: $filter, first: 0) { totalCount } }',
          { filter: {} },
        )
      ).body.data!.packages.totalCount
    const counted = async () =>
      (await server.ctx.sql.one<{ n: number }>('SELECT COUNT(*) AS n FROM catalog_packages'))!.n
    expect(await total()).toBe(await counted())
    expect(await counted()).toBeGreaterThan(COUNT)
    const before = await counted()
    await server.ctx.sql.run(
      `INSERT INTO catalog_packages (id, name, name_lower, package_type, created, modified, versions_count,
         release_versions_count, source) VALUES ('npm://kept-count', 'kept-count', 'kept-count', 'npm', '2026-01-01',
         '2026-01-01', 0, 0, 'synthetic')`,
    )
    expect(await total()).toBe(before + 1)
    await server.ctx.sql.run("DELETE FROM catalog_packages WHERE id = 'npm://kept-count'")
    expect(await total()).toBe(before)
    expect(await total()).toBe(await counted())
  })

  it('generates the same rows for the same count', () => {
    const rows = () => {
      const db = new Database(':memory:')
      migrate(db)
      insertSyntheticPackages(db, 50)
      const all = db
        .prepare('SELECT id, created, latest_version, versions_count FROM catalog_packages ORDER BY id')
        .all()
      db.close()
      return all
    }
    const first = rows()
    expect(first).toHaveLength(50)
    expect(rows()).toEqual(first)
  })

  it('reads CATALOG_SYNTHETIC strictly', () => {
    expect(syntheticCountFromEnv({})).toBe(0)
    expect(syntheticCountFromEnv({ CATALOG_SYNTHETIC: '50000' })).toBe(50_000)
    for (const bad of ['-1', '1.5', 'many', '2000000'])
      expect(() => syntheticCountFromEnv({ CATALOG_SYNTHETIC: bad })).toThrow(/CATALOG_SYNTHETIC/)
  })
})
