/**
 * Repositories as records (admin CRUD, validation, a taken key, a member of a virtual one) and
 * generic files under /artifactory/<repo>/<path>: checksum headers, X-Checksum-Sha256 checked,
 * one copy of identical bytes, an upload that dies leaves nothing, delete.
 */
import { createHash } from 'node:crypto'
import { existsSync, readdirSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserHeaders, startTestServer, type TestServer } from '../support/server'
import { signInDirectly } from './helpers/catalogSession'
import { signInDeveloper } from './helpers/permissions'

let server: TestServer
let admin: string
let user: string

function api(path: string, init: { method?: string; body?: unknown; cookie?: string } = {}) {
  const headers = browserHeaders(server.url, init.cookie ?? admin)
  // A body-less call must not claim a JSON body.
  if (init.body === undefined) delete headers['content-type']
  return fetch(`${server.url}/ui/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers,
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  })
}

const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex')
const blobFiles = () => {
  const root = join(server.config.dataDir, 'blobs')
  const out: string[] = []
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true }))
      if (e.isDirectory()) walk(join(dir, e.name))
      else out.push(join(dir, e.name))
  }
  if (existsSync(root)) walk(root)
  return out
}

beforeAll(async () => {
  server = await startTestServer()
  admin = signInDirectly(server, { admin: true })
  user = await signInDeveloper(server)
})
afterAll(async () => server?.stop())

describe('repositories as records', () => {
  it('lists the seeded repositories owning the catalogue, with counts', async () => {
    const res = await api('/repositories', { cookie: user })
    const { repositories } = (await res.json()) as {
      repositories: Array<{ key: string; kind: string; packageCount: number; members: string[] }>
    }
    const byKey = new Map(repositories.map((r) => [r.key, r]))
    expect([...byKey.keys()]).toEqual(
      expect.arrayContaining([
        'npm-local',
        'npm-remote',
        'npm',
        'debian-local',
        'debian-remote',
        'docker-local',
        'generic-local',
      ]),
    )
    expect(byKey.get('npm')).toMatchObject({ kind: 'virtual', members: ['npm-local', 'npm-remote'] })
    // Every catalogue version's repository is a record.
    const repos = await server.ctx.sql.all<{ repo: string }>('SELECT DISTINCT repo FROM catalog_versions')
    for (const { repo } of repos) expect(byKey.has(repo), repo).toBe(true)
    expect(byKey.get('npm-remote')!.packageCount).toBeGreaterThan(0)
    // A virtual repository shows what its members hold.
    expect(byKey.get('npm')!.packageCount).toBe(
      byKey.get('npm-remote')!.packageCount + byKey.get('npm-local')!.packageCount,
    )
  })

  it('creates, validates, refuses a taken key with 409, updates and deletes', async () => {
    const bad = await api('/repositories', {
      method: 'POST',
      body: { key: 'bad key!', kind: 'remote', packageType: 'npm', url: 'ftp://x' },
    })
    expect(bad.status).toBe(400)
    const problems = ((await bad.json()) as { problems: Record<string, string> }).problems
    expect(problems).toEqual({
      key: 'Name can only contain alphanumeric characters, dashes and periods',
      url: 'Enter a valid URL',
    })
    const made = await api('/repositories', {
      method: 'POST',
      body: { key: 'pypi-team', kind: 'local', packageType: 'pypi', description: 'team' },
    })
    expect(made.status).toBe(201)
    expect(await made.json()).toMatchObject({
      key: 'pypi-team',
      kind: 'local',
      packageType: 'pypi',
      includesPattern: '**/*',
    })
    const again = await api('/repositories', {
      method: 'POST',
      body: { key: 'pypi-team', kind: 'local', packageType: 'pypi' },
    })
    expect(again.status).toBe(409)
    const edited = await api('/repositories/pypi-team', {
      method: 'PUT',
      body: { key: 'pypi-team', kind: 'local', packageType: 'pypi', description: 'renamed' },
    })
    expect(await edited.json()).toMatchObject({ description: 'renamed' })
    const forbidden = await api('/repositories/pypi-team', { method: 'DELETE', cookie: user })
    expect(forbidden.status).toBe(403)
    expect((await api('/repositories/pypi-team', { method: 'DELETE' })).status).toBe(204)
    expect((await api('/repositories/pypi-team')).status).toBe(404)
  })

  it('refuses a remote whose upstream is link-local or a metadata service, on create and on update', async () => {
    const refused = {
      url: 'Link-local and cloud metadata addresses (169.254.0.0/16, fe80::/10, …) cannot be used',
    }
    const remote = (url: string) => ({ key: 'meta-remote', kind: 'remote', packageType: 'npm', url })
    // Each spelling the URL parser reads as a refused host: dotted, one number, hex, IPv6, mapped, a name.
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://2852039166/',
      'http://0xa9.0xfe.0xa9.0xfe/',
      'http://[fe80::1]/',
      'http://[::ffff:169.254.169.254]/',
      'http://metadata.google.internal./',
      'http://[fd00:ec2::254]/',
    ]) {
      const res = await api('/repositories', { method: 'POST', body: remote(url) })
      expect({ url, status: res.status }).toEqual({ url, status: 400 })
      expect(((await res.json()) as { problems: Record<string, string> }).problems).toEqual(refused)
    }
    expect((await api('/repositories/meta-remote')).status).toBe(404)

    const made = await api('/repositories', { method: 'POST', body: remote('http://127.0.0.1:9/') })
    expect(made.status).toBe(201)
    const moved = await api('/repositories/meta-remote', {
      method: 'PUT',
      body: remote('http://169.254.170.2/v2/credentials'),
    })
    expect(moved.status).toBe(400)
    expect(((await moved.json()) as { problems: Record<string, string> }).problems).toEqual(refused)
    expect(await (await api('/repositories/meta-remote')).json()).toMatchObject({
      url: 'http://127.0.0.1:9/',
    })
    expect((await api('/repositories/meta-remote', { method: 'DELETE' })).status).toBe(204)
  })

  it('refuses to delete a member of a virtual repository, naming the virtual one', async () => {
    const res = await api('/repositories/npm-local', { method: 'DELETE' })
    expect(res.status).toBe(409)
    expect(((await res.json()) as { message: string }).message).toContain('virtual repository npm')
  })

  it('refuses a virtual repository with members of another type', async () => {
    const res = await api('/repositories', {
      method: 'POST',
      body: { key: 'mixed', kind: 'virtual', packageType: 'npm', members: ['npm-local', 'debian-local'] },
    })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { problems: Record<string, string> }).problems.members).toContain(
      'same package type',
    )
  })

  it('Quick Repository Creation makes local, remote and virtual for each type, keeping what exists', async () => {
    const res = await api('/repositories/quick', { method: 'POST', body: { packageTypes: ['pypi', 'npm'] } })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      created: ['pypi-local', 'pypi-remote', 'pypi'],
      existing: ['npm-local', 'npm-remote', 'npm'],
    })
    const virtual = (await (await api('/repositories/pypi')).json()) as {
      members: string[]
      defaultDeploymentRepo: string
    }
    expect(virtual).toMatchObject({
      members: ['pypi-local', 'pypi-remote'],
      defaultDeploymentRepo: 'pypi-local',
    })
  })
})

describe('generic repository files', () => {
  const url = (path: string) => `${server.url}/artifactory/generic-local/${path}`
  const put = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(url(path), {
      method: 'PUT',
      headers: {
        ...browserHeaders(server.url, user),
        'content-type': 'application/octet-stream',
        ...headers,
      },
      body,
    })

  it('stores, serves with checksum headers, keeps one copy of identical bytes, and deletes', async () => {
    const text = 'generic bytes\n'
    const bytes = Buffer.from(text)
    const before = blobFiles().length
    const first = await put('tools/a/one.bin', text, { 'x-checksum-sha256': sha256(bytes) })
    expect(first.status).toBe(201)
    expect(((await first.json()) as { checksums: { sha256: string } }).checksums.sha256).toBe(sha256(bytes))
    expect((await put('tools/b/two.bin', text)).status).toBe(201)
    expect(blobFiles().length).toBe(before + 1)

    const got = await fetch(url('tools/a/one.bin'), { headers: { cookie: user } })
    expect(got.status).toBe(200)
    expect(got.headers.get('x-checksum-sha256')).toBe(sha256(bytes))
    expect(got.headers.get('x-checksum-sha1')).toBe(createHash('sha1').update(bytes).digest('hex'))
    expect(got.headers.get('content-disposition')).toBe('attachment')
    expect(Buffer.from(await got.arrayBuffer())).toEqual(bytes)
    const head = await fetch(url('tools/a/one.bin'), { method: 'HEAD', headers: { cookie: user } })
    expect(head.headers.get('content-length')).toBe(String(bytes.length))

    const tree = await api('/ui/treebrowser?repoKey=generic-local&path=tools', { cookie: user })
    expect(((await tree.json()) as { children: Array<{ name: string; folder: boolean }> }).children).toEqual([
      expect.objectContaining({ name: 'a', folder: true }),
      expect.objectContaining({ name: 'b', folder: true }),
    ])

    const { 'content-type': _json, ...writeHeaders } = browserHeaders(server.url, user)
    const gone = await fetch(url('tools/a/one.bin'), { method: 'DELETE', headers: writeHeaders })
    expect(gone.status).toBe(204)
    expect((await fetch(url('tools/a/one.bin'), { headers: { cookie: user } })).status).toBe(404)
    // The other path still holds the bytes; once it goes too, so do they.
    expect(blobFiles().length).toBe(before + 1)
    expect((await fetch(url('tools'), { method: 'DELETE', headers: writeHeaders })).status).toBe(204)
    expect(blobFiles().length).toBe(before)
  })

  it('refuses bytes that do not match X-Checksum-Sha256 and keeps nothing', async () => {
    const before = blobFiles().length
    const res = await put('bad/sum.bin', 'some bytes', { 'x-checksum-sha256': sha256('other bytes') })
    expect(res.status).toBe(409)
    expect((await fetch(url('bad/sum.bin'), { headers: { cookie: user } })).status).toBe(404)
    expect(blobFiles().length).toBe(before)
  })

  it('an upload that dies midway leaves no artifact and no file', async () => {
    const before = blobFiles().length
    const { port } = new URL(server.url)
    const tmp = join(server.config.dataDir, 'blobs', 'tmp')
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'PUT',
      path: '/artifactory/generic-local/dies/half.bin',
      headers: { ...browserHeaders(server.url, user), 'content-length': '100000' },
    })
    const closed = new Promise<void>((resolve) => req.on('close', () => resolve()))
    req.on('error', () => undefined)
    req.write(Buffer.alloc(50_000, 1))
    // Half the bytes are being written to a temporary file; then the client dies.
    await expect.poll(() => readdirSync(tmp).length).toBe(1)
    req.destroy()
    await closed
    await expect.poll(() => readdirSync(tmp).length).toBe(0)
    expect((await fetch(url('dies/half.bin'), { headers: { cookie: user } })).status).toBe(404)
    expect(blobFiles().length).toBe(before)
  })

  it('refuses a cross-site write with the session cookie, anonymous writes and path tricks', async () => {
    const csrf = await fetch(url('x.txt'), {
      method: 'PUT',
      headers: { cookie: user, origin: 'https://evil.example', 'x-requested-with': 'XMLHttpRequest' },
      body: 'x',
    })
    expect(csrf.status).toBe(403)
    expect((await fetch(url('x.txt'), { method: 'PUT', body: 'x' })).status).toBe(401)
    expect((await put('a/%2e%2e%2fb.txt', 'x')).status).toBe(400)
    expect((await put('a//b.txt', 'x')).status).toBe(400)
  })
})

describe('file information', () => {
  it('a package file names its version and carries the version properties; a deployed one has none', async () => {
    const info = await api(
      `/ui/artifact/info?repoKey=npm&path=${encodeURIComponent('react/-/16.0.0/package.json')}`,
      {
        cookie: user,
      },
    )
    expect(info.status).toBe(200)
    const body = (await info.json()) as {
      repoKey: string
      packageId: string
      version: string
      properties: Array<{ key: string; values: string[] }>
    }
    // Asked through the virtual repository, answered from the member that holds it.
    expect(body).toMatchObject({ repoKey: 'npm-remote', packageId: 'npm://react', version: '16.0.0' })
    expect(body.properties).toContainEqual({ key: 'npm.name', values: ['react'] })
    expect(body.properties).toContainEqual({ key: 'npm.version', values: ['16.0.0'] })
  })
})
