import { appendFileSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call } from '../support/apiCalls'
import { startTestServer, type TestServer } from '../support/server'
import { corpusLines } from '../support/corpora'
import { poll } from '../support/wait'
import { createRoles, type TestSession } from './helpers/sessions'

let server: TestServer
let admin: TestSession
let user: TestSession
const get = (path: string, session?: TestSession) =>
  call<unknown>(server, 'GET', path, session ? { cookie: session.cookie } : {})

interface LogData {
  logContent: string
  fileSize: number
  lastUpdateLabel: string
}

const readData = async (query: string, prefix = '', service = 'jfrt'): Promise<LogData> => {
  const res = await get(`${prefix}/system/logs/data/${service}?${query}`, admin)
  expect(res.status).toBe(200)
  return res.body as LogData
}

/** Log lines are written through a stream: wait until the file holds what a test expects. */
const until = <T>(probe: () => Promise<T>, ok: (value: T) => boolean): Promise<T> =>
  poll(probe, ok, { what: 'the log files', timeoutMs: 5_000 })

beforeAll(async () => {
  server = await startTestServer({ flavour: 'platform', nodeId: 'node-3' })
  ;({ admin, user } = await createRoles(server.ctx.sql))
})
afterAll(async () => server.stop())

describe('live logs', () => {
  it("lists the node's log files per service", async () => {
    await get('/system/ping')
    const config = await until(
      async () => (await get('/system/logs/config/jfrt?nodeId=node-3', admin)).body as { logs: string[] },
      (c) => c.logs.length === 2,
    )
    expect(config).toEqual({
      logs: ['artifactory-request.log', 'artifactory-service.log'],
      refreshRateSecs: 10,
    })
    const own = (await get('/system/logs/config/artifactory', admin)).body as { logs: string[] }
    expect(own.logs).toEqual(config.logs)
    const xray = (await get('/system/logs/config/jfxr', admin)).body as { logs: string[] }
    expect(xray.logs).toContain('xray-service.log')
  })

  it('writes request lines with method, path, status and duration, but no query string or cookie', async () => {
    await get('/system/ping?token=secret-in-query', admin)
    const file = join(server.config.dataDir, 'logs', 'node-3', 'artifactory-request.log')
    const text = await until(
      async () => readFileSync(file, 'utf8'),
      (t) => t.includes('|GET|/ui/api/v1/system/ping|200|'),
    )
    expect(text).toMatch(/^\S+Z\|node-3\|GET\|\/ui\/api\/v1\/system\/ping\|200\|\d+\.\dms$/m)
    expect(text).not.toContain('secret-in-query')
    expect(text).not.toContain(admin.cookie.split('=')[1])
  })

  it('returns only the bytes written after file_size', async () => {
    const first = await readData('nodeId=node-3&id=artifactory-request.log&file_size=0')
    expect(first.fileSize).toBe(Buffer.byteLength(first.logContent))
    expect(Date.parse(first.lastUpdateLabel)).not.toBeNaN()

    // A request other than the log reads themselves, to find in the new bytes.
    await get('/system/ping?marker=1')
    const next = await until(
      () => readData(`nodeId=node-3&id=artifactory-request.log&file_size=${first.fileSize}`),
      (d) => d.logContent.includes('/system/ping|'),
    )
    const file = readFileSync(join(server.config.dataDir, 'logs', 'node-3', 'artifactory-request.log'))
    expect(next.logContent).toBe(file.subarray(first.fileSize, next.fileSize).toString('utf8'))
    expect(first.logContent + next.logContent).toBe(file.subarray(0, next.fileSize).toString('utf8'))
    // The earlier content is not sent again.
    expect(next.logContent.length).toBeLessThan(first.logContent.length + next.logContent.length)
    expect(next.logContent.startsWith(first.logContent)).toBe(false)
    // A read from the very end returns nothing new but the same offset.
    const end = await readData(`nodeId=node-3&id=artifactory-request.log&file_size=${file.length}`)
    const grown = readFileSync(join(server.config.dataDir, 'logs', 'node-3', 'artifactory-request.log'))
    expect(end.fileSize).toBeGreaterThanOrEqual(file.length)
    expect(end.logContent).toBe(grown.subarray(file.length, end.fileSize).toString('utf8'))
  })

  it('returns at most 256 KB of whole lines per call, and the rest on the next', async () => {
    const path = join(server.config.dataDir, 'logs', 'node-3', 'artifactory-service.log')
    // The start-up lines first, so the appended block is not interleaved with them.
    const start = await until(
      async () => readFileSync(path).length,
      (n) => n > 0,
    )
    const line = `${'x'.repeat(99)}\n`
    appendFileSync(path, line.repeat(3000)) // 300,000 bytes
    const one = await readData(`id=artifactory-service.log&file_size=${start}`)
    expect(Buffer.byteLength(one.logContent)).toBeLessThanOrEqual(256 * 1024)
    expect(Buffer.byteLength(one.logContent)).toBeGreaterThan(250 * 1024)
    expect(one.logContent.endsWith('\n')).toBe(true)
    const two = await readData(`id=artifactory-service.log&file_size=${one.fileSize}`)
    expect(two.fileSize - start).toBeGreaterThanOrEqual(300_000)
    expect((one.logContent + two.logContent).slice(0, 300_000)).toBe(line.repeat(3000))
  })

  it('routes service-prefixed requests to that service log and serves it under its own prefix', async () => {
    await get('/mc/api/v4/system/ping')
    const data = await until(
      () => readData('id=mission-control-request.log&file_size=0', '/mc/api/ui/v1', 'jfmc'),
      (d) => d.logContent.includes('|/ui/api/v1/mc/api/v4/system/ping|200|'),
    )
    expect(data.logContent).not.toContain('/system/status')
    const service = await readData('id=xray-service.log&file_size=0', '', 'jfxr')
    expect(service.logContent).toMatch(/\[node-3\] \[INFO\] Service xray \(jfxr\) started on node-3/)
    // A prefix serves its own service only.
    expect((await get('/mc/api/ui/v1/system/logs/config/jfrt', admin)).status).toBe(400)
    expect((await get('/insight/api/v2/system/logs/config/jfisv', admin)).status).toBe(200)
    expect((await get('/distribution/api/ui/system/logs/config/jfds', admin)).status).toBe(200)
  })

  it('refuses path traversal and unknown files, nodes and services', async () => {
    for (const id of [
      '../../platform.db',
      '..%2F..%2Fplatform.db',
      '/etc/passwd',
      'artifactory-request.log/..',
      'x.log',
    ])
      expect((await get(`/system/logs/data/jfrt?id=${id}&file_size=0`, admin)).status).toBe(404)
    for (const nodeId of ['..', '..%2Fnode-3', 'node-3%2F..', 'a b'])
      expect(
        (await get(`/system/logs/data/jfrt?nodeId=${nodeId}&id=artifactory-request.log`, admin)).status,
      ).toBe(400)
    expect((await get('/system/logs/config/jfrt?nodeId=node-42', admin)).status).toBe(404)
    expect((await get('/system/logs/config/jftrk', admin)).status).toBe(404) // tracker writes no logs
    expect((await get('/system/logs/config/nosuch', admin)).status).toBe(404)
  })

  it('answers 400 or 404 to every hostile string of the XSS corpus as a file id or node id', async () => {
    for (const line of corpusLines('xss')) {
      const id = await get(`/system/logs/data/jfrt?id=${encodeURIComponent(line)}&file_size=0`, admin)
      expect([400, 404], line).toContain(id.status)
      const node = await get(`/system/logs/config/jfrt?nodeId=${encodeURIComponent(line)}`, admin)
      expect([400, 404], line).toContain(node.status)
    }
  })

  it('starts again from 0 when file_size is past the end (the file was rotated)', async () => {
    const path = join(server.config.dataDir, 'logs', 'node-3', 'xray-service.log')
    const size = readFileSync(path).length
    const data = await readData(`id=xray-service.log&file_size=${size + 1_000_000}`, '', 'jfxr')
    expect(data.logContent).toBe(readFileSync(path).subarray(0, data.fileSize).toString('utf8'))
    expect(data.fileSize).toBeGreaterThanOrEqual(size)
  })

  it('opens a large file at its tail: a first read gives its last 256 KB, from a whole line', async () => {
    const path = join(server.config.dataDir, 'logs', 'node-3', 'xray-service.log')
    // 4,000 numbered lines of 100 bytes: 400,000 bytes, more than one slice.
    const lines = Array.from(
      { length: 4000 },
      (_, i) => `line ${String(i).padStart(5, '0')} ${'y'.repeat(88)}\n`,
    )
    appendFileSync(path, lines.join(''))
    const data = await readData('id=xray-service.log&file_size=0', '', 'jfxr')
    const bytes = Buffer.byteLength(data.logContent)
    expect(bytes).toBeLessThanOrEqual(256 * 1024)
    expect(bytes).toBeGreaterThan(255 * 1024)
    const file = readFileSync(path)
    expect(data.fileSize).toBeGreaterThan(400_000)
    expect(data.logContent).toBe(file.subarray(data.fileSize - bytes, data.fileSize).toString('utf8'))
    expect(data.logContent.endsWith(lines[3999] ?? '')).toBe(true)
    // It starts at a whole line, and the file's beginning is not sent.
    expect(data.logContent).toMatch(/^line \d{5} y{88}\n/)
    expect(data.logContent).not.toContain('line 00000 ')
    // Reading on from there gives only what comes next.
    const next = await readData(`id=xray-service.log&file_size=${data.fileSize}`, '', 'jfxr')
    expect(next.logContent.startsWith(file.subarray(data.fileSize).toString('utf8'))).toBe(true)
  })

  it('validates file_size and requires id', async () => {
    const negative = await get('/system/logs/data/jfrt?id=artifactory-request.log&file_size=-1', admin)
    expect(negative.status).toBe(400)
    expect((negative.body as { message: string }).message).toMatch(/file_size/)
    expect((await get('/system/logs/data/jfrt?id=artifactory-request.log&file_size=abc', admin)).status).toBe(
      400,
    )
    const missing = await get('/system/logs/data/jfrt?file_size=0', admin)
    expect(missing.status).toBe(400)
    expect((missing.body as { message: string }).message).toMatch(/id/)
  })

  it('is for admins only', async () => {
    for (const path of ['/system/logs/config/jfrt', '/system/logs/data/jfrt?id=artifactory-request.log']) {
      expect((await get(path)).status).toBe(401)
      expect((await get(path, user)).status).toBe(403)
    }
  })
})
