/**
 * Client tokens over real HTTP and with the npm CLI: a user who must use MFA cannot reach the
 * registry with a password (npm login, `_auth`), only with a token; tokens are scoped
 * (repositories; read or read+deploy), expire when their owner chose (within the admins'
 * maximum), are listed without their value, revocable by their owner and by admins, end when
 * an admin resets or expires the owner's credentials, and are stored as hashes only.
 */
import { createHash, randomBytes } from 'node:crypto'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserHeaders, startTestServer, type TestServer } from '../support/server'
import { signInDirectly } from './helpers/catalogSession'
import { grant } from './helpers/permissions'
import { npmrcFor } from './helpers/registryClients'
import { npmCli } from '../support/npmCli'
import { publishBody } from '../support/npmPublish'
import { manualClock } from '../../server/clock'
import { binDir } from '../support/postgres'

let server: TestServer
let work: string
let admin: string
const PASSWORD = 'Correct-horse-battery-9'

/**
 * Every byte the database keeps: the SQLite file with its write-ahead log folded in, or on
 * PostgreSQL every row as `pg_dump` writes it out.
 */
function databaseBytes(of: TestServer): Buffer {
  if (of.config.databaseUrl)
    return execFileSync(join(binDir(), 'pg_dump'), ['--data-only', of.config.databaseUrl], {
      maxBuffer: 1 << 30,
    })
  of.ctx.db.pragma('wal_checkpoint(TRUNCATE)')
  return readFileSync(join(of.config.dataDir, 'platform.db'))
}

const registryOf = (repo: string) => `${server.url}/artifactory/api/npm/${repo}/`
const api = (path: string) => `${server.url}/ui/api/v1${path}`

async function createUser(name: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await fetch(api('/ui/admin/users'), {
    method: 'POST',
    headers: browserHeaders(server.url, admin),
    body: JSON.stringify({ name, email: `${name}@example.invalid`, password: PASSWORD, ...extra }),
  })
  expect(res.status).toBe(201)
  // A console session as a sign-in (with MFA where required) would leave.
  const sql = server.ctx.sql
  const user = (await sql.one<{ id: number }>('SELECT id FROM users WHERE name = ?', [name]))!
  const token = randomBytes(32).toString('base64url')
  const now = new Date()
  await sql.run(
    `INSERT INTO sessions (id_hash, user_id, created_at, expires_at, stage) VALUES (?, ?, ?, ?, 'full')`,
    [
      createHash('sha256').update(token).digest('hex'),
      user.id,
      now.toISOString(),
      new Date(now.getTime() + 3_600_000).toISOString(),
    ],
  )
  return `console_session=${token}`
}

async function makeToken(cookie: string, body: Record<string, unknown>) {
  const res = await fetch(api('/ui/tokens'), {
    method: 'POST',
    headers: browserHeaders(server.url, cookie),
    body: JSON.stringify(body),
  })
  return {
    status: res.status,
    body: (await res.json()) as Record<string, unknown> & { token: string; id: string },
  }
}

/** A DELETE from the console: same-origin proof, no body (so no content type). */
const deleteHeaders = (cookie: string) => {
  const { 'content-type': _none, ...headers } = browserHeaders(server.url, cookie)
  return headers
}

const whoami = (token: string) =>
  fetch(`${registryOf('npm')}-/whoami`, { headers: { authorization: `Bearer ${token}` } })

const rcFor = (repo: string, auth: string) => npmrcFor(server, work, repo, auth)

beforeAll(async () => {
  server = await startTestServer()
  admin = signInDirectly(server, { admin: true })
  work = mkdtempSync(join(tmpdir(), 'npm-tokens-'))
})

afterAll(async () => {
  await server?.stop()
  if (work) rmSync(work, { recursive: true, force: true })
})

describe('a user who must use MFA', () => {
  it('cannot use the password with the registry (npm login, _auth), only a token', async () => {
    const cookie = await createUser('mfa-user', { mfaRequired: true })
    await grant(server, { repositories: ['npm-local'], users: { 'mfa-user': ['deploy'] } })
    const login = await fetch(`${registryOf('npm')}-/user/org.couchdb.user:mfa-user`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        _id: 'org.couchdb.user:mfa-user',
        name: 'mfa-user',
        password: PASSWORD,
        type: 'user',
      }),
    })
    expect(login.status).toBe(401)
    expect(((await login.json()) as { code: string }).code).toBe('MFA_REQUIRED')
    const basic = `Basic ${Buffer.from(`mfa-user:${PASSWORD}`).toString('base64')}`
    expect((await fetch(`${registryOf('npm')}-/whoami`, { headers: { authorization: basic } })).status).toBe(
      401,
    )

    const cli = npmCli(work)
    const dir = cli.makePackage('mfa-lib', '1.0.0', '# mfa\n')
    const refused = await cli.npm(
      ['publish', '--registry', registryOf('npm-local')],
      dir,
      rcFor('npm-local', `_auth=${Buffer.from(`mfa-user:${PASSWORD}`).toString('base64')}`),
    )
    expect(refused).toHaveProperty('failed')
    expect(refused.stderr).toContain('multi-factor')

    const { body } = await makeToken(cookie, {
      description: 'ci',
      repositories: ['npm-local'],
      access: 'deploy',
    })
    const published = await cli.npm(
      ['publish', '--registry', registryOf('npm-local')],
      dir,
      rcFor('npm-local', `_authToken=${body.token}`),
    )
    expect(published, JSON.stringify(published)).not.toHaveProperty('failed')
    // The container registry's token endpoint takes the password no more than npm does.
    const v2 = await fetch(`${server.url}/v2/token`, { headers: { authorization: basic } })
    expect(v2.status).toBe(401)
    expect(await v2.text()).toContain('multi-factor')
  })
})

describe('scoped tokens', () => {
  it('a read token reads but cannot publish; a token for other repositories opens nothing here', async () => {
    const cookie = await createUser('scoped-user')
    await grant(server, { repositories: ['ANY LOCAL'], users: { 'scoped-user': ['delete'] } })
    const read = (await makeToken(cookie, { access: 'read' })).body
    expect(read.scope).toEqual({ repositories: null, access: 'read' })
    const publish = (token: string, name: string) =>
      fetch(`${registryOf('npm-local')}${name}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(publishBody(name, '1.0.0').body),
      })
    const refused = await publish(read.token, 'scoped-lib')
    expect(refused.status).toBe(403)
    expect(((await refused.json()) as { error: string }).error).toContain('with this token')
    const elsewhere = (await makeToken(cookie, { repositories: ['generic-local'], access: 'deploy' })).body
    expect((await publish(elsewhere.token, 'scoped-lib')).status).toBe(403)
    const here = (await makeToken(cookie, { repositories: ['npm-local'], access: 'deploy' })).body
    expect((await publish(here.token, 'scoped-lib')).status).toBe(200)
    expect(
      (
        await fetch(`${registryOf('npm-local')}scoped-lib`, {
          headers: { authorization: `Bearer ${read.token}` },
        })
      ).status,
    ).toBe(200)
    // Nor does a token for other repositories read here, though its owner may: as if missing.
    const outside = await fetch(`${registryOf('npm-local')}scoped-lib`, {
      headers: { authorization: `Bearer ${elsewhere.token}` },
    })
    expect(outside.status).toBe(404)
    expect(await outside.text()).not.toContain('"versions"')
    // Deploy is the most a token allows: unpublishing needs the owner's own sign-in.
    const unpublish = await fetch(`${registryOf('npm-local')}scoped-lib/-rev/1-x`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${here.token}` },
    })
    expect(unpublish.status).toBe(403)
  })

  it('refuses a scope naming a repository that does not exist', async () => {
    const cookie = await createUser('typo-user')
    const res = await makeToken(cookie, { repositories: ['npm-locl'] })
    expect(res.status).toBe(400)
  })
})

describe('listing, revoking and ending tokens', () => {
  it('lists without values; the owner and admins revoke; nobody else', async () => {
    const owner = await createUser('owner-user')
    const other = await createUser('other-user')
    const first = (await makeToken(owner, { description: 'laptop' })).body
    const second = (await makeToken(owner, { description: 'ci' })).body
    const list = (await (await fetch(api('/ui/tokens'), { headers: { cookie: owner } })).json()) as {
      tokens: Array<Record<string, unknown>>
      defaultDays: number
    }
    expect(list.tokens.map((t) => t.description).sort()).toEqual(['ci', 'laptop'])
    expect(JSON.stringify(list)).not.toContain(first.token)
    expect(list.defaultDays).toBe(30)
    const expires =
      Date.parse(String(list.tokens[0]!.expiresAt)) - Date.parse(String(list.tokens[0]!.createdAt))
    expect(expires).toBe(30 * 24 * 3600 * 1000)

    const byOther = await fetch(api(`/ui/tokens/${first.id}`), {
      method: 'DELETE',
      headers: deleteHeaders(other),
    })
    expect(byOther.status).toBe(404)
    expect((await whoami(first.token)).status).toBe(200)
    const byOwner = await fetch(api(`/ui/tokens/${first.id}`), {
      method: 'DELETE',
      headers: deleteHeaders(owner),
    })
    expect(byOwner.status).toBe(204)
    expect((await whoami(first.token)).status).toBe(401)

    const all = (await (await fetch(api('/ui/admin/tokens'), { headers: { cookie: admin } })).json()) as {
      tokens: Array<{ id: string; user: string }>
    }
    expect(all.tokens).toContainEqual(expect.objectContaining({ id: second.id, user: 'owner-user' }))
    const byAdmin = await fetch(api(`/ui/admin/tokens/${second.id}`), {
      method: 'DELETE',
      headers: deleteHeaders(admin),
    })
    expect(byAdmin.status).toBe(204)
    expect((await whoami(second.token)).status).toBe(401)
  })

  it.each([{ password: 'A-new-password-42' }, { passwordExpired: true }, { credentialsExpired: true }])(
    'end when an admin changes the user: %j',
    async (change) => {
      const name = `ended-${randomBytes(3).toString('hex')}`
      const cookie = await createUser(name)
      const { token } = (await makeToken(cookie, {})).body
      expect((await whoami(token)).status).toBe(200)
      const res = await fetch(api(`/ui/admin/users/${name}`), {
        method: 'PUT',
        headers: browserHeaders(server.url, admin),
        body: JSON.stringify(change),
      })
      expect(res.status).toBe(200)
      expect((await whoami(token)).status).toBe(401)
    },
  )

  it.each([{ password: 'A-new-password-42' }, { passwordExpired: true }, { credentialsExpired: true }])(
    "a container registry's token got with the password ends too when an admin changes the user: %j",
    async (change) => {
      const name = `v2-ended-${randomBytes(3).toString('hex')}`
      await createUser(name)
      const basic = `Basic ${Buffer.from(`${name}:${PASSWORD}`).toString('base64')}`
      const got = await fetch(`${server.url}/v2/token`, { headers: { authorization: basic } })
      expect(got.status).toBe(200)
      const { token } = (await got.json()) as { token: string }
      const tags = () =>
        fetch(`${server.url}/v2/docker-local/any/tags/list`, {
          headers: { authorization: `Bearer ${token}` },
        })
      // Signed in: the image is missing, not the caller.
      expect((await tags()).status).toBe(404)
      const res = await fetch(api(`/ui/admin/users/${name}`), {
        method: 'PUT',
        headers: browserHeaders(server.url, admin),
        body: JSON.stringify(change),
      })
      expect(res.status).toBe(200)
      expect((await tags()).status).toBe(401)
    },
  )

  it('end when the user is deleted', async () => {
    const cookie = await createUser('deleted-user')
    const { token } = (await makeToken(cookie, {})).body
    const res = await fetch(api('/ui/admin/users/deleted-user'), {
      method: 'DELETE',
      headers: deleteHeaders(admin),
    })
    expect(res.status).toBe(204)
    expect((await whoami(token)).status).toBe(401)
  })

  it('are stored as hashes only', async () => {
    const cookie = await createUser('hashed-user')
    const { token } = (await makeToken(cookie, {})).body
    const file = databaseBytes(server)
    expect(file.includes(Buffer.from(token))).toBe(false)
    expect(file.includes(Buffer.from(createHash('sha256').update(token).digest('hex')))).toBe(true)
  })
})

describe('lifetimes', () => {
  it('a token stops working when the lifetime its owner chose ends; admins set the maximum', async () => {
    const clock = manualClock(Date.now())
    const timed = await startTestServer({}, {}, { clock })
    try {
      const adminCookie = signInDirectly(timed, { admin: true })
      const cookie = signInDirectly(timed)
      const make = (body: Record<string, unknown>) =>
        fetch(`${timed.url}/ui/api/v1/ui/tokens`, {
          method: 'POST',
          headers: browserHeaders(timed.url, cookie),
          body: JSON.stringify(body),
        })
      const short = (await (await make({ expiresInDays: 2 })).json()) as { token: string }
      const who = () =>
        fetch(`${timed.url}/artifactory/api/npm/npm/-/whoami`, {
          headers: { authorization: `Bearer ${short.token}` },
        })
      const policy = await fetch(`${timed.url}/ui/api/v1/ui/admin/tokenPolicy`, {
        method: 'PUT',
        headers: browserHeaders(timed.url, adminCookie),
        body: JSON.stringify({ maxDays: 7 }),
      })
      expect(await policy.json()).toEqual({ maxDays: 7 })
      expect((await make({ expiresInDays: 30 })).status).toBe(400)
      const list = (await (
        await fetch(`${timed.url}/ui/api/v1/ui/tokens`, { headers: { cookie } })
      ).json()) as {
        defaultDays: number
        maxDays: number
      }
      expect(list).toMatchObject({ defaultDays: 7, maxDays: 7 })
      expect((await make({})).status).toBe(201)
      // Sessions end with time too, so the console calls come first.
      expect((await who()).status).toBe(200)
      clock.advance(2 * 24 * 3600 * 1000 - 1000)
      expect((await who()).status).toBe(200)
      clock.advance(2000)
      expect((await who()).status).toBe(401)
    } finally {
      await timed.stop()
    }
  })
})
