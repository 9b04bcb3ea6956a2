/**
 * A package's version counts and latest versions in the metadata API (GraphQL: the package
 * list, one package, a version's package) are the caller's: a package with versions in a
 * repository everyone reads and in one only some read counts, for a user who may read only the
 * first, only the versions there, and its latest version is the latest of those. A user who
 * may read both sees every version.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserHeaders, startTestServer, type TestServer } from '../support/server'
import { signInDirectly, signInDirectlyAs } from './helpers/catalogSession'
import { grant } from './helpers/permissions'
import { gql } from './helpers/graphql'
import { createUser, TEST_PASSWORD } from './helpers/registryClients'
import { publishBody } from '../support/npmPublish'

let server: TestServer
let everyone: string
let narrow: string

const NAME = 'split-lib'

async function publish(repo: string, version: string): Promise<void> {
  const res = await fetch(`${server.url}/artifactory/api/npm/${repo}/${NAME}`, {
    method: 'PUT',
    headers: {
      authorization: `Basic ${Buffer.from(`owner:${TEST_PASSWORD}`).toString('base64')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(publishBody(NAME, version).body),
  })
  expect(res.status, await res.text()).toBe(200)
}

beforeAll(async () => {
  server = await startTestServer()
  const created = await fetch(`${server.url}/ui/api/v1/repositories`, {
    method: 'POST',
    headers: browserHeaders(server.url, signInDirectly(server, { admin: true })),
    body: JSON.stringify({ key: 'npm-private', kind: 'local', packageType: 'npm' }),
  })
  expect(created.status).toBe(201)
  await createUser(server, 'owner')
  await grant(server, { repositories: ['ANY LOCAL'], users: { owner: ['read', 'annotate', 'deploy'] } })
  await publish('npm-local', '1.0.0')
  await publish('npm-local', '1.1.0')
  await publish('npm-private', '2.0.0')
  await publish('npm-private', '3.0.0-beta.1')
  // One in the readers' group (read on every repository), one granted npm-local alone.
  everyone = signInDirectly(server)
  const outsider = signInDirectlyAs(server, { outsider: true })
  await grant(server, { repositories: ['npm-local'], users: { [outsider.name]: ['read'] } })
  narrow = outsider.cookie
})

afterAll(async () => {
  await server?.stop()
})

interface Counted {
  id: string
  versionsCount: number
  latestVersion: string | null
}

async function listed(cookie: string, ignorePreRelease = false): Promise<Counted> {
  const reply = await gql<{ packages: { edges: Array<{ node: Counted }> } }>(
    server,
    cookie,
    `query($filter: PackageFilter!) { packages(filter: $filter) { edges { node { id versionsCount latestVersion } } } }`,
    { filter: { name: NAME, ignorePreRelease } },
  )
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  expect(reply.body.data!.packages.edges).toHaveLength(1)
  return reply.body.data!.packages.edges[0]!.node
}

describe("a package's counts in the metadata API", () => {
  it('in the package list: only the versions the caller may read', async () => {
    expect(await listed(everyone)).toMatchObject({ versionsCount: 4, latestVersion: '3.0.0-beta.1' })
    expect(await listed(everyone, true)).toMatchObject({ versionsCount: 3, latestVersion: '2.0.0' })
    expect(await listed(narrow)).toMatchObject({ versionsCount: 2, latestVersion: '1.1.0' })
    expect(await listed(narrow, true)).toMatchObject({ versionsCount: 2, latestVersion: '1.1.0' })
  })

  it('one package, and the package of a version, the same', async () => {
    const { id } = await listed(everyone)
    const query = `query($id: ID!, $filter: VersionFilter!) {
      package(id: $id) { versionsCount latestVersion }
      versions(filter: $filter) { totalCount edges { node { name package { versionsCount latestVersion } } } }
    }`
    type Reply = {
      package: { versionsCount: number; latestVersion: string }
      versions: {
        totalCount: number
        edges: Array<{ node: { name: string; package: { versionsCount: number; latestVersion: string } } }>
      }
    }
    const seen = async (cookie: string) => {
      const reply = await gql<Reply>(server, cookie, query, { id, filter: { packageId: id } })
      expect(reply.status, JSON.stringify(reply.body)).toBe(200)
      return reply.body.data!
    }
    const wide = await seen(everyone)
    expect(wide.package).toEqual({ versionsCount: 4, latestVersion: '3.0.0-beta.1' })
    expect(wide.versions.totalCount).toBe(4)
    const mine = await seen(narrow)
    expect(mine.package).toEqual({ versionsCount: 2, latestVersion: '1.1.0' })
    expect(mine.versions.totalCount).toBe(2)
    for (const edge of mine.versions.edges)
      expect(edge.node.package).toEqual({ versionsCount: 2, latestVersion: '1.1.0' })
  })
})

describe("the package list's filters on counts and latest versions", () => {
  /** The names the package list gives the caller for a filter (on this package alone). */
  async function found(cookie: string, filter: Record<string, unknown>): Promise<string[]> {
    const reply = await gql<{ packages: { totalCount: number; edges: Array<{ node: { name: string } }> } }>(
      server,
      cookie,
      `query($filter: PackageFilter!) { packages(filter: $filter) { totalCount edges { node { name } } } }`,
      { filter: { name: NAME, ...filter } },
    )
    expect(reply.status, JSON.stringify(reply.body)).toBe(200)
    const names = reply.body.data!.packages.edges.map((e) => e.node.name)
    expect(reply.body.data!.packages.totalCount).toBe(names.length)
    return names
  }

  it('count and compare only the versions the caller may read', async () => {
    const cases: ReadonlyArray<readonly [Record<string, unknown>, boolean, boolean]> = [
      // filter, found by the user who reads every repository, found by the one who reads npm-local
      [{ versionCountMin: 3 }, true, false],
      [{ versionCountMax: 2 }, false, true],
      [{ versionCountMin: 2, versionCountMax: 2, ignorePreRelease: true }, false, true],
      [{ versionCountMin: 3, ignorePreRelease: true }, true, false],
      [{ latestVersion: '3.0.0-beta.*' }, true, false],
      [{ latestVersion: '1.1.0' }, false, true],
      [{ latestVersion: '2.0.0', ignorePreRelease: true }, true, false],
      [{ latestVersion: '1.*', ignorePreRelease: true }, false, true],
    ]
    for (const [filter, byEveryone, byNarrow] of cases) {
      expect(await found(everyone, filter), JSON.stringify(filter)).toEqual(byEveryone ? [NAME] : [])
      expect(await found(narrow, filter), JSON.stringify(filter)).toEqual(byNarrow ? [NAME] : [])
    }
  })
})
