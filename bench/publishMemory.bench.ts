/**
 * Server memory during one large npm publish: a 60 MB package (random bytes, so the tarball
 * is as large) sent as npm sends it, one JSON document with the tarball in base64 (~80 MB),
 * read by the client from a file so only the server's memory grows. The server runs in its
 * own process (bench/support/childServer.ts); its peak RSS is read from /proc after the
 * kernel's high-water mark is reset just before the publish. `BENCH_SERVER_ROOT=/other/checkout`
 * measures another checkout's server the same way (before/after). Linux only; figures printed,
 * never asserted.
 */
import { spawn } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { createReadStream, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { npmTarball } from '../tests/support/npmTarball'
import type { Figure } from './types'

export const optional = true
export const title = 'npm publish of a 60 MB package: server peak memory'

const MB = 2 ** 20
const kb = (pid: number, field: string) =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024

/** The publish document written to `path` without holding its base64 in one string. */
function writeBody(path: string, name: string, tgz: Buffer) {
  const integrity = `sha512-${createHash('sha512').update(tgz).digest('base64')}`
  const head = JSON.stringify({
    _id: name,
    name,
    'dist-tags': { latest: '1.0.0' },
    versions: { '1.0.0': { name, version: '1.0.0', dist: { integrity } } },
  }).slice(0, -1)
  writeFileSync(path, `${head},"_attachments":{"${name}-1.0.0.tgz":{"length":${tgz.length},"data":"`)
  const step = 3 * MB
  for (let i = 0; i < tgz.length; i += step)
    writeFileSync(path, tgz.subarray(i, i + step).toString('base64'), { flag: 'a' })
  writeFileSync(path, '"}}}', { flag: 'a' })
}

export async function run(): Promise<Figure[]> {
  const work = mkdtempSync(join(tmpdir(), 'publish-memory-'))
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/support/childServer.ts'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  try {
    const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string]
    const { url, token, pid } = JSON.parse(line) as { url: string; token: string; pid: number }
    const name = `publish-memory-${Date.now().toString(36)}`
    const body = join(work, 'body.json')
    writeBody(body, name, npmTarball(name, '1.0.0', { 'blob.bin': randomBytes(60 * MB) }))
    const size = statSync(body).size
    // A warm-up publish of a small package, so start-up's allocations are not counted.
    const small = join(work, 'small.json')
    writeBody(small, `${name}-small`, npmTarball(`${name}-small`, '1.0.0'))
    const put = (file: string, pkg: string) =>
      new Promise<number>((done, fail) => {
        const req = request(`${url}/artifactory/api/npm/npm-local/${pkg}`, {
          method: 'PUT',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'content-length': statSync(file).size,
          },
        })
        req.on('response', (res) => {
          res.resume()
          res.on('end', () => done(res.statusCode ?? 0))
        })
        req.on('error', fail)
        createReadStream(file).pipe(req)
      })
    if ((await put(small, `${name}-small`)) !== 200) throw new Error('warm-up publish refused')
    const before = kb(pid, 'VmRSS')
    writeFileSync(`/proc/${pid}/clear_refs`, '5')
    const start = performance.now()
    const status = await put(body, name)
    const ms = performance.now() - start
    if (status !== 200) throw new Error(`publish answered ${status}`)
    const peak = kb(pid, 'VmHWM')
    return [
      { name: 'publish body (JSON with base64 tarball)', value: size / MB, unit: 'MB' },
      { name: 'server RSS before the publish', value: before / MB, unit: 'MB' },
      { name: 'server peak RSS during the publish', value: peak / MB, unit: 'MB' },
      { name: 'server peak RSS rise', value: (peak - before) / MB, unit: 'MB' },
      { name: 'publish time', value: ms, unit: 'ms' },
    ]
  } finally {
    child.stdin!.end()
    await once(child, 'exit')
    rmSync(work, { recursive: true, force: true })
  }
}
