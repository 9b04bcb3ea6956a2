// Project administrators: UserData says so, and the project calls let them in for their own
// projects only (real HTTP against the reference server).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/server'
import { call, login, sessionOf } from '../support/apiCalls'

let server: TestServer
let admin: string
beforeAll(async () => {
  server = await startTestServer()
  admin = await sessionOf(server, 'admin')
  for (const name of ['padmin', 'member'])
    expect(
      (
        await call(server, 'POST', '/ui/admin/users', {
          cookie: admin,
          body: { name, email: `${name}@example.org`, password: 'Secret-pass-1' },
        })
      ).status,
    ).toBe(201)
  for (const [key, name, manageMembers] of [
    ['alpha', 'Alpha', true],
    ['beta', 'Beta', true],
    ['gamma', 'Gamma', false],
  ] as const)
    expect(
      (
        await call(server, 'POST', '/ui/admin/projects', {
          cookie: admin,
          body: { key, name, adminPrivileges: { manageMembers } },
        })
      ).status,
    ).toBe(201)
  await call(server, 'PUT', '/ui/admin/projects/alpha/members', {
    cookie: admin,
    body: [
      { name: 'padmin', roles: ['Project Admin'] },
      { name: 'member', roles: ['Developer'] },
    ],
  })
  await call(server, 'PUT', '/ui/admin/projects/gamma/members', {
    cookie: admin,
    body: [{ name: 'padmin', roles: ['Project Admin', 'Viewer'] }],
  })
  await call(server, 'PUT', '/ui/admin/projects/beta/members', {
    cookie: admin,
    body: [{ name: 'member', roles: ['Viewer'] }],
  })
})
afterAll(async () => server.stop())

describe('projectAdmin in UserData', () => {
  it('is true for a user with the Project Admin role in a project, false otherwise', async () => {
    const padmin = await login(server, 'padmin', 'Secret-pass-1')
    expect(padmin.status).toBe(200)
    expect(padmin.body).toMatchObject({ name: 'padmin', admin: false, projectAdmin: true })
    const current = await call(server, 'GET', '/ui/auth/current', { cookie: padmin.cookie })
    expect(current.body).toMatchObject({ name: 'padmin', projectAdmin: true })

    const member = await login(server, 'member', 'Secret-pass-1')
    expect(member.body).toMatchObject({ name: 'member', projectAdmin: false })
    expect((await call(server, 'GET', '/ui/auth/current')).body).toMatchObject({
      anonymous: true,
      projectAdmin: false,
    })
  })

  it('follows the role: removing it makes the user a plain member again', async () => {
    await call(server, 'PUT', '/ui/admin/projects/beta/members', {
      cookie: admin,
      body: [{ name: 'member', roles: ['Project Admin'] }],
    })
    const cookie = await sessionOf(server, 'member', 'Secret-pass-1')
    expect((await call(server, 'GET', '/ui/auth/current', { cookie })).body).toMatchObject({
      projectAdmin: true,
    })
    await call(server, 'PUT', '/ui/admin/projects/beta/members', {
      cookie: admin,
      body: [{ name: 'member', roles: ['Viewer'] }],
    })
    expect((await call(server, 'GET', '/ui/auth/current', { cookie })).body).toMatchObject({
      projectAdmin: false,
    })
  })
})

describe('project calls for project administrators', () => {
  it('lists only the projects they administer', async () => {
    const cookie = await sessionOf(server, 'padmin', 'Secret-pass-1')
    const list = await call<Array<{ key: string }>>(server, 'GET', '/ui/admin/projects', { cookie })
    expect(list.status).toBe(200)
    expect(list.body.map((p) => p.key)).toEqual(['alpha', 'gamma'])
    const all = await call<Array<{ key: string }>>(server, 'GET', '/ui/admin/projects', { cookie: admin })
    expect(all.body.map((p) => p.key)).toEqual(['alpha', 'beta', 'gamma'])
  })

  it('reads and changes the members of their own project, never of another', async () => {
    const cookie = await sessionOf(server, 'padmin', 'Secret-pass-1')
    expect((await call(server, 'GET', '/ui/admin/projects/alpha', { cookie })).status).toBe(200)
    expect((await call(server, 'GET', '/ui/admin/projects/alpha/members', { cookie })).status).toBe(200)
    const changed = await call(server, 'PUT', '/ui/admin/projects/alpha/members', {
      cookie,
      body: [
        { name: 'padmin', roles: ['Project Admin'] },
        { name: 'member', roles: ['Viewer'] },
      ],
    })
    expect(changed.status).toBe(200)
    expect(changed.body).toContainEqual({ name: 'member', roles: ['Viewer'] })

    expect((await call(server, 'GET', '/ui/admin/projects/beta', { cookie })).status).toBe(403)
    expect((await call(server, 'GET', '/ui/admin/projects/beta/members', { cookie })).status).toBe(403)
    const refused = await call(server, 'PUT', '/ui/admin/projects/beta/members', {
      cookie,
      body: [{ name: 'padmin', roles: ['Project Admin'] }],
    })
    expect(refused.status).toBe(403)
    const beta = await call(server, 'GET', '/ui/admin/projects/beta/members', { cookie: admin })
    expect(beta.body).toEqual([{ name: 'member', roles: ['Viewer'] }])
  })

  it('does not change members where the project keeps that for admins', async () => {
    const cookie = await sessionOf(server, 'padmin', 'Secret-pass-1')
    expect((await call(server, 'GET', '/ui/admin/projects/gamma/members', { cookie })).status).toBe(200)
    const refused = await call(server, 'PUT', '/ui/admin/projects/gamma/members', { cookie, body: [] })
    expect(refused.status).toBe(403)
  })

  it('keeps creating, changing and deleting projects and other admin calls for admins', async () => {
    const cookie = await sessionOf(server, 'padmin', 'Secret-pass-1')
    const attempts: Array<[string, string, unknown]> = [
      ['POST', '/ui/admin/projects', { key: 'delta', name: 'Delta' }],
      ['PUT', '/ui/admin/projects/alpha', { name: 'Renamed' }],
      ['DELETE', '/ui/admin/projects/alpha', undefined],
      ['GET', '/ui/admin/users', undefined],
      ['GET', '/ui/admin/generalConfig', undefined],
    ]
    for (const [method, path, body] of attempts)
      expect((await call(server, method, path, { cookie, body })).status, `${method} ${path}`).toBe(403)
    // A regular member of a project is no project administrator.
    const member = await sessionOf(server, 'member', 'Secret-pass-1')
    expect((await call(server, 'GET', '/ui/admin/projects', { cookie: member })).status).toBe(403)
    expect((await call(server, 'GET', '/ui/admin/projects', {})).status).toBe(401)
  })

  it('guards by the route, not by what the URL reads', async () => {
    const member = await sessionOf(server, 'member', 'Secret-pass-1')
    // A query naming the admin area does not make the user's own call an admin one.
    const own = await call(server, 'GET', '/ui/projects?from=/ui/admin/', { cookie: member })
    expect(own.status).toBe(200)
    expect(own.body).toEqual([
      expect.objectContaining({ key: 'alpha' }),
      expect.objectContaining({ key: 'beta' }),
    ])
    // Nor does a path that only looks different reach an admin route without the guard.
    expect((await call(server, 'GET', '/ui/admin/users/', { cookie: member })).status).toBe(403)
  })
})
