/**
 * A small HTTP file server on 127.0.0.1 for the generic remote's tests: it serves the files
 * a test puts in it (with an ETag and Last-Modified, answering 304 to If-None-Match), declares
 * each file's sha256 in `X-Checksum-Sha256` when asked to (or a wrong one), counts what it is
 * asked, and misbehaves on demand (slow, 500, holding a file half-sent until released).
 */
import { createHash } from 'node:crypto'
import http, { type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { holdGate, type Held } from './holdGate'

export type FileServerFault = 'slow' | 'error500'

export interface FileServer {
  readonly url: string
  /** Paths asked, in order, with the headers of each request. */
  readonly requests: Array<{ readonly path: string; readonly headers: IncomingHttpHeaders }>
  put(path: string, bytes: Buffer | string): void
  remove(path: string): void
  /** `X-Checksum-Sha256` on every answer: the file's own, a wrong one, or none. */
  checksums(mode: 'true' | 'wrong' | 'none'): void
  fault(mode: FileServerFault | undefined): void
  /** Answers send their headers and half the bytes, then wait until `release`. */
  hold(): { release(): void; started: Promise<void> }
  /** How many times `path` was asked. */
  asked(path: string): number
  stop(): Promise<void>
}

const sha = (algorithm: string, bytes: Buffer) => createHash(algorithm).update(bytes).digest('hex')

export async function startFileServer(): Promise<FileServer> {
  const files = new Map<string, { bytes: Buffer; modified: string }>()
  const requests: Array<{ path: string; headers: IncomingHttpHeaders }> = []
  let checksums: 'true' | 'wrong' | 'none' = 'none'
  let fault: FileServerFault | undefined
  let held: Held | undefined

  const server: Server = http.createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0]!)
    requests.push({ path, headers: req.headers })
    if (fault === 'slow') return
    if (fault === 'error500') return res.writeHead(500).end('internal')
    const file = files.get(path)
    if (!file) return res.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
    const etag = `"${sha('sha1', file.bytes)}"`
    if (req.headers['if-none-match'] === etag) return res.writeHead(304, { etag }).end()
    const declared =
      checksums === 'true'
        ? sha('sha256', file.bytes)
        : checksums === 'wrong'
          ? sha('sha256', Buffer.from('other'))
          : undefined
    res.writeHead(200, {
      'content-type': 'application/octet-stream',
      'content-length': String(file.bytes.length),
      etag,
      'last-modified': file.modified,
      ...(declared ? { 'x-checksum-sha256': declared } : {}),
    })
    if (!held) return res.end(file.bytes)
    const half = file.bytes.length >> 1
    res.write(file.bytes.subarray(0, half))
    held.started()
    void held.gate.then(() => res.end(file.bytes.subarray(half)))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  let modifiedAt = Date.UTC(2026, 0, 1)

  return {
    url,
    requests,
    put(path, bytes) {
      modifiedAt += 60_000
      files.set(path, { bytes: Buffer.from(bytes), modified: new Date(modifiedAt).toUTCString() })
    },
    remove: (path) => void files.delete(path),
    checksums: (mode) => void (checksums = mode),
    fault: (mode) => void (fault = mode),
    hold: () => holdGate((h) => (held = h)),
    asked: (path) => requests.filter((r) => r.path === path).length,
    async stop() {
      server.closeAllConnections()
      await new Promise((r) => server.close(r))
    },
  }
}
