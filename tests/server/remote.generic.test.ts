/**
 * The generic remote repository against a real HTTP file server on 127.0.0.1
 * (tests/support/fileServer.ts): a file fetched once, stored in the blob store and listed in
 * the repository's tree like a deployed file; served from the cache within the retrieval
 * period, then revalidated (304 keeps it, a changed file replaces it); checked against the
 * checksum the upstream declares (a mismatch is refused and nothing kept); served from the
 * cache when the upstream is slow, failing or gone, or the remote offline; concurrent requests
 * for an uncached file make one upstream request; a reader who may not fill the cache is
 * served what is cached only. Every whole download counts, fetched or cached; a HEAD does not.
 */
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { manualClock, type ManualClock } from '../../server/clock'
import { remoteStore, type RemoteSettings } from '../../server/remote/store'
import { flushingLook } from '../support/downloadsWritten'
import { startFileServer, type FileServer } from '../support/fileServer'
import { browserHeaders, startTestServer, type TestServer } from '../support/server'
import { signInDirectly, signInDirectlyAs } from './helpers/catalogSession'
import { grant } from './helpers/permissions'

let upstream: FileServer
let server: TestServer
let clock: ManualClock

const fileUrl = (path: string) => `${server.url}/artifactory/generic-remote/${path}`
const get = (path: string, headers: Record<string, string> = {}) => fetch(fileUrl(path), { headers })
const body = async (res: Response) => Buffer.from(await res.arrayBuffer())
const store = () => remoteStore(server.ctx.sql)
const setRemote = async (over: Partial<RemoteSettings>) =>
  store().writeSettings('generic-remote', { ...(await store().settings('generic-remote')), ...over })
const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex')
const ui = (path: string) =>
  fetch(`${server.url}/ui/api/v1${path}`, { headers: { cookie: signInDirectly(server, { admin: true }) } })
const expectProblem = async (res: Response, status: number, code: string, words: RegExp) => {
  expect(res.status).toBe(status)
  const answer = (await res.json()) as { message: string; code: string }
  expect(answer.code).toBe(code)
  expect(answer.message).toMatch(/generic-remote/)
  expect(answer.message).toMatch(words)
}

beforeAll(async () => {
  upstream = await startFileServer()
  clock = manualClock(Date.parse('2026-06-01T10:00:00Z'))
  server = await startTestServer({ anonymousAccess: true }, { GENERIC_REMOTE_URL: upstream.url }, { clock })
}, 60_000)

afterAll(async () => {
  await server?.stop()
  await upstream?.stop()
})

describe('a generic remote fetches and caches files', () => {
  it('fetches a file once, lists it in the tree with its checksums, and serves the cache within the period', async () => {
    upstream.put('/tools/linux/cli v1.bin', 'the tool, version 1\n'.repeat(100))
    const first = await get('tools/linux/cli%20v1.bin')
    expect(first.status).toBe(200)
    expect((await body(first)).toString()).toBe('the tool, version 1\n'.repeat(100))
    const again = await get('tools/linux/cli%20v1.bin')
    expect(again.status).toBe(200)
    expect(again.headers.get('x-checksum-sha256')).toBe(sha256('the tool, version 1\n'.repeat(100)))
    await body(again)
    expect(upstream.asked('/tools/linux/cli v1.bin')).toBe(1)

    const tree = (await (await ui('/ui/treebrowser?repoKey=generic-remote&path=tools/linux')).json()) as {
      children: Array<{ name: string; folder: boolean; size: number }>
    }
    expect(tree.children).toEqual([
      expect.objectContaining({ name: 'cli v1.bin', folder: false, size: 2000 }),
    ])
    const info = (await (
      await ui(
        `/ui/artifact/info?repoKey=generic-remote&path=${encodeURIComponent('tools/linux/cli v1.bin')}`,
      )
    ).json()) as { size: number; checksums?: unknown; sha256?: string }
    expect(JSON.stringify(info)).toContain(sha256('the tool, version 1\n'.repeat(100)))
  })

  it('answers 404 for a file the upstream does not have, and caches nothing', async () => {
    const res = await get('nowhere/missing.txt')
    expect(res.status).toBe(404)
    await res.text()
    expect(await store().file('generic-remote', 'nowhere/missing.txt')).toBeUndefined()
  })

  it('revalidates after the retrieval period: 304 keeps the copy, a changed file replaces it', async () => {
    await setRemote({ metadataTtlSeconds: 60 })
    upstream.put('/data/report.csv', 'a,b\n1,2\n')
    expect((await body(await get('data/report.csv'))).toString()).toBe('a,b\n1,2\n')
    clock.advance(61_000)
    expect((await body(await get('data/report.csv'))).toString()).toBe('a,b\n1,2\n')
    expect(upstream.asked('/data/report.csv')).toBe(2)
    const asked = upstream.requests.filter((r) => r.path === '/data/report.csv')
    expect(asked[1]!.headers['if-none-match']).toBe(
      `"${createHash('sha1').update('a,b\n1,2\n').digest('hex')}"`,
    )
    // Within the new period: no request.
    expect((await body(await get('data/report.csv'))).toString()).toBe('a,b\n1,2\n')
    expect(upstream.asked('/data/report.csv')).toBe(2)

    upstream.put('/data/report.csv', 'a,b\n3,4\n')
    clock.advance(61_000)
    const changed = await get('data/report.csv')
    expect((await body(changed)).toString()).toBe('a,b\n3,4\n')
    expect((await store().file('generic-remote', 'data/report.csv'))?.sha256).toBe(sha256('a,b\n3,4\n'))
    // The replaced bytes are no longer kept.
    expect(
      await server.ctx.sql.one('SELECT 1 AS kept FROM blobs WHERE sha256 = ?', [sha256('a,b\n1,2\n')]),
    ).toBeUndefined()
  })

  it('refuses a file that does not match the checksum the upstream declares, keeping nothing', async () => {
    upstream.put('/checked/good.bin', 'checked bytes')
    upstream.checksums('wrong')
    try {
      await expectProblem(await get('checked/good.bin'), 502, 'EINTEGRITY', /does not match/)
      expect(await store().file('generic-remote', 'checked/good.bin')).toBeUndefined()
      upstream.checksums('true')
      const good = await get('checked/good.bin')
      expect(good.status).toBe(200)
      expect((await body(good)).toString()).toBe('checked bytes')
      expect((await store().file('generic-remote', 'checked/good.bin'))?.sha256).toBe(sha256('checked bytes'))
    } finally {
      upstream.checksums('none')
    }
  })

  it('makes one upstream request for concurrent requests of an uncached file', async () => {
    const bytes = Buffer.alloc(256 * 1024, 3)
    upstream.put('/big/blob.bin', bytes)
    const hold = upstream.hold()
    const answers = Array.from({ length: 5 }, () => get('big/blob.bin'))
    await hold.started
    await expect
      .poll(() => new Promise((r) => server.app.server.getConnections((_e, n) => r(n))))
      .toBeGreaterThanOrEqual(5)
    hold.release()
    for (const answer of await Promise.all(answers)) expect((await body(answer)).equals(bytes)).toBe(true)
    expect(upstream.asked('/big/blob.bin')).toBe(1)
  })

  it('streams a file being fetched to a request that joins the fetch, before the upstream finishes', async () => {
    const bytes = Buffer.from(Array.from({ length: 4 * 1024 * 1024 }, (_, i) => (i * 7) % 251))
    upstream.put('/big/joined.bin', bytes)
    const hold = upstream.hold()
    const first = body(await get('big/joined.bin'))
    await hold.started
    // The upstream has sent half and waits: the second request gets bytes all the same.
    const second = await get('big/joined.bin')
    expect(second.status).toBe(200)
    expect(second.headers.get('content-length')).toBe(String(bytes.length))
    const reader = second.body!.getReader()
    const early = await reader.read()
    expect(early.value!.length).toBeGreaterThan(0)
    hold.release()
    const chunks = [Buffer.from(early.value!)]
    for (let next = await reader.read(); !next.done; next = await reader.read())
      chunks.push(Buffer.from(next.value))
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true)
    expect((await first).equals(bytes)).toBe(true)
    expect(upstream.asked('/big/joined.bin')).toBe(1)
  })

  it('counts each whole download of a file, fetched or from the cache, and no HEAD', async () => {
    upstream.put('/counted/tool.bin', Buffer.alloc(64 * 1024, 9))
    const counted = () =>
      server.ctx.sql.all('SELECT day, count FROM download_days WHERE subject = ?', [
        'file://generic-remote/counted/tool.bin',
      ])
    const look = flushingLook(server, clock)
    expect((await body(await get('counted/tool.bin'))).length).toBe(64 * 1024)
    await expect.poll(() => look(counted)).toEqual([{ day: '2026-06-01', count: 1 }])
    await fetch(fileUrl('counted/tool.bin'), { method: 'HEAD' })
    expect((await body(await get('counted/tool.bin'))).length).toBe(64 * 1024)
    await expect.poll(() => look(counted)).toEqual([{ day: '2026-06-01', count: 2 }])
    const overview = (await (await ui('/ui/home/overview')).json()) as {
      downloadsPerDay?: Array<{ day: string; count: number }>
    }
    expect(overview.downloadsPerDay?.find((d) => d.day === '2026-06-01')?.count).toBeGreaterThanOrEqual(2)
  })

  it('lets an admin delete cached files and folders, fetched again on the next request', async () => {
    upstream.put('/gone/one.txt', 'one')
    upstream.put('/gone/deep/two.txt', 'two')
    for (const p of ['gone/one.txt', 'gone/deep/two.txt']) await body(await get(p))
    const remove = (path: string, cookie: string) =>
      fetch(fileUrl(path), { method: 'DELETE', headers: browserHeaders(server.url, cookie) })
    // Delete permission on the remote is not enough: the cache is the installation's.
    const deleter = signInDirectlyAs(server)
    await grant(server, { repositories: ['generic-remote'], users: { [deleter.name]: ['read', 'delete'] } })
    expect((await remove('gone/one.txt', deleter.cookie)).status).toBe(403)
    const admin = signInDirectly(server, { admin: true })
    expect((await remove('gone/one.txt', admin)).status).toBe(204)
    expect((await remove('gone', admin)).status).toBe(204)
    expect(await store().file('generic-remote', 'gone/one.txt')).toBeUndefined()
    expect(await store().file('generic-remote', 'gone/deep/two.txt')).toBeUndefined()
    const tree = await ui('/ui/treebrowser?repoKey=generic-remote&path=gone')
    expect(((await tree.json()) as { children?: unknown[] }).children ?? []).toEqual([])
    expect((await body(await get('gone/deep/two.txt'))).toString()).toBe('two')
    expect(upstream.asked('/gone/deep/two.txt')).toBe(2)
  })

  it('answers HEAD of an uncached file once it is stored, with its length and checksum', async () => {
    const bytes = Buffer.alloc(512 * 1024, 5)
    upstream.put('/big/head.bin', bytes)
    const head = await fetch(fileUrl('big/head.bin'), { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-length')).toBe(String(bytes.length))
    expect(head.headers.get('x-checksum-sha256')).toBe(sha256(bytes))
    expect((await store().file('generic-remote', 'big/head.bin'))?.size).toBe(bytes.length)
  })
})

describe('the cache when the upstream cannot answer', () => {
  it('serves the cached copy past its period when the upstream is slow, failing or gone', async () => {
    await setRemote({ metadataTtlSeconds: 60, readTimeoutMs: 300 })
    upstream.put('/kept/file.txt', 'kept')
    expect((await body(await get('kept/file.txt'))).toString()).toBe('kept')
    clock.advance(61_000)
    upstream.fault('slow')
    expect((await body(await get('kept/file.txt'))).toString()).toBe('kept')
    await expectProblem(await get('kept/uncached.txt'), 504, 'UPSTREAM_TIMEOUT', /timed out/)
    upstream.fault('error500')
    expect((await body(await get('kept/file.txt'))).toString()).toBe('kept')
    await expectProblem(await get('kept/uncached.txt'), 502, 'UPSTREAM_ERROR', /answered 500/)
    upstream.fault(undefined)
    upstream.remove('/kept/file.txt')
    expect((await body(await get('kept/file.txt'))).toString()).toBe('kept')
  })

  it('offline serves the cache only and says what is not cached', async () => {
    upstream.put('/offline/there.txt', 'there')
    expect((await body(await get('offline/there.txt'))).toString()).toBe('there')
    await setRemote({ offline: true })
    try {
      const before = upstream.requests.length
      expect((await body(await get('offline/there.txt'))).toString()).toBe('there')
      upstream.put('/offline/later.txt', 'later')
      await expectProblem(await get('offline/later.txt'), 404, 'NOT_CACHED_OFFLINE', /not cached/)
      expect(upstream.requests.length).toBe(before)
    } finally {
      await setRemote({ offline: false })
    }
  })

  it('serves a reader who may not fill the cache what is cached, and says what is not', async () => {
    upstream.put('/shared/cached.txt', 'cached')
    upstream.put('/shared/other.txt', 'other')
    expect((await body(await get('shared/cached.txt'))).toString()).toBe('cached')
    const reader = signInDirectlyAs(server, { outsider: true })
    await grant(server, { repositories: ['generic-remote'], users: { [reader.name]: ['read'] } })
    const asReader = (path: string) => get(path, { cookie: reader.cookie })
    expect((await body(await asReader('shared/cached.txt'))).toString()).toBe('cached')
    await expectProblem(await asReader('shared/other.txt'), 403, 'NOT_CACHED_FORBIDDEN', /may not cache/)
    expect(upstream.asked('/shared/other.txt')).toBe(0)
  })
})
