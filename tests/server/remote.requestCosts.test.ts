/**
 * What one npm request through a remote costs the platform, counted, never timed: the statements
 * it sends, the upstream requests it makes, and whether a fetched document is written out again.
 * A cold tarball (what `npm ci` of a lockfile asks: the remote fetches the document, then the
 * tarball) and the same tarball warm, straight and through the `npm` virtual repository. The
 * counts before and after these cuts are in docs/remotes.md ("Where an install's time goes").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { remoteStore } from '../../server/remote/store'
import { npmTarball } from '../support/npmTarball'
import { startTestServer, type TestServer } from '../support/server'
import { statementsDuring, type SentStatement } from '../support/statements'
import { startUpstreamRegistry, type PackedVersion, type UpstreamRegistry } from '../support/upstreamRegistry'

let upstream: UpstreamRegistry
let server: TestServer
let token: string

const packed = (name: string): PackedVersion => {
  const manifest = { name, version: '1.0.0', license: 'MIT' }
  return {
    name,
    version: '1.0.0',
    manifest,
    file: `${name}-1.0.0.tgz`,
    tarball: npmTarball(name, '1.0.0', { 'README.md': `# ${name}\n` }, { license: 'MIT' }),
  }
}
const COLD = packed('costs-cold')
const PRETTY = packed('costs-pretty')

beforeAll(async () => {
  // Documents pretty-printed: what is stored can be told from what a re-serialisation writes.
  upstream = await startUpstreamRegistry([COLD, PRETTY], { indent: 2 })
  server = await startTestServer({}, { NPM_REMOTE_URL: upstream.url })
  const login = await fetch(`${server.url}/artifactory/api/npm/npm-remote/-/user/org.couchdb.user:admin`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'admin', password: 'password' }),
  })
  token = ((await login.json()) as { token: string }).token
  // Bound for a stuck start under load, not a timing.
}, 120_000)

afterAll(async () => {
  await server?.stop()
  await upstream?.stop()
})

/** The tarball through `repo`, read to its end: the statements sent meanwhile. */
const tarballCost = async (repo: string, p: PackedVersion) =>
  statementsDuring(server.ctx.sql, async () => {
    const res = await fetch(`${server.url}/artifactory/api/npm/${repo}/${p.name}/-/${p.file}`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(res.status).toBe(200)
    expect(Buffer.from(await res.arrayBuffer()).equals(p.tarball)).toBe(true)
  })

const times = (sent: readonly SentStatement[], pattern: RegExp) =>
  sent.filter((s) => pattern.test(s.text)).length
const REPOSITORY = /^SELECT \* FROM repositories WHERE key = \?/
const MEMBERS = /FROM repository_members WHERE virtual_key = \?/
const SETTINGS = /^SELECT offline, metadata_ttl_seconds/
const DOCUMENT = /FROM remote_documents/
const BLOB = /FROM blobs WHERE sha256/
/** Whether a watch's policy blocks the version: asked on every path, once. */
const BLOCKED = /x\.version_id = \? AND x\.block_download = 1/

describe('an npm tarball through the remote, counted', () => {
  it('cold: the repository, the remote’s settings and the blocking check once; the upstream twice', async () => {
    const asked = upstream.requests.length
    const sent = await tarballCost('npm-remote', COLD)
    expect(upstream.requests.slice(asked)).toEqual([`/${COLD.name}`, `/${COLD.name}/-/${COLD.file}`])
    expect(times(sent, REPOSITORY)).toBe(1)
    expect(times(sent, MEMBERS)).toBe(1)
    expect(times(sent, SETTINGS)).toBe(1)
    expect(times(sent, BLOCKED)).toBe(1)
  })

  it('warm: the repository read once, no document, settings nor blob row, the upstream not asked', async () => {
    const asked = upstream.requests.length
    for (const repo of ['npm-remote', 'npm']) {
      const sent = await tarballCost(repo, COLD)
      expect(times(sent, REPOSITORY), repo).toBe(1)
      expect(times(sent, SETTINGS), repo).toBe(0)
      expect(times(sent, DOCUMENT), repo).toBe(0)
      // The cached file's row has its digest and size.
      expect(times(sent, BLOB), repo).toBe(0)
      expect(times(sent, BLOCKED), repo).toBe(1)
    }
    expect(upstream.requests.length).toBe(asked)
  })
})

describe('a fetched package document', () => {
  it('is kept as the upstream sent it, not written out again', async () => {
    const res = await fetch(`${server.url}/artifactory/api/npm/npm-remote/${PRETTY.name}`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(res.status).toBe(200)
    const sentByUpstream = await (await fetch(`${upstream.url}/${PRETTY.name}`)).text()
    expect(sentByUpstream).toContain('\n  ')
    const kept = await remoteStore(server.ctx.sql).document('npm-remote', PRETTY.name)
    expect(kept?.document).toBe(sentByUpstream)
  })
})
