/**
 * A body refused before it was all read (413) while the client is still sending: the client
 * reads the answer, as a client that only looks at the answer once its upload is written would
 * (npm under load). Closing the connection at once made the kernel reset it on the client's
 * next bytes: the client saw EPIPE and no answer, and npm retried the upload for a minute.
 */
import { connect, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/server'
import { signInDirectly } from './helpers/catalogSession'
import { clientTokenOf } from './helpers/permissions'
import { NPM_PUBLISH_LIMIT, NPM_SMALL_LIMIT } from '../../server/registry/npmRoutes'

let server: TestServer
let token: string

beforeAll(async () => {
  server = await startTestServer()
  token = await clientTokenOf(server, signInDirectly(server, { admin: true }))
})

afterAll(async () => {
  await server?.stop()
})

/** More than the socket buffers on both sides hold: the server must read some of it. */
const SENT = 32 * 1024 * 1024

interface Sent {
  /** The write failure the client met, if any. */
  readonly writeError?: string
  /** What the client read once its upload was written. */
  readonly answer: string
}

/**
 * Sends a request head, then `start` and `total` bytes of body in all without reading anything,
 * then reads the answer until the server closes or the socket fails. `length`: the declared
 * Content-Length, or chunked when undefined.
 */
async function sendWithoutReading(
  path: string,
  length: number | undefined,
  { start = '', total = SENT }: { start?: string; total?: number } = {},
): Promise<Sent> {
  const url = new URL(server.url)
  const socket: Socket = connect({ host: url.hostname, port: Number(url.port) })
  // Not reading until the upload is written: an answer that is not read yet stays in the buffer.
  socket.pause()
  let writeError: string | undefined
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()))
  socket.on('error', (error) => (writeError ??= (error as NodeJS.ErrnoException).code ?? String(error)))
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve)
    socket.once('error', reject)
  })
  socket.write(
    [
      `PUT ${path} HTTP/1.1`,
      `Host: ${url.host}`,
      `Authorization: Bearer ${token}`,
      'Content-Type: application/json',
      length === undefined ? 'Transfer-Encoding: chunked' : `Content-Length: ${length}`,
      '',
      '',
    ].join('\r\n'),
  )
  const frame = (piece: Buffer) =>
    length === undefined
      ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')])
      : piece
  // Base64 digits: within a publish document's tarball, read as data until the limit.
  const piece = Buffer.alloc(64 * 1024, 'A')
  const framed = frame(piece)
  // An empty chunk would end a chunked body.
  if (start) socket.write(frame(Buffer.from(start)))
  // Never past a declared length: what followed would be read as the next request.
  const end = Math.min(total, length ?? total)
  for (let sent = start.length; sent < end && !socket.destroyed; sent += piece.length) {
    if (!socket.write(framed))
      await new Promise<void>((resolve) => {
        const done = () => {
          socket.off('drain', done)
          socket.off('close', done)
          resolve()
        }
        socket.on('drain', done)
        socket.on('close', done)
      })
  }
  const read: Buffer[] = []
  socket.on('data', (chunk: Buffer) => {
    read.push(chunk)
    // The whole answer is in: its head and as many body bytes as it declares.
    const text = Buffer.concat(read).toString('utf8')
    const head = text.indexOf('\r\n\r\n')
    const declared = /\r\ncontent-length: (\d+)/i.exec(text)
    if (head >= 0 && declared && Buffer.byteLength(text.slice(head + 4)) >= Number(declared[1]))
      socket.destroy()
  })
  socket.resume()
  await closed
  return { writeError, answer: Buffer.concat(read).toString('utf8') }
}

const npm = (path: string) => `/artifactory/api/npm/npm-local/${path}`

describe('a refused body’s answer reaches a client still sending', () => {
  it('a publish declared past the limit: refused before a byte is read', { timeout: 120_000 }, async () => {
    const sent = await sendWithoutReading(npm('lingering-declared'), NPM_PUBLISH_LIMIT + 1)
    expect(sent.answer, sent.writeError).toMatch(/^HTTP\/1\.1 413 /)
    expect(sent.answer).toMatch(/\r\nconnection: close\r\n/i)
    expect(sent.answer).toContain('The package is too large to publish here')
  })

  it(
    'a dist-tag body past its limit: refused part way, the rest read and dropped',
    { timeout: 120_000 },
    async () => {
      expect(SENT).toBeGreaterThan(NPM_SMALL_LIMIT)
      const sent = await sendWithoutReading(npm('-/package/lingering-tag/dist-tags/beta'), undefined)
      expect(sent.answer, sent.writeError).toMatch(/^HTTP\/1\.1 413 /)
      expect(sent.answer).toContain('The dist-tag request is more than')
    },
  )

  it('a publish streamed past the limit: refused as it is read', { timeout: 120_000 }, async () => {
    const name = 'lingering-streamed'
    const sent = await sendWithoutReading(npm(name), undefined, {
      start: `{"name":"${name}","versions":{},"_attachments":{"${name}-1.0.0.tgz":{"data":"`,
      total: NPM_PUBLISH_LIMIT + SENT,
    })
    expect(sent.answer, sent.writeError).toMatch(/^HTTP\/1\.1 413 /)
    expect(sent.answer).toContain('The package is too large to publish here')
  })

  it('a generic artifact declared past its limit', { timeout: 120_000 }, async () => {
    const sent = await sendWithoutReading('/artifactory/generic-local/lingering/big.bin', 2 * 1024 ** 3)
    expect(sent.answer, sent.writeError).toMatch(/^HTTP\/1\.1 413 /)
    expect(sent.answer).toContain('An artifact may have at most 1 GiB')
  })

  // Every route: the answer is given before the body is read, whatever refused it.
  it('a console call refused before its body is read', { timeout: 120_000 }, async () => {
    const sent = await sendWithoutReading('/ui/api/v1/repositories', 64 * 1024 * 1024)
    // No Origin: a cross-site write as far as the console's API can tell.
    expect(sent.answer, sent.writeError).toMatch(/^HTTP\/1\.1 403 /)
  })

  it('a container call refused before its body is read', { timeout: 120_000 }, async () => {
    const sent = await sendWithoutReading(`/v2/docker-local/lingering/blobs/uploads/`, 2 * 1024 ** 3)
    // An upload is started with POST: a PUT on the uploads is not a method it takes.
    expect(sent.answer, sent.writeError).toMatch(/^HTTP\/1\.1 405 /)
  })

  it('answers given once the body is in keep the connection', { timeout: 60_000 }, async () => {
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
    const ping = await fetch(`${server.url}${npm('-/ping')}`, { headers })
    expect(ping.status).toBe(200)
    expect(ping.headers.get('connection')).not.toBe('close')
    // A body read whole, then refused: nothing left coming, nothing to linger for.
    const tag = await fetch(`${server.url}${npm('-/package/no-such-package/dist-tags/beta')}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify('1.0.0'),
    })
    expect(tag.status).toBe(404)
    expect(tag.headers.get('connection')).not.toBe('close')
  })
})
