/**
 * What the console's Xray statuses are read from (spec 001 section 8): whether the scanner has
 * results for a package and version (GraphQL `scanned`), and a licence that runs the scanner
 * without its entitlement ('Requires an Xray license').
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertPackage } from '../../server/catalog/load'
import { flavourProfile } from '../../server/platform/flavours'
import { startTestServer, type TestServer } from '../support/server'
import { signInDirectly } from './helpers/catalogSession'
import { gql } from './helpers/graphql'
import { genericPackage } from '../support/catalogueRows'

let server: TestServer
let cookie: string

beforeAll(async () => {
  server = await startTestServer()
  cookie = signInDirectly(server)
  await insertPackage(
    server.ctx.sql,
    genericPackage('zz-unscanned', 'A generic package the scanner never indexed', '2024-01-01T00:00:00.000Z'),
  )
})
afterAll(async () => server.stop())

const PACKAGE = `query P($id: ID!) { package(id: $id) { id scanned } }`
const VERSIONS = `query V($filter: VersionFilter!) { versions(filter: $filter, first: 1) { edges { node { name scanned } } } }`
const FIRST_NPM = `query { packages(filter: { packageTypeIn: ["npm"], versionCountMin: 1 }, first: 1) { edges { node { id } } } }`

async function scanned(id: string) {
  const pkg = await gql<{ package: { scanned: boolean } | null }>(
    server,
    cookie,
    PACKAGE,
    { id },
    '/mds/package',
  )
  const versions = await gql<{ versions: { edges: Array<{ node: { scanned: boolean } }> } }>(
    server,
    cookie,
    VERSIONS,
    { filter: { packageId: id } },
    '/mds/versions',
  )
  return {
    pkg: pkg.body.data?.package?.scanned,
    version: versions.body.data?.versions.edges[0]?.node.scanned,
  }
}

describe('the scanner results the platform reports', () => {
  it('has results for the audited npm catalogue, not for a generic package', async () => {
    const first = await gql<{ packages: { edges: Array<{ node: { id: string } }> } }>(
      server,
      cookie,
      FIRST_NPM,
    )
    const npmId = first.body.data?.packages.edges[0]?.node.id
    expect(npmId).toMatch(/^npm:\/\//)
    expect(await scanned(npmId!)).toEqual({ pkg: true, version: true })
    expect(await scanned('generic://zz-unscanned')).toEqual({ pkg: false, version: false })
  })

  it('runs the scanner without its entitlement on a Pro licence, and not at all without a licence', () => {
    const pro = flavourProfile({ flavour: 'platform', cloud: false, licenseType: 'Pro' })
    expect(pro.microservices).toContainEqual({ name: 'xray', key: 'jfxr', enabled: true })
    expect(pro.entitlements).not.toContain('xray')
    const full = flavourProfile({ flavour: 'platform', cloud: false, licenseType: 'Enterprise+' })
    expect(full.entitlements).toContain('xray')
    const none = flavourProfile({ flavour: 'platform', cloud: false, licenseType: 'N/A' })
    expect(none.microservices).toContainEqual({ name: 'xray', key: 'jfxr', enabled: false })
  })
})
