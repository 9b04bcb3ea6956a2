/**
 * npm publish bodies are read as they arrive: the document is parsed in pieces and its base64
 * tarball decoded into the blob store as it comes. Over real HTTP: the npm CLI publishes a
 * large package whose bytes come back exactly; the tarball's base64 is checked strictly; a
 * document with a key twice is refused (two readers must not see two packages); and every
 * malformed document of the JSONTestSuite corpus is a 400 that stores nothing.
 */
import { createHash, randomBytes } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserHeaders, startTestServer, type TestServer } from '../support/server'
import { npmTarball, publishDocument } from '../support/npmTarball'
import { npmCli } from '../support/npmCli'
import { corporaDir } from '../support/corpora'
import { signInDirectly } from './helpers/catalogSession'
import { blobFiles, stagedFiles } from './helpers/blobFiles'

let server: TestServer
let token: string
let work: string

beforeAll(async () => {
  server = await startTestServer()
  const res = await fetch(`${server.url}/ui/api/v1/ui/npm/token`, {
    method: 'POST',
    headers: browserHeaders(server.url, signInDirectly(server, { admin: true })),
    body: '{}',
  })
  token = ((await res.json()) as { token: string }).token
  work = mkdtempSync(join(tmpdir(), 'publish-stream-'))
})

afterAll(async () => {
  await server?.stop()
  if (work) rmSync(work, { recursive: true, force: true })
})

const registry = () => `${server.url}/artifactory/api/npm/npm-local/`
const uniqueName = (what: string) => `stream-${what}-${Math.random().toString(36).slice(2, 8)}`

const staged = () => stagedFiles(server.config.dataDir)

const put = (name: string, body: string) =>
  fetch(`${registry()}${encodeURIComponent(name)}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body,
  })

const versionCount = async (name: string) =>
  (await server.ctx.sql.one<{ n: number }>(
    'SELECT COUNT(*) AS n FROM catalog_versions WHERE package_id = ?',
    [`npm://${name}`],
  ))!.n

describe('a large package published with the npm CLI', () => {
  it('is stored as it streams and served back byte for byte', async () => {
    const name = uniqueName('large')
    const { npm, makePackage } = npmCli(work)
    const dir = makePackage(name, '1.0.0', '# Large\n')
    // Random bytes do not compress: the tarball is as large as they are.
    writeFileSync(join(dir, 'blob.bin'), randomBytes(40 * 1024 * 1024))
    const rc = join(work, 'npmrc')
    writeFileSync(
      rc,
      `registry=${registry()}\n//${new URL(server.url).host}/artifactory/api/npm/npm-local/:_authToken=${token}\n`,
    )
    const packed = await npm(['pack', '--json', '--pack-destination', work], dir, rc)
    expect(packed, JSON.stringify(packed)).not.toHaveProperty('failed')
    const { integrity, filename } = (
      JSON.parse(packed.stdout) as Array<{ integrity: string; filename: string }>
    )[0]!
    expect(statSync(join(work, filename)).size).toBeGreaterThan(40 * 1024 * 1024)

    const published = await npm(['publish', '--registry', registry()], dir, rc)
    expect(published, JSON.stringify(published)).not.toHaveProperty('failed')
    expect(staged()).toEqual([])

    const doc = (await (
      await fetch(`${registry()}${name}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { versions: Record<string, { dist: { integrity: string; tarball: string } }> }
    expect(doc.versions['1.0.0']!.dist.integrity).toBe(integrity)
    const served = Buffer.from(
      await (
        await fetch(doc.versions['1.0.0']!.dist.tarball, { headers: { authorization: `Bearer ${token}` } })
      ).arrayBuffer(),
    )
    expect(`sha512-${createHash('sha512').update(served).digest('base64')}`).toBe(integrity)
    expect(served.equals(readFileSync(join(work, filename)))).toBe(true)
  }, 180_000)
})

describe('the tarball of a publish body', () => {
  const body = (name: string, data: (base64: string) => string) => {
    const doc = publishDocument(name, '1.0.0', npmTarball(name, '1.0.0', { 'README.md': 'r'.repeat(3000) }))
    const attachments = doc._attachments as Record<string, { data: string }>
    const file = Object.values(attachments)[0]!
    return JSON.stringify(doc).replace(JSON.stringify(file.data), JSON.stringify(data(file.data)))
  }

  it('is decoded from JSON escapes too, whole quads or not', async () => {
    const name = uniqueName('escaped')
    // Every character as a \u escape: the same base64 text once unescaped.
    const escaped = body(name, (b) => b).replace(
      /"data":"([^"]*)"/,
      (_, b64: string) =>
        `"data":"${[...b64].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}"`,
    )
    const res = await put(name, escaped)
    expect(res.status, await res.text()).toBe(200)
    expect(await versionCount(name)).toBe(1)
  })

  it.each([
    ['a line break inside it', (b: string) => `${b.slice(0, 76)}\n${b.slice(76)}`],
    ['a character outside base64', (b: string) => `${b.slice(0, 10)}*${b.slice(11)}`],
    ['data after its padding', (b: string) => `${b.replace(/=*$/, '')}==AAAA`],
    ['one character too many', (b: string) => `${b.replace(/=*$/, '')}A`],
  ])('is refused with 400 and nothing kept when it has %s', async (_what, spoil) => {
    const name = uniqueName('base64')
    const before = blobFiles(server.config.dataDir).length
    const res = await put(name, body(name, spoil))
    expect(res.status).toBe(400)
    expect(((await res.json()) as { error: string }).error).toMatch(/base64|integrity/i)
    expect(await versionCount(name)).toBe(0)
    expect(blobFiles(server.config.dataDir).length).toBe(before)
    expect(staged()).toEqual([])
  })

  it('comes once: a second attachment or a key given twice is refused', async () => {
    const name = uniqueName('twice')
    const once = body(name, (b) => b)
    const twoAttachments = once.replace('"_attachments":{', `"_attachments":{"other.tgz":{"data":"QUJD"},`)
    // JSON.parse would keep the last one and publish; a proxy reading the first sees another package.
    const nameTwice = once.replace(`"name":"${name}"`, `"name":"react","name":"${name}"`)
    for (const sent of [twoAttachments, nameTwice]) {
      const res = await put(name, sent)
      expect(res.status).toBe(400)
    }
    expect(await versionCount(name)).toBe(0)
    expect(staged()).toEqual([])
  })
})

describe('the JSONTestSuite corpus as publish bodies', () => {
  it('answers 400 to every malformed or odd document, and stores nothing', async () => {
    const suite = join(corporaDir(), 'json-parsing', 'test_parsing')
    const files = readdirSync(suite).filter((f) => /^[ni]_.*\.json$/.test(f))
    expect(files.length).toBeGreaterThan(200)
    const before = blobFiles(server.config.dataDir).length
    const name = uniqueName('corpus')
    for (const file of files) {
      const res = await fetch(`${registry()}${name}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: readFileSync(join(suite, file)),
      })
      expect(res.status, file).toBe(400)
      await res.arrayBuffer()
    }
    expect(await versionCount(name)).toBe(0)
    expect(blobFiles(server.config.dataDir).length).toBe(before)
    expect(staged()).toEqual([])
  }, 60_000)
})
