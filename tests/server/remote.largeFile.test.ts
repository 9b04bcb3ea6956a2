/**
 * A tarball past the size checked before sending (CHECK_BEFORE_SENDING) through the npm
 * remote, against a real upstream on 127.0.0.1: the first request gets bytes while the
 * upstream is still sending (streamed, not held whole), and so does a second request that
 * joins the fetch (one upstream request); the file arrives whole and is cached;
 * one whose bytes do not match the document's integrity never arrives whole and is not kept.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHECK_BEFORE_SENDING } from '../../server/remote/fileCache'
import { remoteStore } from '../../server/remote/store'
import { npmCli } from '../support/npmCli'
import { startTestServer, type TestServer } from '../support/server'
import {
  npmPack,
  startUpstreamRegistry,
  type PackedVersion,
  type UpstreamRegistry,
} from '../support/upstreamRegistry'

const NAME = 'large-upstream'
let work: string
let upstream: UpstreamRegistry
let server: TestServer
let packed: PackedVersion[]

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'remote-large-'))
  const cli = npmCli(work)
  packed = []
  for (const version of ['1.0.0', '2.0.0']) {
    const dir = cli.makePackage(NAME, version, '# Large\n')
    // Random bytes do not compress: the tarball stays past the size checked before sending.
    writeFileSync(join(dir, 'data.bin'), randomBytes(CHECK_BEFORE_SENDING + 1024 * 1024))
    packed.push(await npmPack(dir, dir))
  }
  upstream = await startUpstreamRegistry(packed)
  server = await startTestServer({ anonymousAccess: true }, { NPM_REMOTE_URL: upstream.url })
}, 120_000)

afterAll(async () => {
  await server?.stop()
  await upstream?.stop()
  if (work) rmSync(work, { recursive: true, force: true })
})

const tarballUrl = (version: string) =>
  `${server.url}/artifactory/api/npm/npm-remote/${NAME}/-/${NAME}-${version}.tgz`

/** Reads a response's body to its end, or to where the connection broke. */
const readBody = (res: Response) => readRest(res.body!.getReader())

/** The rest of a body being read, to its end or to where the connection broke. */
async function readRest(
  reader: ReadableStreamDefaultReader<Uint8Array>,
): Promise<{ bytes: Buffer; broke: boolean }> {
  const chunks: Buffer[] = []
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return { bytes: Buffer.concat(chunks), broke: false }
      chunks.push(Buffer.from(value))
    }
  } catch {
    return { bytes: Buffer.concat(chunks), broke: true }
  }
}

describe('a tarball larger than the size checked before sending', { timeout: 120_000 }, () => {
  it('streams to the first request and one joining it while the upstream sends, whole, and caches it', async () => {
    const tarball = packed[0]!.tarball
    expect(tarball.length).toBeGreaterThan(CHECK_BEFORE_SENDING)
    const hold = upstream.hold()
    const res = await fetch(tarballUrl('1.0.0'))
    expect(res.status).toBe(200)
    await hold.started
    // The upstream has sent half and waits: bytes reach the client before the file is complete.
    const reader = res.body!.getReader()
    const first = await reader.read()
    expect(first.done).toBe(false)
    expect(first.value!.length).toBeGreaterThan(0)
    const rest = readRest(reader)
    // A second request joins the fetch under way: it gets bytes before the upstream finishes too.
    const joined = await fetch(tarballUrl('1.0.0'))
    expect(joined.status).toBe(200)
    const joinedReader = joined.body!.getReader()
    const early = await joinedReader.read()
    expect(early.value!.length).toBeGreaterThan(0)
    hold.release()
    const { bytes } = await rest
    expect(Buffer.concat([Buffer.from(first.value!), bytes]).equals(tarball)).toBe(true)
    const joinedRest = await readRest(joinedReader)
    expect(Buffer.concat([Buffer.from(early.value!), joinedRest.bytes]).equals(tarball)).toBe(true)
    expect(upstream.requests.filter((p) => p === `/${NAME}/-/${NAME}-1.0.0.tgz`)).toHaveLength(1)

    // Cached: the next request is served without asking the upstream.
    const asked = upstream.requests.length
    const again = await fetch(tarballUrl('1.0.0'))
    expect(Buffer.from(await again.arrayBuffer()).equals(tarball)).toBe(true)
    expect(upstream.requests.length).toBe(asked)
    expect(await remoteStore(server.ctx.sql).file('npm-remote', `${NAME}/-/${NAME}-1.0.0.tgz`)).toBeDefined()
  })

  it('never hands over a whole file that does not match its integrity, and keeps nothing', async () => {
    upstream.fault('wrongIntegrity', 'document')
    try {
      // The document is cached from the first test: let it be fetched again with the fault.
      await remoteStore(server.ctx.sql).writeSettings('npm-remote', {
        ...(await remoteStore(server.ctx.sql).settings('npm-remote')),
        metadataTtlSeconds: 0,
      })
      const hold = upstream.hold()
      const res = await fetch(tarballUrl('2.0.0'))
      const answer = readBody(res)
      await hold.started
      // A request joining the fetch is cut off the same way.
      const joined = await fetch(tarballUrl('2.0.0'))
      hold.release()
      for (const [r, { bytes, broke }] of [
        [res, await answer],
        [joined, await readBody(joined)],
      ] as const) {
        expect(r.status !== 200 || broke).toBe(true)
        expect(bytes.equals(packed[1]!.tarball)).toBe(false)
      }
      expect(
        await remoteStore(server.ctx.sql).file('npm-remote', `${NAME}/-/${NAME}-2.0.0.tgz`),
      ).toBeUndefined()
    } finally {
      upstream.fault(undefined)
    }
  })
})
