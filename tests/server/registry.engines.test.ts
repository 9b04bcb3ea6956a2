/**
 * The registries on both engines, the embedded SQLite and a real PostgreSQL: `npm publish` and
 * `npm install` with the npm CLI (through the npm virtual repository), dist-tags, unpublish, and
 * generic files (deploy, overwrite, read, folder delete), each
 * checked in the database and the blob folder as well as over HTTP. A client token limited to
 * repositories is made through the console's call: the repositories it names are looked up on
 * the same engine.
 */
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { blobPathOf } from '../../server/repositories/blobs'
import { blobDirOf } from '../../server/config'
import { browserHeaders, startTestServer, type TestServer } from '../support/server'
import { npmCli } from '../support/npmCli'
import { call, sessionOf } from '../support/apiCalls'

describe.each(['sqlite', 'postgres'] as const)('the registries on %s', (engine) => {
  let server: TestServer
  let admin: string
  let token: string
  let work: string
  const NAME = `@engines/hello-${engine}`
  const BASE = NAME.split('/')[1]!

  beforeAll(async () => {
    server = await startTestServer({}, {}, { engine })
    admin = await sessionOf(server, 'admin')
    const made = await call<{ token: string }>(server, 'POST', '/ui/tokens', {
      cookie: admin,
      body: { description: 'engines', repositories: ['npm-local', 'npm', 'npm-remote'], access: 'deploy' },
    })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    token = made.body.token
    work = mkdtempSync(join(tmpdir(), `registry-${engine}-`))
  }, 120_000)

  afterAll(async () => {
    await server?.stop()
    if (work) rmSync(work, { recursive: true, force: true })
  })

  const registryOf = (repo: string) => `${server.url}/artifactory/api/npm/${repo}/`
  // A client token may deploy at most: removing (a tag, a version) takes the user's password.
  const npmrc = (repo: string, auth = `_authToken=${token}`) => {
    const path = join(work, `npmrc-${repo}-${auth.slice(0, 5)}`)
    const registry = `//${new URL(server.url).host}/artifactory/api/npm/${repo}/`
    writeFileSync(path, `registry=${registryOf(repo)}\n${registry}:${auth}\n`)
    return path
  }
  const withPassword = () => npmrc('npm-local', `_auth=${Buffer.from('admin:password').toString('base64')}`)
  const bearer = () => ({ authorization: `Bearer ${token}` })

  it('refuses a token naming a repository there is none of', async () => {
    const refused = await call(server, 'POST', '/ui/tokens', {
      cookie: admin,
      body: { repositories: ['npm-local', 'no-such-repo'] },
    })
    expect(refused).toMatchObject({ status: 400, body: { message: expect.stringContaining('no-such-repo') } })
  })

  it('publishes and installs with the npm CLI, moves dist-tags and unpublishes', async () => {
    const { npm, makePackage } = npmCli(work)
    const rc = npmrc('npm-local')
    for (const version of ['1.0.0', '1.1.0']) {
      const published = await npm(['publish'], makePackage(NAME, version, '# hello\n'), rc)
      expect(published, JSON.stringify(published)).not.toHaveProperty('failed')
    }
    const rows = await server.ctx.sql.all<{ name: string; repo: string }>(
      'SELECT name, repo FROM catalog_versions WHERE package_id = ? ORDER BY name',
      [`npm://${NAME}`],
    )
    expect(rows).toEqual([
      { name: '1.0.0', repo: 'npm-local' },
      { name: '1.1.0', repo: 'npm-local' },
    ])

    // Installed through the virtual repository, with the published bytes.
    const app = join(work, 'app')
    mkdirSync(app)
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', version: '1.0.0', private: true }))
    const installed = await npm(['install', `${NAME}@1.0.0`], app, npmrc('npm'))
    expect(installed, JSON.stringify(installed)).not.toHaveProperty('failed')
    expect(readFileSync(join(app, 'node_modules', NAME, 'index.js'), 'utf8')).toBe(
      "module.exports = 'hello 1.0.0'\n",
    )
    const lock = JSON.parse(readFileSync(join(app, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { resolved: string }>
    }
    expect(lock.packages[`node_modules/${NAME}`]?.resolved).toBe(
      `${server.url}/artifactory/api/npm/npm/${NAME}/-/${BASE}-1.0.0.tgz`,
    )

    const tags = async () => {
      const res = await fetch(`${registryOf('npm-local')}-/package/${NAME.replace('/', '%2f')}/dist-tags`, {
        headers: bearer(),
      })
      return res.json()
    }
    expect(await tags()).toEqual({ latest: '1.1.0' })
    const tagged = await npm(['dist-tag', 'add', `${NAME}@1.0.0`, 'stable'], work, rc)
    expect(tagged, JSON.stringify(tagged)).not.toHaveProperty('failed')
    expect(await tags()).toEqual({ latest: '1.1.0', stable: '1.0.0' })
    const untagged = await npm(['dist-tag', 'rm', NAME, 'stable'], work, withPassword())
    expect(untagged, JSON.stringify(untagged)).not.toHaveProperty('failed')
    expect(await tags()).toEqual({ latest: '1.1.0' })

    // Unpublishing the newest moves latest back, and its bytes leave the blob folder.
    const [newest] = await server.ctx.sql.all<{ sha256: string }>(
      'SELECT sha256 FROM catalog_files WHERE version_id = ? AND lead = 1',
      [`npm://${NAME}@1.1.0`],
    )
    expect(existsSync(blobPathOf(blobDirOf(server.config), newest!.sha256))).toBe(true)
    const unpublished = await npm(['unpublish', `${NAME}@1.1.0`], work, withPassword())
    expect(unpublished, JSON.stringify(unpublished)).not.toHaveProperty('failed')
    expect(await tags()).toEqual({ latest: '1.0.0' })
    expect(existsSync(blobPathOf(blobDirOf(server.config), newest!.sha256))).toBe(false)
    expect(await server.ctx.sql.one('SELECT 1 AS found FROM blobs WHERE sha256 = ?', [newest!.sha256])).toBe(
      undefined,
    )
    const tarball = await fetch(`${registryOf('npm')}${NAME}/-/${BASE}-1.0.0.tgz`, { headers: bearer() })
    expect(tarball.status).toBe(200)
    expect(Buffer.from(await tarball.arrayBuffer()).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]))
  }, 180_000)

  it('records build information naming catalogue files', async () => {
    const lead = await server.ctx.sql.one<{ sha1: string }>(
      "SELECT sha1 FROM catalog_files WHERE lead = 1 AND version_id LIKE 'npm://%' ORDER BY path LIMIT 1",
    )
    const doc = {
      name: `engines-${engine}`,
      number: '1',
      started: '2026-12-02T10:00:00.000+0000',
      modules: [{ id: 'm', dependencies: [{ id: 'dep', sha1: lead!.sha1 }] }],
    }
    const deployed = await fetch(`${server.url}/artifactory/api/build`, {
      method: 'PUT',
      headers: { ...bearer(), 'content-type': 'application/json' },
      body: JSON.stringify(doc),
    })
    expect(deployed.status).toBe(204)
    const detail = await call(server, 'GET', `/builds/engines-${engine}/1`, { cookie: admin })
    expect(detail).toMatchObject({ status: 200, body: { status: 'success' } })
  })

  it('deploys, overwrites, serves and deletes generic files', async () => {
    const headers = { ...browserHeaders(server.url, admin), 'content-type': 'application/octet-stream' }
    const url = (repo: string, path: string) => `${server.url}/artifactory/${repo}/${path}`
    const put = (path: string, body: string) =>
      fetch(url('generic-local', path), { method: 'PUT', headers, body })
    const sha = (text: string) => createHash('sha256').update(text).digest('hex')

    const first = await put('tools/a.txt', 'first bytes\n')
    expect(first.status).toBe(201)
    expect(await first.json()).toMatchObject({
      checksums: { sha256: sha('first bytes\n') },
      downloadUri: `${server.url}/artifactory/generic-local/tools/a.txt`,
    })
    expect((await put('tools/b.txt', 'second bytes\n')).status).toBe(201)
    // A file where a folder is, and under a file, are refused.
    expect((await put('tools', 'x')).status).toBe(409)
    expect((await put('tools/a.txt/c.txt', 'x')).status).toBe(409)

    // Overwritten: the old bytes go, as nothing else names them.
    expect((await put('tools/a.txt', 'replaced\n')).status).toBe(201)
    expect(existsSync(blobPathOf(blobDirOf(server.config), sha('first bytes\n')))).toBe(false)
    const read = await fetch(url('generic-local', 'tools/a.txt'), {
      headers: browserHeaders(server.url, admin),
    })
    expect(read.status).toBe(200)
    expect(read.headers.get('x-checksum-sha256')).toBe(sha('replaced\n'))
    expect(await read.text()).toBe('replaced\n')

    const deleted = await fetch(url('generic-local', 'tools'), {
      method: 'DELETE',
      headers: browserHeaders(server.url, admin),
    })
    expect(deleted.status).toBe(204)
    expect(await server.ctx.sql.all('SELECT path FROM artifacts WHERE repo = ?', ['generic-local'])).toEqual(
      [],
    )
    for (const text of ['replaced\n', 'second bytes\n']) {
      expect(existsSync(blobPathOf(blobDirOf(server.config), sha(text)))).toBe(false)
      expect(await server.ctx.sql.one('SELECT 1 AS found FROM blobs WHERE sha256 = ?', [sha(text)])).toBe(
        undefined,
      )
    }
    expect(
      (await fetch(url('generic-local', 'tools/b.txt'), { headers: browserHeaders(server.url, admin) }))
        .status,
    ).toBe(404)
  })
})
