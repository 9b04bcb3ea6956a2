/**
 * A disabled user: the moment an admin disables the account, every credential of it stops
 * working, in the registry (client tokens, `npm login` tokens, container registry tokens, the
 * password as basic credentials) and in the console's API (sessions, new sign-ins); the account
 * and its grants stay, and enabling it again lets the user sign in (the old tokens stay ended).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserHeaders, startTestServer, type TestServer } from '../support/server'
import { signInDirectly } from './helpers/catalogSession'
import { grant } from './helpers/permissions'
import { createUser, TEST_PASSWORD } from './helpers/registryClients'
import { login, sessionOf } from '../support/apiCalls'
import { publishBody } from '../support/npmPublish'

let server: TestServer
let admin: string

const npmUrl = (rest: string) => `${server.url}/artifactory/api/npm/npm-local/${rest}`
const basicOf = (name: string) => `Basic ${Buffer.from(`${name}:${TEST_PASSWORD}`).toString('base64')}`
const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

const setUser = (name: string, change: Record<string, unknown>, cookie = admin) =>
  fetch(`${server.url}/ui/api/v1/ui/admin/users/${name}`, {
    method: 'PUT',
    headers: browserHeaders(server.url, cookie),
    body: JSON.stringify(change),
  })

/** Every credential a user can hold, made the ways clients make them. */
async function credentialsOf(name: string) {
  const cookie = await sessionOf(server, name, TEST_PASSWORD)
  const made = await fetch(`${server.url}/ui/api/v1/ui/tokens`, {
    method: 'POST',
    headers: browserHeaders(server.url, cookie),
    body: JSON.stringify({ description: 'laptop' }),
  })
  expect(made.status).toBe(201)
  const clientToken = ((await made.json()) as { token: string }).token
  const npmLogin = await fetch(npmUrl(`-/user/org.couchdb.user:${name}`), {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ _id: `org.couchdb.user:${name}`, name, password: TEST_PASSWORD, type: 'user' }),
  })
  expect(npmLogin.status).toBe(201)
  const npmToken = ((await npmLogin.json()) as { token: string }).token
  const docker = await fetch(`${server.url}/v2/token?service=registry`, {
    headers: { authorization: basicOf(name) },
  })
  expect(docker.status).toBe(200)
  const registryToken = ((await docker.json()) as { token: string }).token
  return { cookie, clientToken, npmToken, registryToken }
}

/** What each credential gets now: the status of a call that needs it. */
async function answers(name: string, c: Awaited<ReturnType<typeof credentialsOf>>) {
  const whoami = async (headers: Record<string, string>) =>
    (await fetch(npmUrl('-/whoami'), { headers })).status
  return {
    clientToken: await whoami(bearer(c.clientToken)),
    npmToken: await whoami(bearer(c.npmToken)),
    password: await whoami({ authorization: basicOf(name) }),
    registryToken: (await fetch(`${server.url}/v2/`, { headers: bearer(c.registryToken) })).status,
    session: (await fetch(`${server.url}/ui/api/v1/ui/tokens`, { headers: { cookie: c.cookie } })).status,
  }
}

beforeAll(async () => {
  server = await startTestServer()
  admin = signInDirectly(server, { admin: true })
  for (const name of ['dora', 'flagged']) await createUser(server, name)
  await grant(server, { repositories: ['npm-local'], users: { dora: ['read', 'deploy'] } })
})

afterAll(async () => {
  await server?.stop()
})

describe('disabling a user', () => {
  it('stops every token, the password and the sessions at once; enabling lets the user sign in again', async () => {
    const c = await credentialsOf('dora')
    expect(await answers('dora', c)).toEqual({
      clientToken: 200,
      npmToken: 200,
      password: 200,
      registryToken: 200,
      session: 200,
    })

    const disabled = await setUser('dora', { disabled: true })
    expect(disabled.status).toBe(200)
    expect(await disabled.json()).toMatchObject({ name: 'dora', disabled: true })
    expect(await answers('dora', c)).toEqual({
      clientToken: 401,
      npmToken: 401,
      password: 401,
      registryToken: 401,
      session: 401,
    })
    const publish = await fetch(npmUrl('dora-lib'), {
      method: 'PUT',
      headers: { ...bearer(c.clientToken), 'content-type': 'application/json' },
      body: JSON.stringify(publishBody('dora-lib', '1.0.0').body),
    })
    expect(publish.status).toBe(401)
    const signIn = await login(server, 'dora', TEST_PASSWORD)
    expect(signIn.status).toBe(403)
    expect(signIn.body).toMatchObject({ code: 'USER_DISABLED' })
    expect(signIn.cookie).toBeUndefined()

    expect((await setUser('dora', { disabled: false })).status).toBe(200)
    expect((await login(server, 'dora', TEST_PASSWORD)).status).toBe(200)
    // What was ended stays ended: the user makes new tokens.
    const after = await answers('dora', c)
    expect(after).toMatchObject({ clientToken: 401, npmToken: 401, registryToken: 401, password: 200 })
    expect((await credentialsOf('dora')).clientToken).toMatch(/^cnt_/)
  })

  it('the flag alone refuses the tokens, as when another node wrote it', async () => {
    const c = await credentialsOf('flagged')
    await server.ctx.sql.run("UPDATE users SET disabled = 1 WHERE name = 'flagged'")
    expect(await answers('flagged', c)).toEqual({
      clientToken: 401,
      npmToken: 401,
      password: 401,
      registryToken: 401,
      session: 401,
    })
    await server.ctx.sql.run("UPDATE users SET disabled = 0 WHERE name = 'flagged'")
    expect((await answers('flagged', c)).clientToken).toBe(200)
  })

  it('is refused for an admin’s own account', async () => {
    const me = await fetch(`${server.url}/ui/api/v1/ui/auth/current`, { headers: { cookie: admin } })
    const { name } = (await me.json()) as { name: string }
    const self = await setUser(name, { disabled: true })
    expect(self.status).toBe(409)
    expect((await fetch(`${server.url}/ui/api/v1/ui/tokens`, { headers: { cookie: admin } })).status).toBe(
      200,
    )
  })

  it('is listed to admins', async () => {
    await setUser('flagged', { disabled: true })
    const list = (await (
      await fetch(`${server.url}/ui/api/v1/ui/admin/users`, { headers: { cookie: admin } })
    ).json()) as Array<{ name: string; disabled: boolean }>
    expect(list.find((u) => u.name === 'flagged')?.disabled).toBe(true)
    expect(list.find((u) => u.name === 'dora')?.disabled).toBe(false)
  })
})
