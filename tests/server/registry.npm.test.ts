/**
 * The npm loop with the real npm CLI that ships with Node, against the server on an
 * ephemeral loopback port (nothing beyond 127.0.0.1): a token from the console's call, `npm
 * publish` into npm-local, the package in the catalogue (GraphQL, details, files with
 * checksums, README, artifact count, tree), `npm install` from the npm virtual repository into
 * an empty folder, then the version deleted and gone. Then what npm refuses.
 */
import { createHash } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserHeaders, startTestServer, type TestServer } from '../support/server'
import { signInDirectlyAs } from './helpers/catalogSession'
import { grant } from './helpers/permissions'
import { gql } from './helpers/graphql'
import { npmCli } from '../support/npmCli'

let server: TestServer
let cookie: string
let work: string
let token: string
let host: string

const NAME = `@loop/hello-${Date.now().toString(36)}`
const BASE = NAME.split('/')[1]!
const README = '# Hello from the loop\n\nPublished by the npm CLI in a server test.\n'

// Set once the work folder exists (beforeAll).
let npm: ReturnType<typeof npmCli>['npm']
const makePackage = (version: string, extra: Record<string, unknown> = {}) =>
  npmCli(work).makePackage(NAME, version, README, extra)

const registryOf = (repo: string) => `${server.url}/artifactory/api/npm/${repo}/`

function userconfigFor(repo: string, auth: string): string {
  const path = join(work, `npmrc-${repo}-${Math.random().toString(36).slice(2)}`)
  // npm publish looks credentials up by the registry's exact address (no walking up the path).
  writeFileSync(path, `registry=${registryOf(repo)}\n//${host}/artifactory/api/npm/${repo}/:${auth}\n`)
  return path
}

beforeAll(async () => {
  server = await startTestServer()
  host = new URL(server.url).host
  const tester = signInDirectlyAs(server)
  cookie = tester.cookie
  // What a developer holds: read through the virtual, deploy and delete in npm-local.
  await grant(server, {
    repositories: ['npm', 'npm-local', 'npm-remote'],
    users: { [tester.name]: ['read', 'annotate', 'deploy', 'delete'] },
  })
  work = mkdtempSync(join(tmpdir(), 'npm-loop-'))
  npm = npmCli(work).npm
  const res = await fetch(`${server.url}/ui/api/v1/ui/npm/token`, {
    method: 'POST',
    headers: browserHeaders(server.url, cookie),
    body: '{}',
  })
  expect(res.status).toBe(200)
  token = ((await res.json()) as { token: string }).token
})

afterAll(async () => {
  await server?.stop()
  if (work) rmSync(work, { recursive: true, force: true })
})

describe('the npm loop with the npm CLI', () => {
  it('publishes, shows in the catalogue, installs from the virtual repository, and deletes', async () => {
    const rc = userconfigFor('npm-local', `_authToken=${token}`)
    const published = await npm(['publish', '--registry', registryOf('npm-local')], makePackage('1.0.0'), rc)
    expect(published, JSON.stringify(published)).not.toHaveProperty('failed')

    // The catalogue knows it at once.
    const found = await gql<{
      packages: {
        edges: Array<{ node: { name: string; latestVersion: string; licenses: Array<{ name: string }> } }>
      }
    }>(
      server,
      cookie,
      `query { packages(filter: { name: "${NAME}" }, first: 5) { edges { node { name latestVersion licenses { name } } } } }`,
    )
    expect(found.body.data?.packages.edges.map((e) => e.node)).toEqual([
      { name: NAME, latestVersion: '1.0.0', licenses: [{ name: 'MIT' }] },
    ])
    const details = await gql<{
      versions: { edges: Array<{ node: { files: Array<{ name: string; sha256: string; md5: string }> } }> }
    }>(
      server,
      cookie,
      `query { versions(filter: { packageId: "npm://${NAME}", name: "1.0.0" }) { edges { node { files { name md5 sha256 } } } } }`,
      {},
      '/mds/versions',
    )
    const files = details.body.data?.versions.edges[0]?.node.files ?? []
    const readmeFile = files.find((f) => f.name === 'README.md')
    expect(readmeFile?.sha256).toBe(createHash('sha256').update(README).digest('hex'))
    expect(readmeFile?.md5).toBe(createHash('md5').update(README).digest('hex'))
    expect(files.map((f) => f.name).sort()).toEqual(
      ['LICENSE', 'README.md', `${BASE}-1.0.0.tgz`, 'package.json'].sort(),
    )
    const readme = await fetch(
      `${server.url}/ui/api/v1/ui/v1/native/versions/${encodeURIComponent(`npm://${NAME}@1.0.0`)}/readme`,
      { headers: browserHeaders(server.url, cookie) },
    )
    expect(((await readme.json()) as { readme: string }).readme).toBe(README)

    // In the artifact tree of npm-local.
    const tree = await fetch(
      `${server.url}/ui/api/v1/ui/treebrowser?repoKey=npm-local&path=${encodeURIComponent(`${NAME}/-`)}`,
      { headers: browserHeaders(server.url, cookie) },
    )
    const children = ((await tree.json()) as { children: Array<{ name: string; folder: boolean }> }).children
    expect(children).toContainEqual(expect.objectContaining({ name: `${BASE}-1.0.0.tgz`, folder: false }))

    // Installed from the virtual repository into an empty folder, with the published bytes.
    const app = join(work, 'app')
    mkdirSync(app)
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', version: '1.0.0', private: true }))
    const virtualRc = userconfigFor('npm', `_authToken=${token}`)
    const installed = await npm(['install', NAME, '--registry', registryOf('npm')], app, virtualRc)
    expect(installed, JSON.stringify(installed)).not.toHaveProperty('failed')
    expect(readFileSync(join(app, 'node_modules', NAME, 'index.js'), 'utf8')).toBe(
      "module.exports = 'hello 1.0.0'\n",
    )
    const lock = JSON.parse(readFileSync(join(app, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { resolved: string }>
    }
    expect(lock.packages[`node_modules/${NAME}`]?.resolved).toContain('/artifactory/api/npm/npm/')

    // Deleted by the tarball's path, as the console does (with the session: a client token
    // may deploy at most): gone from npm and the catalogue.
    const tarballUrl = `${server.url}/artifactory/npm-local/${NAME}/-/${BASE}-1.0.0.tgz`
    const byToken = await fetch(tarballUrl, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(byToken.status).toBe(403)
    const { 'content-type': _none, ...consoleHeaders } = browserHeaders(server.url, cookie)
    const gone = await fetch(tarballUrl, { method: 'DELETE', headers: consoleHeaders })
    expect(gone.status).toBe(204)
    const packument = await fetch(`${registryOf('npm')}${NAME.replace('/', '%2f')}`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(packument.status).toBe(404)
    const after = await gql<{ packages: { edges: unknown[] } }>(
      server,
      cookie,
      `query { packages(filter: { name: "${NAME}" }, first: 5) { edges { cursor } } }`,
    )
    expect(after.body.data?.packages.edges).toEqual([])
  })

  it('refuses to publish over an existing version, with npm saying why', async () => {
    const rc = userconfigFor('npm-local', `_authToken=${token}`)
    const first = await npm(['publish', '--registry', registryOf('npm-local')], makePackage('2.0.0'), rc)
    expect(first).not.toHaveProperty('failed')
    const again = await npm(['publish', '--registry', registryOf('npm-local')], makePackage('2.0.0'), rc)
    expect(again).toHaveProperty('failed')
    expect(again.stderr).toContain('You cannot publish over the previously published versions: 2.0.0')
  })

  it('publishes with _auth basic credentials and refuses a wrong password', async () => {
    const { hashPasswordSync } = await import('../../server/auth/passwords')
    await server.ctx.sql.run(
      `INSERT INTO users (name, password_hash, admin, created_at, password_changed_at) VALUES ('basic-user', ?, 0, ?, ?)`,
      [hashPasswordSync('basic-password-1'), new Date().toISOString(), new Date().toISOString()],
    )
    await grant(server, { repositories: ['npm-local'], users: { 'basic-user': ['deploy'] } })
    const good = Buffer.from('basic-user:basic-password-1').toString('base64')
    const ok = await npm(
      ['publish', '--registry', registryOf('npm-local')],
      makePackage('3.0.0'),
      userconfigFor('npm-local', `_auth=${good}`),
    )
    expect(ok, JSON.stringify(ok)).not.toHaveProperty('failed')
    const bad = Buffer.from('basic-user:wrong-password').toString('base64')
    const refused = await npm(
      ['publish', '--registry', registryOf('npm-local')],
      makePackage('3.0.1'),
      userconfigFor('npm-local', `_auth=${bad}`),
    )
    expect(refused).toHaveProperty('failed')
    expect(refused.stderr).toMatch(/E401|401/)
  })

  it('refuses a bad name, a tarball that does not match its integrity, and anonymous writes', async () => {
    const bytes = Buffer.from('not really a tarball')
    const body = (name: string, integrity: string) => ({
      _id: name,
      name,
      'dist-tags': { latest: '1.0.0' },
      versions: { '1.0.0': { name, version: '1.0.0', dist: { integrity, shasum: 'x' } } },
      _attachments: {
        [`${name}-1.0.0.tgz`]: {
          content_type: 'application/octet-stream',
          data: bytes.toString('base64'),
          length: bytes.length,
        },
      },
    })
    const put = (name: string, payload: unknown, auth = `Bearer ${token}`) =>
      fetch(`${registryOf('npm-local')}${encodeURIComponent(name)}`, {
        method: 'PUT',
        headers: { authorization: auth, 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      })
    const badName = await put('Bad_Name', body('Bad_Name', 'sha512-x'))
    expect(badName.status).toBe(400)
    expect(((await badName.json()) as { error: string }).error).toContain('capital letters')
    const mismatch = await put('integrity-check', body('integrity-check', 'sha512-AAAA'))
    expect(mismatch.status).toBe(400)
    expect(((await mismatch.json()) as { error: string }).error).toContain('Integrity check failed')
    const anonymous = await fetch(`${registryOf('npm-local')}anything`, {
      method: 'PUT',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    })
    expect(anonymous.status).toBe(401)
    const anonymousRead = await fetch(`${registryOf('npm')}anything`)
    expect(anonymousRead.status).toBe(401)
  })

  it('logs in the way `npm login` does (CouchDB user document) and the token works for whoami', async () => {
    const sql = server.ctx.sql
    const { hashPasswordSync } = await import('../../server/auth/passwords')
    await sql.run(
      `INSERT INTO users (name, password_hash, admin, created_at, password_changed_at) VALUES ('login-user', ?, 0, ?, ?)`,
      [hashPasswordSync('login-password-1'), new Date().toISOString(), new Date().toISOString()],
    )
    // In the groups every user the platform makes joins (the readers), so it may read `npm`.
    await sql.run(
      `INSERT INTO group_members (group_name, user_id)
       SELECT name, (SELECT id FROM users WHERE name = 'login-user') FROM groups WHERE auto_join = 1`,
    )
    const web = await fetch(`${registryOf('npm')}-/v1/login`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    })
    expect(web.status).toBe(404)
    const res = await fetch(`${registryOf('npm')}-/user/org.couchdb.user:login-user`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        _id: 'org.couchdb.user:login-user',
        name: 'login-user',
        password: 'login-password-1',
        type: 'user',
      }),
    })
    expect(res.status).toBe(201)
    const loginToken = ((await res.json()) as { token: string }).token
    const whoami = await npm(
      ['whoami', '--registry', registryOf('npm')],
      work,
      userconfigFor('npm', `_authToken=${loginToken}`),
    )
    expect(whoami.stdout.trim()).toBe('login-user')
  })
})
