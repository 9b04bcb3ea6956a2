/**
 * The connection test and the repositories of a git integration, against a git vendor on
 * loopback that answers like the APIs of GitHub, GitLab and Bitbucket Cloud and Server
 * (tests/support/fakeGitVendor.ts): the platform really calls it with the integration's token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserHeaders, startTestServer, type TestServer } from '../support/server'
import { startFakeGitVendor, type FakeGitVendor } from '../support/fakeGitVendor'
import { createRoles, type TestSession } from './helpers/sessions'

let server: TestServer
let admin: TestSession
let user: TestSession
let vendor: FakeGitVendor
const api = (path: string) => `${server.url}/ui/api/v1${path}`
const send = (method: string, path: string, body: unknown, session: TestSession) =>
  fetch(api(path), {
    method,
    headers: browserHeaders(server.url, session.cookie),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
const get = (path: string, session: TestSession) => fetch(api(path), { headers: { cookie: session.cookie } })

const REPOS = [
  { name: 'octo/web', private: false },
  { name: 'octo/api', private: true },
  { name: 'team/infra', private: true },
]

beforeAll(async () => {
  server = await startTestServer({ flavour: 'platform', nodeId: 'node-repos' })
  ;({ admin, user } = await createRoles(server.ctx.sql))
  vendor = await startFakeGitVendor({ token: 'right-token', repositories: REPOS })
})
afterAll(async () => {
  await vendor.stop()
  await server.stop()
})

const create = async (vendorName: number, url: string, integrationName: string) => {
  const res = await send(
    'POST',
    '/integration',
    { integrationName, userName: 'octo', token: 'right-token', url, vendorName, integrationType: 1 },
    admin,
  )
  expect(res.status).toBe(201)
  return ((await res.json()) as { data: string }).data
}

describe('git vendor calls', () => {
  it("tests a connection on the vendor's user endpoint: the right token passes, a wrong one fails", async () => {
    for (const [vendorName, url, path] of [
      [1, vendor.githubUrl, '/api/v3/user'],
      [2, vendor.gitlabUrl, '/api/v4/user'],
      [3, vendor.bitbucketCloudUrl, '/2.0/user'],
      [4, vendor.bitbucketServerUrl, '/rest/api/1.0/users?limit=1'],
    ] as const) {
      const form = { integrationName: 'x', userName: 'octo', url, vendorName, integrationType: 1 }
      const ok = await send('POST', '/integration/test', { ...form, token: 'right-token' }, admin)
      expect(await ok.json()).toMatchObject({ success: true, status: 200 })
      expect(vendor.requests.at(-1)).toMatchObject({ method: 'GET', path })
      expect(vendor.requests.at(-1)?.headers.authorization).toBe('Bearer right-token')
      const wrong = await send('POST', '/integration/test', { ...form, token: 'wrong-token' }, admin)
      // No integration was saved with this address: the failure says no more than that.
      expect(await wrong.json()).toEqual({
        success: false,
        message: 'Connection test failed, please check your credentials',
        reason: 'Could not connect',
        cause: 'undisclosed',
      })
    }
  })

  it('says why a saved address failed: refused token, not the API, nothing reachable', async () => {
    const failure = async (url: string, token: string) => {
      const form = { integrationName: 'x', userName: 'octo', url, vendorName: 1, integrationType: 1 }
      const res = await send('POST', '/integration/test', { ...form, token }, admin)
      expect(res.status).toBe(200)
      return (await res.json()) as { success: boolean; cause?: string; status?: number }
    }
    await create(1, vendor.githubUrl, 'gh-causes')
    expect(await failure(vendor.githubUrl, 'wrong-token')).toMatchObject({
      success: false,
      cause: 'credentials',
      status: 401,
    })
    // The vendor's host, but a path that is not its API: the token is not what is wrong.
    const notApi = vendor.githubUrl.replace('/api/v3/', '/elsewhere/')
    await create(1, notApi, 'gh-not-api')
    expect(await failure(notApi, 'right-token')).toMatchObject({
      success: false,
      cause: 'notVendorApi',
      status: 404,
    })
    // A vendor saved, then gone: nothing accepts connections at its address any more.
    const gone = await startFakeGitVendor({ token: 'right-token', repositories: REPOS })
    await create(1, gone.githubUrl, 'gh-gone')
    expect(await failure(gone.githubUrl, 'right-token')).toMatchObject({ success: true })
    await gone.stop()
    expect(await failure(gone.githubUrl, 'right-token')).toMatchObject({
      success: false,
      cause: 'unreachable',
    })
  })

  it('lists the repositories from each vendor by name, none chosen, then saves a choice', async () => {
    const gh = await create(1, vendor.githubUrl, 'gh-repos')
    const gl = await create(2, vendor.gitlabUrl, 'gl-repos')
    // Bitbucket Server names a repository PROJECT/slug: the fake's project keys are the owners.
    const bbc = await create(3, vendor.bitbucketCloudUrl, 'bbc-repos')
    const bbs = await create(4, vendor.bitbucketServerUrl, 'bbs-repos')
    const sorted = [...REPOS].sort((a, b) => a.name.localeCompare(b.name))
    for (const key of [gh, gl, bbc, bbs]) {
      const res = await get(`/integration/${key}/repositories`, admin)
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ repositories: sorted.map((r) => ({ ...r, selected: false })) })
    }
    expect(vendor.requests.some((r) => r.path.startsWith('/api/v3/user/repos'))).toBe(true)
    expect(vendor.requests.some((r) => r.path.startsWith('/api/v4/projects?membership=true'))).toBe(true)
    expect(vendor.requests.some((r) => r.path === '/2.0/repositories?role=member&pagelen=100')).toBe(true)
    expect(vendor.requests.some((r) => r.path === '/rest/api/1.0/repos?limit=100')).toBe(true)

    const saved = await send(
      'PUT',
      `/integration/${gh}/repositories`,
      { selected: ['octo/api', 'team/infra'] },
      admin,
    )
    expect(saved.status).toBe(200)
    const expected = {
      repositories: sorted.map((r) => ({ ...r, selected: r.name !== 'octo/web' })),
    }
    expect(await saved.json()).toEqual(expected)
    // Kept: read again, and the other integration's choice is its own.
    expect(await (await get(`/integration/${gh}/repositories`, admin)).json()).toEqual(expected)
    const other = (await (await get(`/integration/${gl}/repositories`, admin)).json()) as {
      repositories: Array<{ selected: boolean }>
    }
    expect(other.repositories.every((r) => !r.selected)).toBe(true)

    // A new choice replaces the old one.
    const fewer = await send('PUT', `/integration/${gh}/repositories`, { selected: ['octo/web'] }, admin)
    expect(
      ((await fewer.json()) as { repositories: Array<{ name: string; selected: boolean }> }).repositories
        .filter((r) => r.selected)
        .map((r) => r.name),
    ).toEqual(['octo/web'])
  })

  it('refuses a repository the vendor does not list, a developer, and an unknown integration', async () => {
    const key = await create(1, vendor.githubUrl, 'gh-refusals')
    const bad = await send(
      'PUT',
      `/integration/${key}/repositories`,
      { selected: ['octo/web', 'evil/x'] },
      admin,
    )
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { message: string }).message).toBe(
      'Not a repository of this integration: evil/x',
    )
    expect((await get(`/integration/${key}/repositories`, user)).status).toBe(403)
    expect((await send('PUT', `/integration/${key}/repositories`, { selected: [] }, user)).status).toBe(403)
    expect((await get('/integration/nope-123/repositories', admin)).status).toBe(404)
  })

  it('says the vendor refused the token when it was changed there (502), never a list', async () => {
    const key = await create(2, vendor.gitlabUrl, 'gl-revoked')
    const updated = await send(
      'PUT',
      `/integration/${key}`,
      {
        integrationName: 'gl-revoked',
        userName: 'octo',
        token: 'revoked',
        url: vendor.gitlabUrl,
        vendorName: 2,
      },
      admin,
    )
    expect(updated.status).toBe(200)
    const res = await get(`/integration/${key}/repositories`, admin)
    expect(res.status).toBe(502)
    expect(((await res.json()) as { message: string }).message).toBe(
      'The git vendor refused the integration token',
    )
  })

  it('deleting an integration drops its chosen repositories', async () => {
    const key = await create(1, vendor.githubUrl, 'gh-deleted')
    await send('PUT', `/integration/${key}/repositories`, { selected: ['octo/web'] }, admin)
    const { 'content-type': _, ...headers } = browserHeaders(server.url, admin.cookie)
    expect((await fetch(api(`/integration/${key}`), { method: 'DELETE', headers })).status).toBe(200)
    const left = await server.ctx.sql.one<{ n: number }>(
      'SELECT COUNT(*) AS n FROM git_repository_selections WHERE integration_key = ?',
      [key],
    )
    expect(left?.n).toBe(0)
  })
})
