/**
 * The console's reads and the build-info deploy ask the same permission targets as the
 * registry: a user without read on a repository sees none of its tree, files or packages in
 * the console's API (/ui/api/v1), through a virtual repository neither; what the user may not
 * read is answered exactly as what does not exist (404), and the repository list names and
 * counts only the repositories the user may read; and a user who may only read records no
 * build (PUT /artifactory/api/build), nor replaces one without delete/overwrite.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserHeaders, startTestServer, type TestServer } from '../support/server'
import { signInDirectlyAs } from './helpers/catalogSession'
import { grant } from './helpers/permissions'
import { gql } from './helpers/graphql'
import { publishBody } from '../support/npmPublish'

let server: TestServer
const PASSWORD = 'Correct-horse-battery-9'
const basic = (user: string) => `Basic ${Buffer.from(`${user}:${PASSWORD}`).toString('base64')}`

// Every user the platform makes joins the readers (read on every repository): this one is
// granted read on the npm virtual and the remote only, not on npm-local or generic-local.
let outsider: { name: string; cookie: string }
let reader: string

async function createUser(name: string): Promise<void> {
  const { cookie } = signInDirectlyAs(server, { admin: true })
  const res = await fetch(`${server.url}/ui/api/v1/ui/admin/users`, {
    method: 'POST',
    headers: browserHeaders(server.url, cookie),
    body: JSON.stringify({ name, email: `${name}@example.invalid`, password: PASSWORD }),
  })
  expect(res.status, await res.clone().text()).toBe(201)
}

/** `name@1.0.0` published into npm-local by the owner: the answer's status. */
const publishAsOwner = async (name: string) =>
  (
    await fetch(`${server.url}/artifactory/api/npm/npm-local/${name}`, {
      method: 'PUT',
      headers: { authorization: basic('owner'), 'content-type': 'application/json' },
      body: JSON.stringify(publishBody(name, '1.0.0').body),
    })
  ).status

const ui = (path: string, cookie: string) => fetch(`${server.url}/ui/api/v1${path}`, { headers: { cookie } })

beforeAll(async () => {
  server = await startTestServer()
  await createUser('owner')
  await createUser('mallory')
  await createUser('builder')
  await createUser('rebuilder')
  await grant(server, {
    repositories: ['ANY LOCAL'],
    users: { owner: ['read', 'annotate', 'deploy', 'delete'] },
  })
  await grant(server, {
    repositories: ['generic-local'],
    users: { builder: ['deploy'], rebuilder: ['delete'] },
  })
  const file = await fetch(`${server.url}/artifactory/generic-local/secret/plans.txt`, {
    method: 'PUT',
    headers: { authorization: basic('owner'), 'content-type': 'text/plain' },
    body: 'the plans',
  })
  expect(file.status).toBe(201)
  expect(await publishAsOwner('hidden-lib')).toBe(200)
  outsider = signInDirectlyAs(server, { outsider: true })
  await grant(server, { repositories: ['npm', 'npm-remote'], users: { [outsider.name]: ['read'] } })
  reader = signInDirectlyAs(server).cookie
})

afterAll(async () => {
  await server?.stop()
})

describe("the console's tree and files", () => {
  it('a repository the user may not read: its tree is answered as a missing one, a reader sees it', async () => {
    const refused = await ui('/ui/treebrowser?repoKey=generic-local', outsider.cookie)
    expect(refused.status).toBe(404)
    expect(await refused.json()).toEqual({ message: 'No repository generic-local', code: 'NOT_FOUND' })
    const missing = await ui('/ui/treebrowser?repoKey=generic-lost', outsider.cookie)
    expect(await missing.json()).toEqual({ message: 'No repository generic-lost', code: 'NOT_FOUND' })
    expect((await ui('/ui/treebrowser?repoKey=generic-local&path=secret', outsider.cookie)).status).toBe(404)
    const seen = (await (await ui('/ui/treebrowser?repoKey=generic-local', reader)).json()) as {
      children: Array<{ name: string }>
    }
    expect(seen.children.map((c) => c.name)).toContain('secret')
  })

  it("through a virtual, only the members the user may read: npm-local's package is not in npm's tree", async () => {
    const tree = await ui('/ui/treebrowser?repoKey=npm&limit=1000', outsider.cookie)
    expect(tree.status).toBe(200)
    const names = ((await tree.json()) as { children: Array<{ name: string }> }).children.map((c) => c.name)
    expect(names).not.toContain('hidden-lib')
    const readerNames = (
      (await (await ui('/ui/treebrowser?repoKey=npm&limit=1000', reader)).json()) as {
        children: Array<{ name: string }>
      }
    ).children.map((c) => c.name)
    expect(readerNames).toContain('hidden-lib')
  })

  it("a file's details, download and package calls are answered as for a missing file", async () => {
    expect(
      (await ui('/ui/artifact/info?repoKey=generic-local&path=secret/plans.txt', outsider.cookie)).status,
    ).toBe(404)
    expect(
      (await ui('/ui/artifact/info?repoKey=npm&path=hidden-lib/-/hidden-lib-1.0.0.tgz', outsider.cookie))
        .status,
    ).toBe(404)
    const tarball = 'npm-local/hidden-lib/-/hidden-lib-1.0.0.tgz'
    const download = await ui(`/download?path=${tarball}`, outsider.cookie)
    expect(download.status).toBe(404)
    expect((await ui(`/ui/v1/native/versions/npm/props?path=${tarball}`, outsider.cookie)).status).toBe(404)
    expect((await ui(`/ui/artifactbuilds?path=${tarball}`, outsider.cookie)).status).toBe(404)
    expect(
      (
        await ui(
          '/ui/v1/native/versions/npm/dependencies?path=npm-local/hidden-lib/-/hidden-lib-1.0.0.tgz',
          outsider.cookie,
        )
      ).status,
    ).toBe(404)
    expect((await ui(`/download?path=${tarball}`, reader)).status).toBe(200)
    const info2 = await ui('/ui/artifact/info?repoKey=generic-local&path=secret/plans.txt', reader)
    expect(((await info2.json()) as { sha256: string }).sha256).toMatch(/^[0-9a-f]{64}$/)
  })

  it('an existing file the user may not read and a missing one get the same answer', async () => {
    const answer = async (path: string) => {
      const res = await ui(path, outsider.cookie)
      return { status: res.status, body: await res.text() }
    }
    const pairs: Array<[string, string]> = [
      [
        '/download?path=npm-local/hidden-lib/-/hidden-lib-1.0.0.tgz',
        '/download?path=npm-local/hidden-lib/-/hidden-lib-9.9.9.tgz',
      ],
      ['/download?path=generic-local/secret/plans.txt', '/download?path=generic-local/secret/other.txt'],
      [
        '/ui/v1/native/versions/npm%3A%2F%2Fhidden-lib%401.0.0/readme',
        '/ui/v1/native/versions/npm%3A%2F%2Fhidden-lib%409.9.9/readme',
      ],
      [
        '/ui/artifact/info?repoKey=generic-local&path=secret/plans.txt',
        '/ui/artifact/info?repoKey=generic-local&path=secret/other.txt',
      ],
      ['/repositories/generic-local', '/repositories/generic-lost'],
    ]
    for (const [existing, missing] of pairs) {
      const [a, b] = [await answer(existing), await answer(missing)]
      expect(a.status, existing).toBe(404)
      expect(a.body, existing).toBe(b.body.replace('generic-lost', 'generic-local'))
    }
    expect((await ui('/ui/v1/native/versions/npm%3A%2F%2Fhidden-lib%401.0.0/readme', reader)).status).toBe(
      200,
    )
  })

  it("a package the user's target excludes: its README answered as a missing one, as its files are", async () => {
    // Read on npm-local and the npm virtual, all but hidden-lib's folder.
    const fenced = signInDirectlyAs(server, { outsider: true })
    await grant(server, {
      repositories: ['npm-local', 'npm'],
      excludePatterns: ['hidden-lib/**'],
      users: { [fenced.name]: ['read'] },
    })
    const tarball = 'npm-local/hidden-lib/-/hidden-lib-1.0.0.tgz'
    expect((await ui(`/download?path=${tarball}`, fenced.cookie)).status).toBe(404)
    const readme = (id: string) =>
      ui(`/ui/v1/native/versions/${encodeURIComponent(id)}/readme`, fenced.cookie)
    const [held, missing] = [await readme('npm://hidden-lib@1.0.0'), await readme('npm://hidden-lib@9.9.9')]
    expect(held.status).toBe(404)
    expect(await held.text()).toBe(await missing.text())
    // By the package's id and its tarball's path, the same.
    const byPath = await ui(
      `/ui/v1/native/versions/${encodeURIComponent('npm://hidden-lib')}/readme?path=${tarball}`,
      fenced.cookie,
    )
    expect(byPath.status).toBe(404)
    // A package beside it, which the target does not exclude, is read.
    expect(await publishAsOwner('fenced-lib')).toBe(200)
    expect((await readme('npm://fenced-lib@1.0.0')).status).toBe(200)
  })

  it('anonymous callers are asked to sign in while anonymous access is off', async () => {
    const res = await fetch(`${server.url}/ui/api/v1/ui/treebrowser?repoKey=generic-local`)
    expect(res.status).toBe(401)
  })
})

describe('the repository list', () => {
  interface Listed {
    key: string
    kind: string
    members: string[]
    packageCount: number
    artifactCount: number
  }
  const listOf = async (cookie: string) =>
    ((await (await ui('/repositories', cookie)).json()) as { repositories: Listed[] }).repositories

  it('names and counts only the repositories the user may read', async () => {
    const all = await listOf(reader)
    expect(all.map((r) => r.key)).toEqual(
      expect.arrayContaining(['npm', 'npm-local', 'npm-remote', 'generic-local']),
    )
    const seen = await listOf(outsider.cookie)
    expect(seen.map((r) => r.key).sort()).toEqual(['npm', 'npm-remote'])
    const virtual = seen.find((r) => r.key === 'npm')!
    const remote = seen.find((r) => r.key === 'npm-remote')!
    // The virtual counts what its readable members hold: npm-remote's, not npm-local's.
    expect(virtual.members).toEqual(['npm-remote'])
    expect(virtual.packageCount).toBe(remote.packageCount)
    expect(virtual.artifactCount).toBe(remote.artifactCount)
    const readersVirtual = all.find((r) => r.key === 'npm')!
    expect(readersVirtual.packageCount).toBeGreaterThan(virtual.packageCount)
  })

  it('one repository: its readable members only; an unreadable one is not found', async () => {
    const one = (await (await ui('/repositories/npm', outsider.cookie)).json()) as {
      members: string[]
      defaultDeploymentRepo: string | null
    }
    expect(one.members).toEqual(['npm-remote'])
    expect(one.defaultDeploymentRepo).toBeNull()
    expect((await ui('/repositories/npm-local', outsider.cookie)).status).toBe(404)
    expect((await ui('/repositories/npm-local', reader)).status).toBe(200)
  })
})

describe('search results', () => {
  const query = `query($filter: PackageFilter!) { packages(filter: $filter, first: 50) { edges { node { name } } } }`
  const found = async (cookie: string, filter: Record<string, unknown>) => {
    const reply = await gql<{ packages: { edges: Array<{ node: { name: string } }> } }>(
      server,
      cookie,
      query,
      {
        filter,
      },
    )
    expect(reply.status, JSON.stringify(reply.body)).toBe(200)
    return reply.body.data!.packages.edges.map((e) => e.node.name)
  }

  it('a package held only where the user may not read is not found, even when its repository is named', async () => {
    expect(await found(reader, { name: 'hidden-lib' })).toEqual(['hidden-lib'])
    expect(await found(outsider.cookie, { name: 'hidden-lib' })).toEqual([])
    expect(await found(outsider.cookie, { name: 'hidden-lib', repositoriesIn: ['npm-local'] })).toEqual([])
  })

  it('what the user may read is still found', async () => {
    expect((await found(outsider.cookie, { name: 'react' })).length).toBeGreaterThan(0)
  })
})

describe('build information (PUT /artifactory/api/build)', () => {
  const build = (number: string) => ({
    version: '1.0.1',
    name: 'perm-build',
    number,
    started: '2026-11-01T10:00:00.000+0000',
    modules: [],
  })
  const put = (user: string, number: string) =>
    fetch(`${server.url}/artifactory/api/build`, {
      method: 'PUT',
      headers: { authorization: basic(user), 'content-type': 'application/json' },
      body: JSON.stringify(build(number)),
    })

  it('a read-only user records no build', async () => {
    const res = await put('mallory', '1')
    expect(res.status).toBe(403)
    expect(await res.text()).toContain('mallory may not deploy build information')
    expect((await ui('/builds/perm-build/1', reader)).status).toBe(404)
  })

  it('a user who may deploy records one; replacing it needs delete/overwrite', async () => {
    expect((await put('builder', '2')).status).toBe(204)
    const again = await put('builder', '2')
    expect(again.status).toBe(403)
    expect(await again.text()).toContain('builder may not overwrite build perm-build #2')
    expect((await put('rebuilder', '2')).status).toBe(204)
  })
})
