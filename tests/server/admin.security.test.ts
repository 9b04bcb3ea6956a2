/**
 * Administration → Security settings round trips: general security, LDAP and Crowd / JIRA
 * (stored and validated by the platform, secrets write-only), next to the SAML and OAuth ones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/server'
import { call, login } from '../support/apiCalls'

let server: TestServer
let admin: string

beforeAll(async () => {
  server = await startTestServer()
  admin = (await login(server, 'admin')).cookie ?? ''
})
afterAll(async () => {
  await server.stop()
})

const put = (path: string, body: Record<string, unknown>) =>
  call<Record<string, unknown> & { message?: string }>(server, 'PUT', path, { cookie: admin, body })
const get = (path: string) => call<Record<string, unknown>>(server, 'GET', path, { cookie: admin })

describe('general security settings', () => {
  it('round-trips what the GET answered, and keeps fields left out', async () => {
    const read = await get('/ui/admin/security')
    expect(read.body).toMatchObject({ passwordMinLength: 8, userLockEnabled: true, anonymousAccess: false })
    const { anonymousAccess: _readOnly, ...body } = read.body
    expect((await put('/ui/admin/security', { ...body, passwordMinLength: 12 })).status).toBe(200)
    expect((await put('/ui/admin/security', { passwordRequireDigit: true })).body).toMatchObject({
      passwordMinLength: 12,
      passwordRequireDigit: true,
    })
    expect((await get('/ui/admin/security')).body).toMatchObject({
      passwordMinLength: 12,
      passwordRequireDigit: true,
    })
  })

  it('refuses values out of range with the field named', async () => {
    const res = await put('/ui/admin/security', { passwordMinLength: 2 })
    expect(res.status).toBe(400)
    expect(res.body.message).toMatch(/passwordMinLength/)
  })
})

describe('the password rules are enforced', () => {
  it('a new password must pass the stored rules (length, digit, uppercase), then passes once it does', async () => {
    expect(
      (
        await put('/ui/admin/security', {
          passwordMinLength: 12,
          passwordRequireDigit: true,
          passwordRequireUppercase: true,
        })
      ).status,
    ).toBe(200)
    const create = (password: string) =>
      call<{ message?: string }>(server, 'POST', '/ui/admin/users', {
        cookie: admin,
        body: { name: 'policy-user', email: 'policy@example.test', password },
      })
    expect((await create('short1A')).body.message).toBe('password: Password must be at least 12 characters')
    expect((await create('longenoughpassword')).body.message).toBe(
      'password: Password must contain an uppercase letter',
    )
    expect((await create('Longenoughpassword')).body.message).toBe('password: Password must contain a digit')
    expect((await create('Longenoughpassword7')).status).toBe(201)
    await put('/ui/admin/security', {
      passwordMinLength: 8,
      passwordRequireDigit: false,
      passwordRequireUppercase: false,
    })
  })
})

describe('LDAP', () => {
  it('stores the settings, never answers the manager password and keeps it when left out', async () => {
    const saved = await put('/ui/admin/ldap', {
      enabled: true,
      url: 'ldaps://ldap.example.test:636',
      userDnPattern: 'uid={0},ou=people,dc=example,dc=test',
      managerDn: 'cn=reader,dc=example,dc=test',
      managerPassword: 'ldap-manager-secret',
    })
    expect(saved.status).toBe(200)
    expect(saved.body).toMatchObject({ enabled: true, managerPasswordSet: true })
    expect(JSON.stringify(saved.body)).not.toContain('ldap-manager-secret')
    const again = await put('/ui/admin/ldap', { emailAttribute: 'email' })
    expect(again.body).toMatchObject({ managerPasswordSet: true, emailAttribute: 'email' })
    expect(JSON.stringify((await get('/ui/admin/ldap')).body)).not.toContain('ldap-manager-secret')
  })

  it('refuses a URL that is not ldap(s), a pattern without {0}, and a missing pattern', async () => {
    expect((await put('/ui/admin/ldap', { url: 'http://ldap.example.test' })).body.message).toBe(
      'url: Enter a valid URL (ldap:// or ldaps://)',
    )
    expect((await put('/ui/admin/ldap', { userDnPattern: 'uid=x' })).body.message).toMatch(
      /^userDnPattern: .*\{0\}/,
    )
    expect((await put('/ui/admin/ldap', { userDnPattern: '', searchFilter: '' })).body.message).toMatch(
      /^userDnPattern: This field is mandatory/,
    )
    expect((await get('/ui/admin/ldap')).body.url).toBe('ldaps://ldap.example.test:636')
  })
})

describe('Crowd / JIRA', () => {
  it('stores the settings with a write-only application password, and validates', async () => {
    expect(
      (await put('/ui/admin/crowd', { enabled: true, serverUrl: 'https://crowd.example.test' })).body.message,
    ).toBe('applicationName: This field is mandatory')
    expect((await put('/ui/admin/crowd', { serverUrl: 'not a url' })).body.message).toBe(
      'serverUrl: Enter a valid URL',
    )
    const saved = await put('/ui/admin/crowd', {
      enabled: true,
      serverUrl: 'https://crowd.example.test/crowd',
      applicationName: 'platform',
      applicationPassword: 'crowd-app-secret',
      sessionValidationMinutes: 5,
    })
    expect(saved.status).toBe(200)
    expect(saved.body).toMatchObject({ applicationPasswordSet: true, sessionValidationMinutes: 5 })
    expect(JSON.stringify(await get('/ui/admin/crowd'))).not.toContain('crowd-app-secret')
  })

  it('is for admins only', async () => {
    const developer = (await login(server, 'developer')).cookie
    for (const path of [
      '/ui/admin/security',
      '/ui/admin/ldap',
      '/ui/admin/crowd',
      '/ui/admin/saml',
      '/ui/admin/oidc',
    ])
      expect((await call(server, 'GET', path, { cookie: developer })).status).toBe(403)
  })
})
