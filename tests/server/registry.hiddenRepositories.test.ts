/**
 * The registry's endpoints (npm and generic files, not only the console's API) answer a
 * repository the caller may not read exactly as one that does not exist: a signed-in caller
 * gets the same 404 and the same body for an existing repository it may not read as for a
 * missing one, for reads and writes alike; an anonymous caller gets the same 401 challenge for
 * both. Below a readable repository, a package or file the caller may not read (an include
 * pattern leaves it out) is answered as a missing package or file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserHeaders, startTestServer, type TestServer } from '../support/server'
import { signInDirectly } from './helpers/catalogSession'
import { grant, usersOutsideGroups } from './helpers/permissions'
import { createUser, TEST_PASSWORD } from './helpers/registryClients'
import { publishBody } from '../support/npmPublish'

let server: TestServer

const basic = (user: string) => `Basic ${Buffer.from(`${user}:${TEST_PASSWORD}`).toString('base64')}`

async function answer(method: string, path: string, user?: string, body?: string) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(user ? { authorization: basic(user) } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body } : {}),
  })
  return { status: res.status, body: await res.text() }
}

const npm = (repo: string, rest: string) => `/artifactory/api/npm/${repo}/${rest}`
const publishJson = (name: string) => JSON.stringify(publishBody(name, '2.0.0').body)

/** Each request as [method, path, body?], with `REPO` where the repository's key goes. */
const REQUESTS: ReadonlyArray<readonly [string, string, string?]> = [
  ['GET', npm('REPO', 'hidden-lib')],
  ['GET', npm('REPO', 'hidden-lib/1.0.0')],
  ['GET', npm('REPO', 'hidden-lib/-/hidden-lib-1.0.0.tgz')],
  ['HEAD', npm('REPO', 'hidden-lib/-/hidden-lib-1.0.0.tgz')],
  ['GET', npm('REPO', '-/package/hidden-lib/dist-tags')],
  ['GET', npm('REPO', '-/ping')],
  ['GET', npm('REPO', '-/whoami')],
  ['PUT', npm('REPO', 'hidden-lib'), publishJson('hidden-lib')],
  ['PUT', npm('REPO', '-/package/hidden-lib/dist-tags/beta'), JSON.stringify('1.0.0')],
  ['DELETE', npm('REPO', '-/package/hidden-lib/dist-tags/beta')],
  ['DELETE', npm('REPO', 'hidden-lib/-rev/1-x')],
  // npm unpublish of one version: the document back without it; then the tarball's DELETE.
  ['PUT', npm('REPO', 'hidden-lib/-rev/1-x'), JSON.stringify({ name: 'hidden-lib', versions: {} })],
  ['DELETE', npm('REPO', 'hidden-lib/-/hidden-lib-1.0.0.tgz/-rev/1-x')],
  ['POST', npm('REPO', '-/npm/v1/security/audits/quick'), JSON.stringify({ name: 'app', requires: {} })],
  ['POST', npm('REPO', '-/npm/v1/security/advisories/bulk'), JSON.stringify({ 'hidden-lib': ['1.0.0'] })],
  ['GET', '/artifactory/REPO/secret/plans.txt'],
  ['HEAD', '/artifactory/REPO/secret/plans.txt'],
  ['PUT', '/artifactory/REPO/secret/plans.txt', 'overwritten'],
  ['DELETE', '/artifactory/REPO/secret/plans.txt'],
  ['DELETE', '/artifactory/REPO/secret'],
]

beforeAll(async () => {
  server = await startTestServer()
  await createUser(server, 'owner')
  await grant(server, { repositories: ['ANY'], users: { owner: ['read', 'annotate', 'deploy', 'delete'] } })
  const published = await answer(
    'PUT',
    npm('npm-local', 'hidden-lib'),
    'owner',
    JSON.stringify(publishBody('hidden-lib', '1.0.0').body),
  )
  expect(published.status).toBe(200)
  const file = await fetch(`${server.url}/artifactory/generic-local/secret/plans.txt`, {
    method: 'PUT',
    headers: { authorization: basic('owner') },
    body: 'the plans',
  })
  expect(file.status).toBe(201)
  await usersOutsideGroups(server, 'stranger')
  await usersOutsideGroups(server, 'partial')
  await grant(server, {
    repositories: ['generic-local', 'npm-local'],
    includePatterns: ['public/**', 'open-lib/**'],
    users: { partial: ['read'] },
  })
})

afterAll(async () => {
  await server?.stop()
})

describe('a signed-in user who may not read a repository', () => {
  it('gets for each read and write exactly the answer a missing repository gives', async () => {
    for (const [method, path, body] of REQUESTS) {
      const generic = !path.startsWith('/artifactory/api/')
      const [existing, missing] = generic ? ['generic-local', 'generic-lost'] : ['npm-local', 'npm-lost']
      const hidden = await answer(method, path.replace('REPO', existing), 'stranger', body)
      const absent = await answer(method, path.replace('REPO', missing), 'stranger', body)
      expect(hidden.status, `${method} ${path}`).toBe(404)
      expect(hidden.body, `${method} ${path}`).toBe(absent.body.replaceAll(missing, existing))
    }
    // One who may read it is still told why a write is refused.
    await createUser(server, 'reader')
    const refused = await answer('PUT', npm('npm-local', 'reader-lib'), 'reader', publishJson('reader-lib'))
    expect(refused.status).toBe(403)
    expect(JSON.parse(refused.body)).toMatchObject({ error: 'reader may not deploy to npm-local' })
  })

  it('through a virtual repository the same, and the owner still reads and nothing was changed', async () => {
    const hidden = await answer('GET', npm('npm', 'hidden-lib'), 'stranger')
    const absent = await answer('GET', npm('npm-lost', 'hidden-lib'), 'stranger')
    expect(hidden.status).toBe(404)
    expect(hidden.body).toBe(absent.body.replaceAll('npm-lost', 'npm'))
    expect((await answer('GET', npm('npm', 'hidden-lib/1.0.0'), 'owner')).status).toBe(200)
    expect((await answer('GET', '/artifactory/generic-local/secret/plans.txt', 'owner')).body).toBe(
      'the plans',
    )
  })
})

/** A repository made the way an admin makes one, through the console's API. */
async function createRepository(form: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${server.url}/ui/api/v1/repositories`, {
    method: 'POST',
    headers: browserHeaders(server.url, signInDirectly(server, { admin: true })),
    body: JSON.stringify({ description: '', ...form }),
  })
  expect(res.status, await res.text()).toBe(201)
}

describe('a write through a virtual repository whose deployment repository one may not read', () => {
  it('is answered as through a virtual without one: the repository behind it is not named', async () => {
    // Doors to the same members: one deploys to a local repository, the other to nothing.
    await createRepository({ key: 'npm-bare', kind: 'virtual', packageType: 'npm', members: ['npm-local'] })
    await createRepository({
      key: 'generic-door',
      kind: 'virtual',
      packageType: 'generic',
      members: ['generic-local'],
      defaultDeploymentRepo: 'generic-local',
    })
    await createRepository({
      key: 'generic-bare',
      kind: 'virtual',
      packageType: 'generic',
      members: ['generic-local'],
    })
    await usersOutsideGroups(server, 'doorman')
    await grant(server, {
      repositories: ['npm', 'npm-bare', 'generic-door', 'generic-bare'],
      users: { doorman: ['read', 'annotate', 'deploy', 'delete'] },
    })
    const writes: ReadonlyArray<readonly [string, string, string, string, string?]> = [
      ['PUT', 'npm', 'npm-bare', 'api/npm/REPO/door-lib', publishJson('door-lib')],
      ['PUT', 'npm', 'npm-bare', 'api/npm/REPO/-/package/hidden-lib/dist-tags/beta', JSON.stringify('1.0.0')],
      ['DELETE', 'npm', 'npm-bare', 'api/npm/REPO/hidden-lib/-rev/1-x'],
      ['PUT', 'generic-door', 'generic-bare', 'REPO/door/plans.txt', 'overwritten'],
    ]
    for (const [method, door, bare, path, body] of writes) {
      const behind = await answer(method, `/artifactory/${path.replace('REPO', door)}`, 'doorman', body)
      const none = await answer(method, `/artifactory/${path.replace('REPO', bare)}`, 'doorman', body)
      expect(behind.body, `${method} ${door}`).not.toMatch(/npm-local|generic-local/)
      expect(behind, `${method} ${door}`).toEqual({ ...none, body: none.body.replaceAll(bare, door) })
    }
    // The owner, who may read the deployment repositories, still writes through the doors.
    expect((await answer('PUT', npm('npm', 'door-lib'), 'owner', publishJson('door-lib'))).status).toBe(200)
    const file = await fetch(`${server.url}/artifactory/generic-door/door/plans.txt`, {
      method: 'PUT',
      headers: { authorization: basic('owner') },
      body: 'through the door',
    })
    expect(file.status).toBe(201)
  })
})

describe('below a repository one may read in part', () => {
  it('a file or package outside the grant is answered as a missing one', async () => {
    const file = await answer('GET', '/artifactory/generic-local/secret/plans.txt', 'partial')
    const noFile = await answer('GET', '/artifactory/generic-local/secret/other.txt', 'partial')
    expect(file.status).toBe(404)
    expect(file.body).toBe(noFile.body.replaceAll('other.txt', 'plans.txt'))
    const pkg = await answer('GET', npm('npm-local', 'hidden-lib'), 'partial')
    const noPkg = await answer('GET', npm('npm-local', 'hidden-lob'), 'partial')
    expect(pkg.status).toBe(404)
    expect(pkg.body).toBe(noPkg.body.replaceAll('hidden-lob', 'hidden-lib'))
    const tarball = await answer('GET', npm('npm-local', 'hidden-lib/-/hidden-lib-1.0.0.tgz'), 'partial')
    expect(tarball.status).toBe(404)
  })
})

describe('an anonymous caller (anonymous access off)', () => {
  it('is challenged the same for an existing repository and a missing one', async () => {
    for (const [method, path, body] of REQUESTS) {
      const generic = !path.startsWith('/artifactory/api/')
      const [existing, missing] = generic ? ['generic-local', 'generic-lost'] : ['npm-local', 'npm-lost']
      const hidden = await answer(method, path.replace('REPO', existing), undefined, body)
      const absent = await answer(method, path.replace('REPO', missing), undefined, body)
      expect(hidden.status, `${method} ${path}`).toBe(401)
      expect(absent, `${method} ${path}`).toEqual(hidden)
    }
  })
})
