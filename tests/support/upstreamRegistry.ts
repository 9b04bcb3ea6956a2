/**
 * A small npm registry on 127.0.0.1 for the remote repository's tests: it serves package
 * documents (with an ETag, answering 304 to If-None-Match) and tarballs made with `npm pack`
 * from real package folders, counts what it is asked, and misbehaves on demand (slow, 500,
 * not JSON, a wrong integrity, a reset mid-file, redirects, a body past the limit, holding a
 * tarball until released). It stops by itself when the test file ends (`stop`).
 */
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import http, { type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { npmCli } from './npmCli'
import { holdGate, type Held } from './holdGate'

const run = promisify(execFile)

export type UpstreamFaultMode =
  | 'slow' // answers nothing (a read time-out)
  | 'error500'
  | 'notJson'
  | 'wrongIntegrity' // documents advertise an integrity the tarball does not have
  | 'reset' // a tarball breaks off half-way
  | 'redirectLoop'
  | 'unauthorized'

export interface PackedVersion {
  readonly name: string
  readonly version: string
  readonly manifest: Record<string, unknown>
  readonly tarball: Buffer
  readonly file: string
}

/** `npm pack` of a package folder: the tarball npm would publish, and its package.json. */
export async function npmPack(dir: string, out: string): Promise<PackedVersion> {
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', out], {
    cwd: dir,
    env: {
      PATH: process.env.PATH,
      HOME: out,
      npm_config_cache: join(out, '.cache'),
      npm_config_update_notifier: 'false',
    },
  })
  const [packed] = JSON.parse(stdout) as Array<{ filename: string; name: string; version: string }>
  const { name, version, filename } = packed!
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<string, unknown>
  // npm names the packed file `scope-name-1.0.0.tgz`; a registry serves it as `name-1.0.0.tgz`.
  const file = `${name.split('/').pop()}-${version}.tgz`
  return { name, version, manifest, tarball: readFileSync(join(out, filename)), file }
}

export interface UpstreamRegistry {
  readonly url: string
  /** Paths asked, in order (`/name`, `/name/-/name-1.0.0.tgz`). */
  readonly requests: string[]
  /** The Authorization header of each request, in the same order. */
  readonly authorizations: Array<string | undefined>
  /** The faults in effect, by what they hit. */
  fault(mode: UpstreamFaultMode | undefined, on?: 'document' | 'tarball' | 'all'): void
  /** Tarball answers wait (headers and half the bytes sent) until `release`. */
  hold(): { release(): void; started: Promise<void> }
  /** A big file served at `/files/<name>` of `size` bytes, sent in chunks. */
  addFile(name: string, size: number): void
  /** A new version from now on: its package's document changes (and its ETag with it). */
  publish(version: PackedVersion): void
  stop(): Promise<void>
}

const etagOf = (body: string) => `"${createHash('sha1').update(body).digest('hex')}"`

export interface UpstreamOptions {
  /**
   * The address its documents give for tarballs, when clients reach it by another than its own
   * (a name a test takes to this server, such as npm's public registry); its own by default.
   */
  readonly publicUrl?: string
  /**
   * Tarball file names sent without a Content-Length (chunked, as some registries and proxies
   * answer): the platform then streams them to the client as they arrive.
   */
  readonly unsized?: readonly string[]
  /** Documents sent pretty-printed with this indent (as some registries send them); compact by default. */
  readonly indent?: number
}

export async function startUpstreamRegistry(
  versions: readonly PackedVersion[],
  options: UpstreamOptions = {},
): Promise<UpstreamRegistry> {
  const requests: string[] = []
  const authorizations: Array<string | undefined> = []
  let mode: UpstreamFaultMode | undefined
  let on: 'document' | 'tarball' | 'all' = 'all'
  let held: Held | undefined
  const files = new Map<string, number>()
  let base = ''

  const byName = new Map<string, PackedVersion[]>()
  for (const v of versions) byName.set(v.name, [...(byName.get(v.name) ?? []), v])
  const tarballs = new Map(versions.map((v) => [`/${v.name}/-/${v.file}`, v]))

  const documentOf = (name: string) => {
    const all = byName.get(name) ?? []
    const doc = {
      _id: name,
      name,
      'dist-tags': { latest: all.at(-1)?.version },
      versions: Object.fromEntries(
        all.map((v) => [
          v.version,
          {
            ...v.manifest,
            _id: `${name}@${v.version}`,
            dist: {
              tarball: `${base}/${name}/-/${v.file}`,
              integrity:
                mode === 'wrongIntegrity'
                  ? `sha512-${createHash('sha512').update('other bytes').digest('base64')}`
                  : `sha512-${createHash('sha512').update(v.tarball).digest('base64')}`,
              shasum: createHash('sha1').update(v.tarball).digest('hex'),
            },
          },
        ]),
      ),
      time: Object.fromEntries(
        all.map((v, i) => [v.version, new Date(Date.UTC(2026, 0, 1 + i)).toISOString()]),
      ),
      readme: `# ${name}`,
    }
    return JSON.stringify(doc, null, options.indent)
  }

  const hits = (what: 'document' | 'tarball') => mode !== undefined && (on === 'all' || on === what)

  const server: Server = http.createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0]!)
    requests.push(path)
    authorizations.push(req.headers.authorization)
    const tarball = tarballs.get(path)
    const what = tarball || path.startsWith('/files/') ? 'tarball' : 'document'
    if (hits(what)) {
      if (mode === 'slow') return
      if (mode === 'error500') return res.writeHead(500).end('{"error":"internal"}')
      if (mode === 'unauthorized') return res.writeHead(401).end('{"error":"unauthorized"}')
      if (mode === 'redirectLoop') return res.writeHead(302, { location: req.url }).end()
      if (mode === 'notJson' && what === 'document')
        return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>')
      if (mode === 'reset' && tarball) {
        res.writeHead(200, { 'content-length': String(tarball.tarball.length) })
        res.write(tarball.tarball.subarray(0, tarball.tarball.length >> 1))
        return setImmediate(() => res.socket?.destroy())
      }
    }
    if (tarball) {
      res.writeHead(200, {
        'content-type': 'application/octet-stream',
        ...(options.unsized?.includes(tarball.file)
          ? {}
          : { 'content-length': String(tarball.tarball.length) }),
      })
      if (!held) return res.end(tarball.tarball)
      const half = tarball.tarball.length >> 1
      res.write(tarball.tarball.subarray(0, half))
      held.started()
      void held.gate.then(() => res.end(tarball.tarball.subarray(half)))
      return
    }
    if (path.startsWith('/files/')) {
      const size = files.get(path.slice('/files/'.length))
      if (size === undefined) return res.writeHead(404).end()
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(size) })
      const chunk = Buffer.alloc(64 * 1024, 7)
      let sent = 0
      const more = () => {
        while (sent < size) {
          const n = Math.min(chunk.length, size - sent)
          sent += n
          if (!res.write(n === chunk.length ? chunk : chunk.subarray(0, n)))
            return void res.once('drain', more)
        }
        res.end()
      }
      return more()
    }
    if (path === '/-/ping') return res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    const name = path.slice(1)
    if (!byName.has(name))
      return res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}')
    const body = documentOf(name)
    const etag = etagOf(body)
    if (req.headers['if-none-match'] === etag) return res.writeHead(304, { etag }).end()
    res.writeHead(200, { 'content-type': 'application/json', etag }).end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const own = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  base = options.publicUrl ?? own

  return {
    url: own,
    requests,
    authorizations,
    fault(m, where = 'all') {
      mode = m
      on = where
    },
    hold: () => holdGate((h) => (held = h)),
    addFile: (name, size) => void files.set(name, size),
    publish(v) {
      byName.set(v.name, [...(byName.get(v.name) ?? []), v])
      tarballs.set(`/${v.name}/-/${v.file}`, v)
    },
    async stop() {
      server.closeAllConnections()
      await new Promise((r) => server.close(r))
    },
  }
}

export interface PackedUpstream {
  /** A temporary folder the test may use too (npm caches, projects); removed by `stop`. */
  readonly work: string
  readonly upstream: UpstreamRegistry
  readonly packed: readonly PackedVersion[]
  /** Stops the upstream (again, if the test did) and removes the folder. */
  stop(): Promise<void>
}

/**
 * The usual start of a remote's test: a temporary folder, packages made there and packed with
 * `npm pack`, and an upstream serving them.
 */
export async function startPackedUpstream(
  prefix: string,
  packages: ReadonlyArray<{ readonly name: string; readonly version: string; readonly readme: string }>,
  /** Versions served as they are, beside the packed ones (a tarball npm could not have made). */
  unpacked: readonly PackedVersion[] = [],
  options: UpstreamOptions = {},
): Promise<PackedUpstream> {
  const work = mkdtempSync(join(tmpdir(), `${prefix}-`))
  try {
    const cli = npmCli(work)
    const packed: PackedVersion[] = []
    for (const p of packages) {
      const dir = cli.makePackage(p.name, p.version, p.readme)
      packed.push(await npmPack(dir, dir))
    }
    packed.push(...unpacked)
    const upstream = await startUpstreamRegistry(packed, options)
    return {
      work,
      upstream,
      packed,
      async stop() {
        // A test may have stopped the upstream already (to find the cache serving alone).
        await upstream.stop()
        rmSync(work, { recursive: true, force: true })
      },
    }
  } catch (error) {
    rmSync(work, { recursive: true, force: true })
    throw error
  }
}
