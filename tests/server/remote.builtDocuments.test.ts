/**
 * The package document through the `npm` virtual (npm-local and npm-remote, against a real
 * upstream on 127.0.0.1) is built once and kept while what it is built from stands: asked again,
 * no version document is read and the same bytes come with the same ETag (304 to If-None-Match);
 * a publish, a deprecation or a refreshed upstream document is seen at the next ask.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { manualClock, type ManualClock } from '../../server/clock'
import { publishBody } from '../support/npmPublish'
import { npmTarball } from '../support/npmTarball'
import { startTestServer, type TestServer } from '../support/server'
import { statementsDuring } from '../support/statements'
import { startUpstreamRegistry, type PackedVersion, type UpstreamRegistry } from '../support/upstreamRegistry'

const NAME = 'built-once'
let upstream: UpstreamRegistry
let server: TestServer
let clock: ManualClock
let auth: string

const upstreamVersion = (version: string): PackedVersion => ({
  name: NAME,
  version,
  manifest: { name: NAME, version, license: 'MIT' },
  file: `${NAME}-${version}.tgz`,
  tarball: npmTarball(NAME, version, { 'README.md': `# ${NAME} ${version}\n` }, { license: 'MIT' }),
})

const INSTALL = 'application/vnd.npm.install-v1+json'
const url = `/artifactory/api/npm/npm/${NAME}`
const ask = (headers: Record<string, string> = {}) =>
  fetch(`${server.url}${url}`, { headers: { accept: INSTALL, ...headers } })

interface Doc {
  'dist-tags': Record<string, string>
  versions: Record<string, { deprecated?: string; dist: { tarball: string } }>
}
const documentNow = async (): Promise<Doc> => {
  const res = await ask()
  expect(res.status).toBe(200)
  return (await res.json()) as Doc
}

const put = (body: Record<string, unknown>) =>
  fetch(`${server.url}${url}`, {
    method: 'PUT',
    headers: { authorization: `Basic ${auth}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

beforeAll(async () => {
  upstream = await startUpstreamRegistry([upstreamVersion('1.0.0')])
  clock = manualClock(Date.parse('2026-06-01T10:00:00Z'))
  server = await startTestServer({ anonymousAccess: true }, { NPM_REMOTE_URL: upstream.url }, { clock })
  auth = Buffer.from(`admin:${server.config.adminPassword}`).toString('base64')
  // A bound for a stuck start under load, not a timing.
}, 120_000)

afterAll(async () => {
  await server?.stop()
  await upstream?.stop()
})

describe('the package document through the npm virtual', () => {
  it('is built once: asked again, no version document is read, and the same ETag comes', async () => {
    const published = await put(publishBody(NAME, '0.9.0').body)
    expect(published.status).toBeLessThan(300)
    const first = await ask()
    expect(first.status).toBe(200)
    expect(first.headers.get('content-type')).toMatch(/^application\/vnd\.npm\.install-v1\+json\b/)
    const etag = first.headers.get('etag')
    expect(etag).toMatch(/^"[\w-]+"$/)
    const text = await first.text()
    expect(Object.keys((JSON.parse(text) as Doc).versions).sort()).toEqual(['0.9.0', '1.0.0'])
    let again: Response | undefined
    const sent = await statementsDuring(server.ctx.sql, async () => {
      again = await ask()
      expect(await again.text()).toBe(text)
    })
    expect(again!.headers.get('etag')).toBe(etag)
    // The local member's version documents (read to build it) are not read again.
    expect(sent.filter((s) => /, d\.document,/.test(s.text))).toEqual([])
  })

  it('answers 304 to the ETag it gave, with nothing in the body, and the document to another', async () => {
    const etag = (await ask()).headers.get('etag')!
    const same = await ask({ 'if-none-match': etag })
    expect(same.status).toBe(304)
    expect(await same.text()).toBe('')
    expect((await ask({ 'if-none-match': '"another"' })).status).toBe(200)
    // The full form is another document, with another ETag.
    const full = await fetch(`${server.url}${url}`, { headers: { 'if-none-match': etag } })
    expect(full.status).toBe(200)
    expect(full.headers.get('etag')).not.toBe(etag)
    expect(((await full.json()) as { readme?: string }).readme).toBe('')
  })

  it('shows a publish at once', async () => {
    const before = (await ask()).headers.get('etag')
    expect((await put(publishBody(NAME, '0.9.1').body)).status).toBeLessThan(300)
    const res = await ask({ 'if-none-match': before! })
    expect(res.status).toBe(200)
    expect(Object.keys(((await res.json()) as Doc).versions).sort()).toEqual(['0.9.0', '0.9.1', '1.0.0'])
  })

  it('shows a deprecation at once, and its removal', async () => {
    await documentNow()
    const deprecate = (message: string) =>
      put({ name: NAME, versions: { '0.9.1': { name: NAME, version: '0.9.1', deprecated: message } } })
    expect((await deprecate('use 1.0.0')).status).toBeLessThan(300)
    expect((await documentNow()).versions['0.9.1']?.deprecated).toBe('use 1.0.0')
    // As long as the last one, at the same instant: only what the message says has changed.
    expect((await deprecate('use 2.0.0')).status).toBeLessThan(300)
    expect((await documentNow()).versions['0.9.1']?.deprecated).toBe('use 2.0.0')
    expect((await deprecate('')).status).toBeLessThan(300)
    expect((await documentNow()).versions['0.9.1']?.deprecated).toBeUndefined()
  })

  it('shows the upstream’s refreshed document once the period is over', async () => {
    upstream.publish(upstreamVersion('1.1.0'))
    // Within the period: the cached document, as before.
    expect(Object.keys((await documentNow()).versions)).not.toContain('1.1.0')
    clock.advance(11 * 60 * 1000)
    const doc = await documentNow()
    expect(Object.keys(doc.versions)).toContain('1.1.0')
    expect(doc.versions['1.1.0']?.dist.tarball).toBe(
      `${server.url}/artifactory/api/npm/npm/${NAME}/-/${NAME}-1.1.0.tgz`,
    )
  })
})
