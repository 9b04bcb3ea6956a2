import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/server'
import { call, login, sessionOf } from '../support/apiCalls'

let server: TestServer
let admin: string
let developer: string
beforeAll(async () => {
  server = await startTestServer()
  admin = await sessionOf(server, 'admin')
  developer = await sessionOf(server, 'developer')
})
afterAll(async () => server.stop())

describe('admin authorisation', () => {
  const reads = [
    '/ui/admin/generalConfig',
    '/ui/admin/licenses',
    '/ui/admin/peers',
    '/ui/admin/proxies',
    '/ui/admin/projects',
    '/ui/admin/users',
    '/ui/admin/groups',
    '/ui/admin/permissions',
    '/ui/admin/contactRequests',
  ]

  it('answers 401 when signed out, 403 to a regular user and 200 to an admin', async () => {
    for (const path of reads) {
      expect((await call(server, 'GET', path)).status, path).toBe(401)
      expect((await call(server, 'GET', path, { cookie: developer })).status, path).toBe(403)
      expect((await call(server, 'GET', path, { cookie: admin })).status, path).toBe(200)
    }
  })

  it('refuses writes of non-admins before looking at the body', async () => {
    const writes: Array<[string, string]> = [
      ['PUT', '/ui/admin/generalConfig'],
      ['POST', '/ui/admin/proxies'],
      ['POST', '/ui/admin/projects'],
      ['POST', '/ui/admin/users'],
      ['POST', '/ui/admin/groups'],
      ['POST', '/ui/admin/permissions'],
      ['DELETE', '/ui/admin/users/developer'],
    ]
    for (const [method, path] of writes) {
      expect((await call(server, method, path, { body: { nonsense: true } })).status, path).toBe(401)
      expect(
        (await call(server, method, path, { cookie: developer, body: { nonsense: true } })).status,
        path,
      ).toBe(403)
    }
  })
})

describe('general configuration', () => {
  it('changes the login page and keeps unspecified fields', async () => {
    const saved = await call(server, 'PUT', '/ui/admin/generalConfig', {
      cookie: admin,
      body: {
        serverName: 'Acme Artifacts',
        loginDialog: { content: 'Authorised use only', permanent: true },
        saml: {
          enabled: true,
          loginUrl: 'https://sso.example.com/login',
          logoutUrl: 'https://sso.example.com/logout',
          registrationId: 'acme-sso',
          autoRedirect: true,
        },
        oauthProviders: [{ name: 'GitHub', type: 'github', url: 'https://github.com/login/oauth' }],
      },
    })
    expect(saved.status).toBe(200)
    expect(saved.body).toMatchObject({
      serverName: 'Acme Artifacts',
      forgotPasswordEnabled: true,
      anonymousAccess: false,
    })
    expect((await call(server, 'GET', '/ui/system/footer')).body).toMatchObject({
      serverName: 'Acme Artifacts',
    })
    expect((await call(server, 'GET', '/ui/auth/loginDialog')).body).toEqual({
      content: 'Authorised use only',
      permanent: true,
    })
    expect((await call(server, 'GET', '/ui/auth/samlLogoutUrl')).body).toEqual({
      logoutUrl: 'https://sso.example.com/logout',
    })
    expect((await call(server, 'GET', '/ui/auth/samlRegistrationId')).body).toEqual({
      samlRegistrationId: 'acme-sso',
    })
    expect((await call(server, 'GET', '/ui/auth/autoRedirect')).body).toEqual({ isAutoRedirectLogin: true })
    expect((await call(server, 'GET', '/ui/auth/loginRelatedData')).body).toMatchObject({
      ssoProviderLink: 'https://sso.example.com/login',
      samlAuthenticationData: { providerName: 'SAML SSO', url: 'https://sso.example.com/login' },
    })
    const providers = await call(server, 'GET', '/ui/auth/oauthProviders?registrationToken=abc')
    expect(providers.body).toEqual([
      { name: 'GitHub', type: 'github', url: 'https://github.com/login/oauth?registrationToken=abc' },
    ])
    const realms = (await call<Array<{ realm: string; enabled: boolean }>>(server, 'GET', '/ui/auth/realms'))
      .body
    expect(realms).toContainEqual({ realm: 'saml', enabled: true })
    expect(realms).toContainEqual({ realm: 'oauth', enabled: true })
  })

  it('refuses non-http URLs, unknown fields and SAML without a login URL, writing nothing', async () => {
    const before = (await call(server, 'GET', '/ui/admin/generalConfig', { cookie: admin })).body
    for (const body of [
      { oauthProviders: [{ name: 'Evil', type: 'x', url: 'javascript:alert(1)' }] },
      { baseUrl: 'ftp://example.com' },
      { serverName: '' },
      { nonsense: 1 },
      { saml: { enabled: true, loginUrl: '' } },
    ]) {
      const res = await call(server, 'PUT', '/ui/admin/generalConfig', { cookie: admin, body })
      expect(res.status, JSON.stringify(body)).toBe(400)
    }
    expect((await call(server, 'GET', '/ui/admin/generalConfig', { cookie: admin })).body).toEqual(before)
    // Switch SAML off again for the other tests.
    await call(server, 'PUT', '/ui/admin/generalConfig', {
      cookie: admin,
      body: { saml: { enabled: false }, oauthProviders: [] },
    })
  })

  it('takes back what GET answered, unchanged (a round trip), but not a change of anonymous access', async () => {
    const got = await call<Record<string, unknown>>(server, 'GET', '/ui/admin/generalConfig', {
      cookie: admin,
    })
    const put = await call(server, 'PUT', '/ui/admin/generalConfig', { cookie: admin, body: got.body })
    expect(put.status, JSON.stringify(put.body)).toBe(200)
    expect(put.body).toEqual(got.body)
    const flipped = { ...got.body, anonymousAccess: got.body.anonymousAccess !== true }
    const refused = await call(server, 'PUT', '/ui/admin/generalConfig', { cookie: admin, body: flipped })
    expect(refused.status).toBe(400)
    expect(JSON.stringify(refused.body)).toMatch(/anonymousAccess/)
  })

  it('uses the configured base URL in set-me-up', async () => {
    await call(server, 'PUT', '/ui/admin/generalConfig', {
      cookie: admin,
      body: { baseUrl: 'https://artifacts.acme.example/' },
    })
    expect((await call(server, 'GET', '/ui/setMeUp', { cookie: developer })).body).toEqual({
      baseUrl: 'https://artifacts.acme.example',
    })
    await call(server, 'PUT', '/ui/admin/generalConfig', { cookie: admin, body: { baseUrl: '' } })
  })
})

describe('licences and peers', () => {
  it('lists this node’s licence and the cluster nodes as peers', async () => {
    const licences = await call<Array<Record<string, string>>>(server, 'GET', '/ui/admin/licenses', {
      cookie: admin,
    })
    expect(licences.body).toEqual([
      {
        type: 'Enterprise+',
        validThrough: expect.any(String),
        licensedTo: 'Platform',
        nodeId: server.config.nodeId,
      },
    ])
    expect(Date.parse(licences.body[0]!.validThrough!)).toBeGreaterThan(Date.now())
    const peers = await call<Array<{ id: string; status: string }>>(server, 'GET', '/ui/admin/peers', {
      cookie: admin,
    })
    expect(peers.status).toBe(200)
    // The operations part registers this node with a heartbeat when the server starts.
    expect(peers.body).toContainEqual(expect.objectContaining({ id: server.config.nodeId, status: 'Online' }))
  })
})

describe('proxies', () => {
  it('creates, reads, updates and deletes, with one default at most and a write-only password', async () => {
    const a = await call(server, 'POST', '/ui/admin/proxies', {
      cookie: admin,
      body: {
        key: 'corp',
        host: 'proxy.corp.example',
        port: 3128,
        username: 'svc',
        password: 'secret',
        defaultProxy: true,
      },
    })
    expect(a.status).toBe(201)
    expect(a.body).toEqual({
      key: 'corp',
      host: 'proxy.corp.example',
      port: 3128,
      username: 'svc',
      defaultProxy: true,
      hasPassword: true,
    })
    const b = await call(server, 'POST', '/ui/admin/proxies', {
      cookie: admin,
      body: { key: 'backup', host: '10.0.0.2', port: 8080, defaultProxy: true },
    })
    expect(b.status).toBe(201)
    const list = (
      await call<Array<{ key: string; defaultProxy: boolean }>>(server, 'GET', '/ui/admin/proxies', {
        cookie: admin,
      })
    ).body
    expect(list.filter((p) => p.defaultProxy).map((p) => p.key)).toEqual(['backup'])
    expect(JSON.stringify(list)).not.toContain('secret')

    expect(
      (
        await call(server, 'POST', '/ui/admin/proxies', {
          cookie: admin,
          body: { key: 'CORP', host: 'x', port: 1 },
        })
      ).status,
    ).toBe(409)
    expect(
      (
        await call(server, 'POST', '/ui/admin/proxies', {
          cookie: admin,
          body: { key: 'bad key', host: 'x', port: 1 },
        })
      ).status,
    ).toBe(400)
    expect(
      (
        await call(server, 'POST', '/ui/admin/proxies', {
          cookie: admin,
          body: { key: 'p', host: 'x', port: 0 },
        })
      ).status,
    ).toBe(400)
    expect(
      (
        await call(server, 'POST', '/ui/admin/proxies', {
          cookie: admin,
          body: { key: 'p', host: 'x', port: '80; rm' },
        })
      ).status,
    ).toBe(400)

    const updated = await call(server, 'PUT', '/ui/admin/proxies/corp', {
      cookie: admin,
      body: { host: 'proxy2.corp.example', port: 3129 },
    })
    expect(updated.body).toMatchObject({
      host: 'proxy2.corp.example',
      port: 3129,
      hasPassword: true,
      defaultProxy: false,
    })
    expect((await call(server, 'GET', '/ui/admin/proxies/corp', { cookie: admin })).body).toMatchObject({
      port: 3129,
    })
    expect(
      (await call(server, 'PUT', '/ui/admin/proxies/ghost', { cookie: admin, body: { host: 'x', port: 1 } }))
        .status,
    ).toBe(404)
    expect((await call(server, 'DELETE', '/ui/admin/proxies/corp', { cookie: admin })).status).toBe(204)
    expect((await call(server, 'GET', '/ui/admin/proxies/corp', { cookie: admin })).status).toBe(404)
    expect((await call(server, 'DELETE', '/ui/admin/proxies/corp', { cookie: admin })).status).toBe(404)
  })
})

describe('projects and members', () => {
  it('validates project keys with the specification’s message', async () => {
    const upper = await call(server, 'POST', '/ui/admin/projects', {
      cookie: admin,
      body: { key: 'Acme', name: 'Acme' },
    })
    expect(upper.status).toBe(400)
    expect(upper.body).toMatchObject({ message: 'Project key must start with a lowercase character' })
    const long = await call(server, 'POST', '/ui/admin/projects', {
      cookie: admin,
      body: { key: `a${'b'.repeat(128)}`, name: 'Long' },
    })
    expect(long.status).toBe(400)
    const empty = await call(server, 'POST', '/ui/admin/projects', {
      cookie: admin,
      body: { key: '', name: 'Empty' },
    })
    expect(empty.status).toBe(400)
    expect((await call(server, 'GET', '/ui/admin/projects', { cookie: admin })).body).toEqual([])
  })

  it('creates, updates, lists members and deletes', async () => {
    const created = await call(server, 'POST', '/ui/admin/projects', {
      cookie: admin,
      body: {
        key: 'acme',
        name: 'Acme',
        description: 'The Acme project',
        adminPrivileges: { indexResources: false },
      },
    })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      key: 'acme',
      name: 'Acme',
      adminPrivileges: { manageMembers: true, manageResources: true, indexResources: false },
    })
    expect(
      (
        await call(server, 'POST', '/ui/admin/projects', {
          cookie: admin,
          body: { key: 'acme', name: 'Other' },
        })
      ).status,
    ).toBe(409)
    expect(
      (
        await call(server, 'POST', '/ui/admin/projects', {
          cookie: admin,
          body: { key: 'acme2', name: 'ACME' },
        })
      ).status,
    ).toBe(409)

    const members = await call(server, 'PUT', '/ui/admin/projects/acme/members', {
      cookie: admin,
      body: [{ name: 'developer', roles: ['Developer', 'Viewer'] }],
    })
    expect(members.body).toEqual([{ name: 'developer', roles: ['Developer', 'Viewer'] }])
    // Unknown user or role: 400 and the old list stays.
    const unknown = await call(server, 'PUT', '/ui/admin/projects/acme/members', {
      cookie: admin,
      body: [
        { name: 'admin', roles: ['Project Admin'] },
        { name: 'ghost', roles: ['Viewer'] },
      ],
    })
    expect(unknown.status).toBe(400)
    expect(
      (
        await call(server, 'PUT', '/ui/admin/projects/acme/members', {
          cookie: admin,
          body: [{ name: 'admin', roles: ['Overlord'] }],
        })
      ).status,
    ).toBe(400)
    expect((await call(server, 'GET', '/ui/admin/projects/acme/members', { cookie: admin })).body).toEqual([
      { name: 'developer', roles: ['Developer', 'Viewer'] },
    ])

    // The member sees the project in their own list; a non-member would not.
    expect(
      (await call<Array<{ key: string }>>(server, 'GET', '/ui/projects', { cookie: developer })).body.map(
        (p) => p.key,
      ),
    ).toEqual(['acme'])
    expect((await call(server, 'GET', '/ui/projects')).status).toBe(401)

    const updated = await call(server, 'PUT', '/ui/admin/projects/acme', {
      cookie: admin,
      body: { description: 'Changed' },
    })
    expect(updated.body).toMatchObject({ name: 'Acme', description: 'Changed' })
    expect((await call(server, 'DELETE', '/ui/admin/projects/acme', { cookie: admin })).status).toBe(204)
    expect((await call(server, 'GET', '/ui/admin/projects/acme', { cookie: admin })).status).toBe(404)
    expect((await call(server, 'GET', '/ui/admin/projects/acme/members', { cookie: admin })).status).toBe(404)
    expect((await call<unknown[]>(server, 'GET', '/ui/projects', { cookie: developer })).body).toEqual([])
  })
})

describe('users, groups and permissions', () => {
  it('creates a user with flags and groups; refuses bad input without writing anything', async () => {
    const group = await call(server, 'POST', '/ui/admin/groups', {
      cookie: admin,
      body: { name: 'testers', description: 'Read-only', autoJoin: true },
    })
    expect(group.status).toBe(201)
    const user = await call(server, 'POST', '/ui/admin/users', {
      cookie: admin,
      body: {
        name: 'alice',
        email: 'alice@example.com',
        password: 'alice-password',
        admin: true,
        groups: ['testers'],
      },
    })
    expect(user.status).toBe(201)
    expect(user.body).toMatchObject({
      name: 'alice',
      admin: true,
      mfaRequired: false,
      passwordExpired: false,
      groups: ['testers'],
    })
    expect((await login(server, 'alice', 'alice-password')).body).toMatchObject({ admin: true })

    // Unknown group: 400 and no half-created user.
    const bad = await call(server, 'POST', '/ui/admin/users', {
      cookie: admin,
      body: { name: 'bob', email: 'bob@example.com', password: 'bob-password', groups: ['ghosts'] },
    })
    expect(bad.status).toBe(400)
    expect((await call(server, 'GET', '/ui/admin/users/bob', { cookie: admin })).status).toBe(404)
    expect(
      (
        await call(server, 'POST', '/ui/admin/users', {
          cookie: admin,
          body: { name: 'alice', email: 'a@b.co', password: 'whatever-1' },
        })
      ).status,
    ).toBe(409)
    expect(
      (
        await call(server, 'POST', '/ui/admin/users', {
          cookie: admin,
          body: { name: 'carol', email: 'c@d.co', password: 'short' },
        })
      ).status,
    ).toBe(400)
    expect(
      (
        await call(server, 'POST', '/ui/admin/users', {
          cookie: admin,
          body: { name: 'x', email: 'c@d.co', password: 'long-enough', admin: 'yes' },
        })
      ).status,
    ).toBe(400)

    // Auto-join: a user created later joins the auto-join groups: the seeded readers and testers.
    const dave = await call(server, 'POST', '/ui/admin/users', {
      cookie: admin,
      body: { name: 'dave', email: 'dave@example.com', password: 'dave-password' },
    })
    expect(dave.body).toMatchObject({ groups: ['readers', 'testers'] })
  })

  it('changes flags and passwords, ending the user’s sessions', async () => {
    const daveSession = await sessionOf(server, 'dave', 'dave-password')
    const changed = await call(server, 'PUT', '/ui/admin/users/dave', {
      cookie: admin,
      body: { password: 'dave-new-password', mfaRequired: true },
    })
    expect(changed.body).toMatchObject({ mfaRequired: true })
    expect((await call(server, 'GET', '/ui/auth/current', { cookie: daveSession })).body).toMatchObject({
      anonymous: true,
    })
    expect((await login(server, 'dave', 'dave-new-password')).body).toMatchObject({ mfaStatus: 'ENROLL' })
    expect(
      (await call(server, 'PUT', '/ui/admin/users/ghost', { cookie: admin, body: { admin: true } })).status,
    ).toBe(404)
  })

  it('protects the last admin and the admin’s own account', async () => {
    expect((await call(server, 'DELETE', '/ui/admin/users/admin', { cookie: admin })).status).toBe(409)
    expect(
      (await call(server, 'PUT', '/ui/admin/users/alice', { cookie: admin, body: { admin: false } })).status,
    ).toBe(200)
    expect(
      (await call(server, 'PUT', '/ui/admin/users/admin', { cookie: admin, body: { admin: false } })).status,
    ).toBe(409)
  })

  it('manages groups and their members', async () => {
    const put = await call(server, 'PUT', '/ui/admin/groups/testers', {
      cookie: admin,
      body: { members: ['developer', 'alice'] },
    })
    expect(put.body).toMatchObject({ name: 'testers', members: ['alice', 'developer'] })
    expect(
      (await call(server, 'PUT', '/ui/admin/groups/testers', { cookie: admin, body: { members: ['ghost'] } }))
        .status,
    ).toBe(400)
    expect((await call(server, 'GET', '/ui/admin/groups/testers', { cookie: admin })).body).toMatchObject({
      members: ['alice', 'developer'],
    })
    expect(
      (await call(server, 'POST', '/ui/admin/groups', { cookie: admin, body: { name: 'TESTERS' } })).status,
    ).toBe(409)
    expect((await call(server, 'GET', '/ui/admin/users/developer', { cookie: admin })).body).toMatchObject({
      groups: ['readers', 'testers'],
    })
  })

  it('manages permission targets whose principals must exist', async () => {
    const created = await call(server, 'POST', '/ui/admin/permissions', {
      cookie: admin,
      body: {
        name: 'npm-read',
        repositories: ['npm-remote'],
        users: { developer: ['read'] },
        groups: { testers: ['read', 'annotate'] },
      },
    })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      name: 'npm-read',
      repositories: ['npm-remote'],
      includePatterns: ['**'],
      users: { developer: ['read'] },
      groups: { testers: ['read', 'annotate'] },
    })
    const unknownUser = await call(server, 'POST', '/ui/admin/permissions', {
      cookie: admin,
      body: { name: 'p2', users: { ghost: ['read'] } },
    })
    expect(unknownUser.status).toBe(400)
    expect((await call(server, 'GET', '/ui/admin/permissions/p2', { cookie: admin })).status).toBe(404)
    const badAction = await call(server, 'POST', '/ui/admin/permissions', {
      cookie: admin,
      body: { name: 'p3', users: { developer: ['fly'] } },
    })
    expect(badAction.status).toBe(400)

    const updated = await call(server, 'PUT', '/ui/admin/permissions/npm-read', {
      cookie: admin,
      body: { users: { alice: ['deploy'] } },
    })
    expect(updated.body).toMatchObject({
      users: { alice: ['deploy'] },
      groups: { testers: ['read', 'annotate'] },
    })

    // Deleting a user or group removes it from permission targets.
    expect((await call(server, 'DELETE', '/ui/admin/users/alice', { cookie: admin })).status).toBe(204)
    expect((await call(server, 'DELETE', '/ui/admin/groups/testers', { cookie: admin })).status).toBe(204)
    expect(
      (await call(server, 'GET', '/ui/admin/permissions/npm-read', { cookie: admin })).body,
    ).toMatchObject({ users: {}, groups: {} })
    expect((await call(server, 'DELETE', '/ui/admin/permissions/npm-read', { cookie: admin })).status).toBe(
      204,
    )
    expect((await call(server, 'DELETE', '/ui/admin/permissions/npm-read', { cookie: admin })).status).toBe(
      404,
    )
  })
})
