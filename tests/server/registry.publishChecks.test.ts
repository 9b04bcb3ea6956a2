/**
 * What a registry write must survive, over real HTTP: a stranger's large body (refused before
 * it is read), a gzipped body or tarballs that are damaged, empty, or unpack to far more than
 * they weigh, a tarball whose package.json names another package or version, a file under
 * another file or one declared larger than an artifact may be, the bytes of an unpublished version, and a Host header chosen by the client
 * (never in the addresses npm downloads from).
 */
import { createHash } from 'node:crypto'
import { request as httpRequest } from 'node:http'
import { Readable } from 'node:stream'
import { createGzip, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readGeneralConfig, writeGeneralConfig } from '../../server/admin/generalConfig'
import { browserHeaders, startTestServer, type TestServer } from '../support/server'
import { npmTarball, publishDocument, tarHeader, tarOf } from '../support/npmTarball'
import { signInDirectly } from './helpers/catalogSession'
import { blobFiles, stagedFiles } from './helpers/blobFiles'
import { statusBeforeBody as sendPart } from './helpers/statusBeforeBody'
import { NPM_DOCUMENT_LIMIT, NPM_PUBLISH_LIMIT } from '../../server/registry/npmRoutes'
import { ARTIFACT_LIMIT } from '../../server/registry/genericRoutes'

let server: TestServer
let cookie: string
let token: string

beforeAll(async () => {
  server = await startTestServer()
  cookie = signInDirectly(server, { admin: true })
  const res = await fetch(`${server.url}/ui/api/v1/ui/npm/token`, {
    method: 'POST',
    headers: browserHeaders(server.url, cookie),
    body: '{}',
  })
  token = ((await res.json()) as { token: string }).token
})

afterAll(async () => {
  await server?.stop()
})

const npmUrl = (repo: string, rest: string) => `${server.url}/artifactory/api/npm/${repo}/${rest}`
const uniqueName = (what: string) => `checks-${what}-${Math.random().toString(36).slice(2, 8)}`

const publish = (name: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(npmUrl('npm-local', encodeURIComponent(name)), {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })

const versionCount = async (name: string) =>
  (await server.ctx.sql.one<{ n: number }>(
    'SELECT COUNT(*) AS n FROM catalog_versions WHERE package_id = ?',
    [`npm://${name}`],
  ))!.n

const statusBeforeBody = (path: string, declared: number, headers: Record<string, string> = {}) =>
  sendPart(server.url, 'PUT', path, declared, headers)

describe('writes are authenticated before their body is read', () => {
  it('answers 401 to an npm publish without credentials while its body is still coming', async () => {
    const status = await statusBeforeBody('/artifactory/api/npm/npm-local/big-body', 90 * 1024 * 1024)
    expect(status).toBe(401)
  }, 20_000)

  it('answers 401 to wrong credentials the same way', async () => {
    const status = await statusBeforeBody('/artifactory/api/npm/npm-local/big-body', 90 * 1024 * 1024, {
      authorization: 'Bearer not-a-token',
    })
    expect(status).toBe(401)
  }, 20_000)

  it('answers 401 to a build-info deploy without credentials while its body is still coming', async () => {
    expect(await statusBeforeBody('/artifactory/api/build', 15 * 1024 * 1024)).toBe(401)
  }, 20_000)

  it('answers 401 to a generic deploy and a container blob upload without credentials, body still coming', async () => {
    expect(await statusBeforeBody('/artifactory/generic-local/stranger/big.bin', 90 * 1024 * 1024)).toBe(401)
    expect(
      await sendPart(server.url, 'POST', '/v2/docker-local/stranger/blobs/uploads/', 90 * 1024 * 1024),
    ).toBe(401)
    expect(
      await sendPart(
        server.url,
        'PATCH',
        '/v2/docker-local/stranger/blobs/uploads/not-an-upload',
        90 * 1024 * 1024,
      ),
    ).toBe(401)
  }, 20_000)

  it('still takes npm login without credentials, but only a small body', async () => {
    const status = await statusBeforeBody(
      '/artifactory/api/npm/npm-local/-/user/org.couchdb.user:someone',
      10 * 1024 * 1024,
    )
    expect(status).toBe(413)
  }, 20_000)
})

/**
 * Streams a publish of `name` without a length (chunked), its attachment growing until the
 * server answers or `total` bytes went; answers the status and how many bytes were sent.
 */
function streamedPublish(name: string, total: number) {
  return new Promise<{ status: number; sent: number }>((resolve, reject) => {
    const { port } = new URL(server.url)
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'PUT',
      path: `/artifactory/api/npm/npm-local/${name}`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    })
    let sent = 0
    let answered = false
    req.on('response', (res) => {
      answered = true
      res.resume()
      resolve({ status: res.statusCode ?? 0, sent })
      req.destroy()
    })
    // The server answers 413 and closes lingering: a write still on its way is read and dropped,
    // not met with a reset that loses the answer (registry.lingeringClose).
    req.on('error', (error) => {
      if (!answered) reject(error)
    })
    const chunk = Buffer.alloc(1024 * 1024, 0x41)
    const head = `{"name":"${name}","versions":{},"_attachments":{"${name}-1.0.0.tgz":{"data":"`
    req.write(head)
    sent += head.length
    const more = () => {
      while (!answered && sent < total) {
        sent += chunk.length
        if (!req.write(chunk)) return void req.once('drain', more)
      }
      if (!answered) req.end('"}}}')
    }
    more()
  })
}

describe('an authenticated publish is bounded too', () => {
  it('answers 413 to a declared length beyond the limit before reading the body', async () => {
    const status = await statusBeforeBody('/artifactory/api/npm/npm-local/huge-lib', NPM_PUBLISH_LIMIT + 1, {
      authorization: `Bearer ${token}`,
    })
    expect(status).toBe(413)
  }, 20_000)

  it('stops reading a streamed body at the limit with 413, and stores nothing', async () => {
    const name = uniqueName('streamed')
    const before = blobFiles(server.config.dataDir).length
    const { status, sent } = await streamedPublish(name, NPM_PUBLISH_LIMIT + 16 * 1024 * 1024)
    expect(status).toBe(413)
    // The answer came once the limit was passed, not after the client gave up.
    expect(sent).toBeLessThan(NPM_PUBLISH_LIMIT + 16 * 1024 * 1024)
    expect(await versionCount(name)).toBe(0)
    expect(blobFiles(server.config.dataDir).length).toBe(before)
    expect(stagedFiles(server.config.dataDir)).toEqual([])
  }, 120_000)
})

describe('a gzipped request body (npm audit)', () => {
  const audit = (json: string) =>
    fetch(npmUrl('npm', '-/npm/v1/security/audits/quick'), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'content-encoding': 'gzip',
      },
      body: gzipSync(json),
    })

  it('is read as it unpacks, and refused with 413 beyond a publish document', async () => {
    const within = await audit(
      JSON.stringify({ name: 'app', version: '1.0.0', requires: {}, dependencies: {} }),
    )
    expect(within.status).toBe(200)
    // Some kilobytes on the wire, more than the limit unpacked.
    const bomb = `{"name":"app","pad":"${'0'.repeat(NPM_DOCUMENT_LIMIT)}"}`
    const refused = await audit(bomb)
    expect(refused.status).toBe(413)
    expect(((await refused.json()) as { message: string }).message).toBe(
      `The audit request unpacks to more than ${NPM_DOCUMENT_LIMIT / (1024 * 1024)} MiB`,
    )
  })
})

describe('tarballs are read before anything is stored', () => {
  const refusedWithNothingStored = async (name: string, tgz: Buffer, status: number, message: RegExp) => {
    const before = blobFiles(server.config.dataDir).length
    const res = await publish(name, publishDocument(name, '1.0.0', tgz))
    expect(res.status).toBe(status)
    expect(((await res.json()) as { error: string }).error).toMatch(message)
    expect(blobFiles(server.config.dataDir).length).toBe(before)
    expect(await versionCount(name)).toBe(0)
    expect(stagedFiles(server.config.dataDir)).toEqual([])
  }

  it('refuses a corrupt, a truncated and an empty tarball with 400', async () => {
    const name = uniqueName('bad')
    const good = npmTarball(name, '1.0.0', { 'README.md': 'x'.repeat(5000) })
    const corrupt = Buffer.from(good)
    corrupt.fill(0x41, 20, 60)
    await refusedWithNothingStored(name, corrupt, 400, /cannot be read/)
    await refusedWithNothingStored(name, good.subarray(0, Math.floor(good.length / 2)), 400, /cannot be read/)
    await refusedWithNothingStored(name, Buffer.alloc(0), 400, /cannot be read|missing/)
    // gzip of tar blocks whose header checksum is wrong.
    const damaged = tarOf({ 'package.json': JSON.stringify({ name, version: '1.0.0' }) })
    damaged[0] = 0x5a
    await refusedWithNothingStored(name, (await gzip([damaged])) as Buffer, 400, /damaged/)
    // Not a package: no package.json.
    await refusedWithNothingStored(
      name,
      (await gzip([tarOf({ 'index.js': '1' })])) as Buffer,
      400,
      /package\.json/,
    )
  })

  it('refuses a README that unpacks beyond the limit with 413 and keeps no giant row', async () => {
    const name = uniqueName('readme')
    const tgz = npmTarball(name, '1.0.0', { 'README.md': Buffer.alloc(8 * 1024 * 1024, 0x61) })
    expect(tgz.length).toBeLessThan(64 * 1024)
    await refusedWithNothingStored(name, tgz, 413, /README\.md has 8388608 bytes/)
  })

  it('refuses a tarball that unpacks to more than the limit with 413', async () => {
    const name = uniqueName('bomb')
    const size = 300 * 1024 * 1024
    const manifest = Buffer.from(JSON.stringify({ name, version: '1.0.0' }))
    const tgz = await gzip(
      (function* () {
        yield tarHeader('package/package.json', manifest.length)
        yield Buffer.concat([manifest, Buffer.alloc(512 - manifest.length)])
        yield tarHeader('package/blob.bin', size)
        const zeros = Buffer.alloc(1024 * 1024)
        for (let i = 0; i < size / zeros.length; i++) yield zeros
      })(),
    )
    expect(tgz.length).toBeLessThan(2 * 1024 * 1024)
    await refusedWithNothingStored(name, tgz, 413, /too large/)
  }, 60_000)

  it('refuses a tarball whose package.json names another package or version', async () => {
    const name = uniqueName('inner')
    await refusedWithNothingStored(
      name,
      npmTarball('other-package', '1.0.0'),
      400,
      /names other-package@1\.0\.0/,
    )
    await refusedWithNothingStored(name, npmTarball(name, '6.6.6'), 400, /@6\.6\.6, not/)
    // Two package.json entries: unpacking keeps the last, so the last must agree too.
    const twice = Buffer.concat([
      tarOf({ 'package.json': JSON.stringify({ name, version: '1.0.0' }) }).subarray(0, 1024),
      tarOf({ 'package.json': JSON.stringify({ name: 'evil', version: '1.0.0' }) }),
    ])
    await refusedWithNothingStored(name, (await gzip([twice])) as Buffer, 400, /names evil@1\.0\.0/)
  })
})

describe('a tarball that does not match its dist checksums', () => {
  it('is refused with nothing stored: no blob, no row, the document as it was', async () => {
    const name = uniqueName('digest')
    const first = npmTarball(name, '1.0.0', { 'README.md': '# first\n' })
    expect((await publish(name, publishDocument(name, '1.0.0', first))).status).toBe(200)
    const documentNow = async () => {
      const res = await fetch(npmUrl('npm-local', encodeURIComponent(name)), {
        headers: { authorization: `Bearer ${token}` },
      })
      expect(res.status).toBe(200)
      return res.json()
    }
    const before = await documentNow()
    const blobsBefore = blobFiles(server.config.dataDir).length
    const next = npmTarball(name, '1.1.0', { 'README.md': '# second\n' })
    const digestOfOther = (kind: 'sha1' | 'sha512') =>
      createHash(kind)
        .update(Buffer.from('other bytes'))
        .digest(kind === 'sha1' ? 'hex' : 'base64')
    for (const dist of [
      { integrity: `sha512-${digestOfOther('sha512')}` },
      { shasum: digestOfOther('sha1') },
    ]) {
      const doc = publishDocument(name, '1.1.0', next) as {
        versions: Record<string, { dist: Record<string, string> }>
        readme?: string
      }
      Object.assign(doc.versions['1.1.0']!.dist, dist)
      doc.readme = '# second\n'
      const res = await publish(name, doc)
      expect(res.status, JSON.stringify(dist)).toBe(400)
      expect(((await res.json()) as { error: string }).error).toMatch(/Integrity check failed/)
      expect(blobFiles(server.config.dataDir).length).toBe(blobsBefore)
      expect(stagedFiles(server.config.dataDir)).toEqual([])
      expect(await versionCount(name)).toBe(1)
      expect(await documentNow()).toEqual(before)
    }
    // The same version with its own checksums is taken: the refusals kept nothing in its way.
    expect((await publish(name, publishDocument(name, '1.1.0', next))).status).toBe(200)
    expect(((await documentNow()) as { 'dist-tags': { latest: string } })['dist-tags'].latest).toBe('1.1.0')
  })
})

describe('unpublish', () => {
  it('frees the tarball bytes of the versions it removes', async () => {
    const name = uniqueName('unpub')
    const tgz = npmTarball(name, '1.0.0', { 'README.md': `# ${name}\n` })
    const sha = createHash('sha256').update(tgz).digest('hex')
    const before = blobFiles(server.config.dataDir).length
    expect((await publish(name, publishDocument(name, '1.0.0', tgz))).status).toBe(200)
    expect(blobFiles(server.config.dataDir).map((p) => p.split('/').pop())).toContain(sha)
    // The admin's session: a client token is scoped to read and deploy.
    const { 'content-type': _json, ...headers } = browserHeaders(server.url, cookie)
    const res = await fetch(npmUrl('npm-local', `${encodeURIComponent(name)}/-rev/1`), {
      method: 'DELETE',
      headers,
    })
    expect(res.status).toBe(200)
    expect(await versionCount(name)).toBe(0)
    expect(blobFiles(server.config.dataDir).length).toBe(before)
  })
})

describe('tarball addresses in package documents', () => {
  it('come from the configured base URL, else the server, never from the Host header', async () => {
    const name = uniqueName('urls')
    expect((await publish(name, publishDocument(name, '1.0.0', npmTarball(name, '1.0.0')))).status).toBe(200)
    const tarballOf = async () => {
      const { port } = new URL(server.url)
      // fetch cannot set Host; a raw request can, as an attacker's client would.
      const body = await new Promise<string>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            path: `/artifactory/api/npm/npm-local/${encodeURIComponent(name)}`,
            headers: { host: 'evil.example:9163', authorization: `Bearer ${token}` },
          },
          (res) => {
            let text = ''
            res.on('data', (c: Buffer) => (text += c.toString()))
            res.on('end', () => resolve(text))
          },
        )
        req.on('error', reject)
        req.end()
      })
      return (JSON.parse(body) as { versions: Record<string, { dist: { tarball: string } }> }).versions[
        '1.0.0'
      ]!.dist.tarball
    }
    expect(await tarballOf()).toBe(`${server.url}/artifactory/api/npm/npm-local/${name}/-/${name}-1.0.0.tgz`)
    await writeGeneralConfig(server.ctx, {
      ...(await readGeneralConfig(server.ctx.sql, server.config)),
      baseUrl: 'https://registry.acme.example/',
    })
    try {
      expect(await tarballOf()).toBe(
        `https://registry.acme.example/artifactory/api/npm/npm-local/${name}/-/${name}-1.0.0.tgz`,
      )
    } finally {
      await writeGeneralConfig(server.ctx, {
        ...(await readGeneralConfig(server.ctx.sql, server.config)),
        baseUrl: '',
      })
    }
  })
})

describe('generic files', () => {
  const put = (path: string, body: string) =>
    fetch(`${server.url}/artifactory/generic-local/${path}`, {
      method: 'PUT',
      headers: { ...browserHeaders(server.url, cookie), 'content-type': 'application/octet-stream' },
      body,
    })

  it('stores no file under another file', async () => {
    const base = uniqueName('tree')
    expect((await put(`${base}/f.txt`, 'a file')).status).toBe(201)
    const under = await put(`${base}/f.txt/child.txt`, 'under a file')
    expect(under.status).toBe(409)
    expect(((await under.json()) as { message: string }).message).toMatch(/f\.txt is a file/)
    expect((await put(`${base}/f.txt/deeper/child.txt`, 'under a file')).status).toBe(409)
    const listed = await fetch(`${server.url}/artifactory/generic-local/${base}/f.txt/child.txt`, {
      headers: { cookie },
    })
    expect(listed.status).toBe(404)
    // And still no file where a folder is.
    expect((await put(`${base}/dir/inside.txt`, 'x')).status).toBe(201)
    expect((await put(`${base}/dir`, 'x')).status).toBe(409)
  })

  it('answers 413 to a deploy whose declared length is beyond the limit, before reading it', async () => {
    const path = `${uniqueName('huge')}/disk.img`
    const before = blobFiles(server.config.dataDir).length
    const status = await statusBeforeBody(`/artifactory/generic-local/${path}`, ARTIFACT_LIMIT + 1, {
      ...browserHeaders(server.url, cookie),
      'content-type': 'application/octet-stream',
    })
    expect(status).toBe(413)
    expect(stagedFiles(server.config.dataDir)).toEqual([])
    expect(blobFiles(server.config.dataDir).length).toBe(before)
    const stored = await fetch(`${server.url}/artifactory/generic-local/${path}`, { headers: { cookie } })
    expect(stored.status).toBe(404)
  }, 20_000)
})

/** The gzip of the chunks given, made as a stream (the chunks may add up to hundreds of MB). */
async function gzip(chunks: Iterable<Buffer>): Promise<Buffer> {
  const out: Buffer[] = []
  const zip = Readable.from(chunks).pipe(createGzip({ level: 9 }))
  for await (const chunk of zip) out.push(chunk as Buffer)
  return Buffer.concat(out)
}
