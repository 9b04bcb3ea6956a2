/**
 * The npm remote repository against a real upstream on 127.0.0.1 (tests/support's small
 * registry, serving tarballs made with `npm pack`): documents fetched once and cached for the
 * metadata retrieval period, then revalidated with If-None-Match; full and abbreviated forms;
 * scoped names; tarball addresses rewritten; tarballs fetched once, checked and cached, also
 * under concurrent requests; each upstream fault an npm-shaped error naming the repository,
 * never a 500 and never cached; the stale document served when the upstream fails; offline.
 */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isoNow, manualClock, type ManualClock } from '../../server/clock'
import { flushingLook } from '../support/downloadsWritten'
import type { Sql, SqlParams } from '../../server/db/sql'
import { OUTAGE_AFTER_MS } from '../../server/remote/rules'
import { remoteStore, type RemoteSettings } from '../../server/remote/store'
import { npmTarball } from '../support/npmTarball'
import { browserHeaders, startTestServer, type TestServer } from '../support/server'
import {
  startPackedUpstream,
  type PackedUpstream,
  type PackedVersion,
  type UpstreamRegistry,
} from '../support/upstreamRegistry'
import { signInDirectly } from './helpers/catalogSession'
import { gql } from './helpers/graphql'

let fixture: PackedUpstream
let upstream: UpstreamRegistry
let server: TestServer
let clock: ManualClock
let packed: readonly PackedVersion[]

const NAME = 'upstream-hello'
const SCOPED = '@up/scoped'
const FAULTY = 'faulty-pkg'
/** Its tarball is no gzip: its integrity matches, so it is cached and served, but never listed. */
const UNREADABLE = 'unreadable-pkg'

const npmUrl = (repo: string, path: string) => `${server.url}/artifactory/api/npm/${repo}/${path}`
const get = (repo: string, path: string, headers: Record<string, string> = {}) =>
  fetch(npmUrl(repo, path), { headers })
const upstreamAsked = (path: string) => upstream.requests.filter((p) => p === path).length
const store = () => remoteStore(server.ctx.sql)
const setRemote = async (over: Partial<RemoteSettings>) =>
  store().writeSettings('npm-remote', { ...(await store().settings('npm-remote')), ...over })

// A bound for a stuck start, not a timing: four `npm pack` runs and a platform's start took past
// 60 s at load 49.
beforeAll(async () => {
  fixture = await startPackedUpstream(
    'remote-npm',
    [
      { name: NAME, version: '1.0.0', readme: '# Hello upstream\n\nFrom the test upstream.\n' },
      { name: NAME, version: '1.1.0', readme: '# Hello upstream\n\nThe newer one.\n' },
      { name: SCOPED, version: '2.0.0', readme: '# Scoped\n' },
      { name: FAULTY, version: '0.1.0', readme: '# Faulty\n' },
    ],
    [
      {
        name: UNREADABLE,
        version: '1.0.0',
        manifest: { name: UNREADABLE, version: '1.0.0' },
        tarball: Buffer.from('not a gzipped tarball'),
        file: `${UNREADABLE}-1.0.0.tgz`,
      },
    ],
  )
  ;({ upstream, packed } = fixture)
  clock = manualClock(Date.parse('2026-06-01T10:00:00Z'))
  server = await startTestServer({ anonymousAccess: true }, { NPM_REMOTE_URL: upstream.url }, { clock })
}, 180_000)

afterAll(async () => {
  await server?.stop()
  await fixture?.stop()
})

const tarballOf = (name: string, version: string) =>
  packed.find((p) => p.name === name && p.version === version)!

describe('npm metadata through the remote', () => {
  it('fetches a document once, rewrites its tarballs, and serves the cache within the period', async () => {
    const res = await get('npm-remote', NAME)
    expect(res.status).toBe(200)
    const doc = (await res.json()) as {
      'dist-tags': Record<string, string>
      versions: Record<string, { dist: { tarball: string; integrity: string } }>
    }
    expect(Object.keys(doc.versions)).toEqual(['1.0.0', '1.1.0'])
    expect(doc['dist-tags'].latest).toBe('1.1.0')
    expect(doc.versions['1.0.0']!.dist.tarball).toBe(npmUrl('npm-remote', `${NAME}/-/${NAME}-1.0.0.tgz`))
    expect(doc.versions['1.0.0']!.dist.integrity).toBe(
      `sha512-${createHash('sha512').update(tarballOf(NAME, '1.0.0').tarball).digest('base64')}`,
    )
    expect((await get('npm-remote', NAME)).status).toBe(200)
    expect(upstreamAsked(`/${NAME}`)).toBe(1)
  })

  it('revalidates with If-None-Match after the metadata retrieval period', async () => {
    clock.advance(11 * 60 * 1000)
    const res = await get('npm-remote', NAME)
    expect(res.status).toBe(200)
    expect(Object.keys(((await res.json()) as { versions: object }).versions)).toEqual(['1.0.0', '1.1.0'])
    expect(upstreamAsked(`/${NAME}`)).toBe(2)
    // The 304 renewed the period.
    await get('npm-remote', NAME)
    expect(upstreamAsked(`/${NAME}`)).toBe(2)
  })

  it('answers the abbreviated install form and scoped names, through the virtual repository too', async () => {
    const res = await get('npm', SCOPED.replace('/', '%2f'), {
      accept: 'application/vnd.npm.install-v1+json',
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('application/vnd.npm.install-v1+json')
    const doc = (await res.json()) as { name: string; versions: Record<string, Record<string, unknown>> }
    expect(doc.name).toBe(SCOPED)
    const version = doc.versions['2.0.0']!
    expect(version.description).toBeUndefined()
    expect((version.dist as { tarball: string }).tarball).toBe(npmUrl('npm', `${SCOPED}/-/scoped-2.0.0.tgz`))
  })

  it('answers 404 in npm shape for a package the upstream does not have, and caches nothing', async () => {
    const res = await get('npm', 'no-such-package-here')
    expect(res.status).toBe(404)
    expect(await res.json()).toMatchObject({ error: expect.stringContaining('no-such-package-here') })
    await get('npm', 'no-such-package-here')
    expect(upstreamAsked('/no-such-package-here')).toBe(2)
  })
})

describe('tarballs through the remote', () => {
  it('fetches a tarball once, checks it, serves it from the cache and lists the package', async () => {
    const path = `${NAME}/-/${NAME}-1.0.0.tgz`
    const first = await get('npm', path)
    expect(first.status).toBe(200)
    expect(Buffer.from(await first.arrayBuffer()).equals(tarballOf(NAME, '1.0.0').tarball)).toBe(true)
    const second = await get('npm', path)
    expect(Buffer.from(await second.arrayBuffer()).equals(tarballOf(NAME, '1.0.0').tarball)).toBe(true)
    expect(upstreamAsked(`/${path}`)).toBe(1)

    const cookie = signInDirectly(server)
    const found = () =>
      gql<{
        packages: { edges: Array<{ node: { name: string; stats: { downloads: number } } }> }
        versions: {
          edges: Array<{
            node: { name: string; stats: { downloadCount: number }; repos: Array<{ name: string }> }
          }>
        }
      }>(
        server,
        cookie,
        `query { packages(filter: { name: "${NAME}" }, first: 5) { edges { node { name stats { downloads } } } }
        versions(filter: { packageId: "npm://${NAME}" }, first: 5) { edges { node { name stats { downloadCount } repos { name } } } } }`,
      )
    // Counted once the server has sent the last byte, which may come just after the client has them all.
    const look = flushingLook(server, clock)
    await expect
      .poll(() => look(async () => (await found()).body.data?.packages.edges.map((e) => e.node)))
      .toEqual([{ name: NAME, stats: { downloads: 2 } }])
    expect((await found()).body.data?.versions.edges.map((e) => e.node)).toEqual([
      { name: '1.0.0', stats: { downloadCount: 2 }, repos: [{ name: 'npm-remote' }] },
    ])
  })

  it("counts them in the Overview's downloads per day, over 30 days", async () => {
    const res = await fetch(`${server.url}/ui/api/v1/ui/home/overview`, {
      headers: { cookie: signInDirectly(server) },
    })
    const days = ((await res.json()) as { downloadsPerDay: Array<{ day: string; count: number }> })
      .downloadsPerDay
    expect(days).toHaveLength(30)
    expect(days.at(-1)).toEqual({ day: '2026-06-01', count: 2 })
    expect(days[0]).toEqual({ day: '2026-05-03', count: 0 })
  })

  it('caches and serves a tarball the catalogue cannot read, and lists nothing of it', async () => {
    const path = `${UNREADABLE}/-/${UNREADABLE}-1.0.0.tgz`
    for (let i = 0; i < 2; i++) {
      const res = await get('npm-remote', path)
      expect(res.status).toBe(200)
      expect(Buffer.from(await res.arrayBuffer()).toString()).toBe('not a gzipped tarball')
    }
    expect(upstreamAsked(`/${path}`)).toBe(1)
    const listed = await server.ctx.sql.one('SELECT id FROM catalog_packages WHERE name = ?', [UNREADABLE])
    expect(listed).toBeUndefined()
  })

  it('makes one upstream request for concurrent requests of an uncached tarball', async () => {
    const path = `${SCOPED}/-/scoped-2.0.0.tgz`
    const hold = upstream.hold()
    const answers = Array.from({ length: 5 }, () => get('npm', path))
    await hold.started
    // Every request has reached the platform before the upstream finishes.
    await expect
      .poll(() => new Promise((r) => server.app.server.getConnections((_e, n) => r(n))))
      .toBeGreaterThanOrEqual(5)
    hold.release()
    const bodies = await Promise.all(answers.map(async (a) => Buffer.from(await (await a).arrayBuffer())))
    for (const body of bodies) expect(body.equals(tarballOf(SCOPED, '2.0.0').tarball)).toBe(true)
    expect(upstreamAsked(`/${path}`)).toBe(1)
  })

  it('serves a cached tarball past the metadata period without asking the upstream', async () => {
    // Cached by the concurrent requests above.
    const path = `${SCOPED}/-/scoped-2.0.0.tgz`
    clock.advance(11 * 60 * 1000)
    const asked = upstream.requests.length
    const again = await get('npm-remote', path)
    expect(Buffer.from(await again.arrayBuffer()).equals(tarballOf(SCOPED, '2.0.0').tarball)).toBe(true)
    expect(upstream.requests.length).toBe(asked)
  })
})

describe('upstream faults', () => {
  const faultyPath = `${FAULTY}/-/${FAULTY}-0.1.0.tgz`
  const expectProblem = async (res: Response, status: number, code: string, words: RegExp) => {
    expect(res.status).toBe(status)
    const body = (await res.json()) as { error: string; code: string }
    expect(body.code).toBe(code)
    expect(body.error).toMatch(/npm-remote/)
    expect(body.error).toMatch(words)
  }

  it('answers each document fault with a clear npm-shaped error and caches none of them', async () => {
    await setRemote({ readTimeoutMs: 300 })
    upstream.fault('slow', 'document')
    await expectProblem(await get('npm', FAULTY), 504, 'UPSTREAM_TIMEOUT', /timed out/)
    upstream.fault('error500', 'document')
    await expectProblem(await get('npm', FAULTY), 502, 'UPSTREAM_ERROR', /answered 500/)
    upstream.fault('notJson', 'document')
    await expectProblem(await get('npm', FAULTY), 502, 'UPSTREAM_NOT_JSON', /npm package document/)
    upstream.fault('redirectLoop', 'document')
    await expectProblem(await get('npm', FAULTY), 502, 'UPSTREAM_REDIRECT', /redirects/)
    upstream.fault('unauthorized', 'document')
    await expectProblem(await get('npm', FAULTY), 502, 'UPSTREAM_REFUSED', /refused the credentials/)
    upstream.fault(undefined)
    const ok = await get('npm', FAULTY)
    expect(ok.status).toBe(200)
    // Every fault went upstream again: none was kept (the redirect loop is 1 + 5 redirects followed).
    expect(upstreamAsked(`/${FAULTY}`)).toBe(11)
    const state = await store().state('npm-remote')
    expect(state.lastFailure).toMatch(/refused the credentials/)
  })

  it('refuses a tarball that does not match its integrity, and keeps nothing', async () => {
    clock.advance(11 * 60 * 1000)
    upstream.fault('wrongIntegrity', 'document')
    await expectProblem(await get('npm', faultyPath), 502, 'EINTEGRITY', /does not match its integrity/)
    expect(await store().file('npm-remote', faultyPath)).toBeUndefined()
    // The document that named the wrong digest is not trusted for the rest of its metadata
    // period: once the upstream is put right, the next ask goes upstream and takes the new one.
    upstream.fault(undefined)
    const asked = upstreamAsked(`/${FAULTY}`)
    expect((await get('npm-remote', FAULTY)).status).toBe(200)
    expect(upstreamAsked(`/${FAULTY}`)).toBe(asked + 1)
  })

  it('answers a reset mid-file, a silent upstream and a 500 for a tarball, and keeps nothing', async () => {
    clock.advance(11 * 60 * 1000)
    upstream.fault('reset', 'tarball')
    await expectProblem(await get('npm', faultyPath), 502, 'UPSTREAM_RESET', /broke off/)
    upstream.fault('slow', 'tarball')
    await expectProblem(await get('npm', faultyPath), 504, 'UPSTREAM_TIMEOUT', /timed out/)
    upstream.fault('error500', 'tarball')
    await expectProblem(await get('npm', faultyPath), 502, 'UPSTREAM_ERROR', /answered 500/)
    expect(await store().file('npm-remote', faultyPath)).toBeUndefined()
    upstream.fault(undefined)
    const ok = await get('npm', faultyPath)
    expect(ok.status).toBe(200)
    expect(Buffer.from(await ok.arrayBuffer()).equals(tarballOf(FAULTY, '0.1.0').tarball)).toBe(true)
    await setRemote({ readTimeoutMs: 30_000 })
  })

  it('serves the cached document past its period when the upstream fails, and logs it', async () => {
    clock.advance(11 * 60 * 1000)
    upstream.fault('error500')
    const res = await get('npm', NAME)
    expect(res.status).toBe(200)
    expect(Object.keys(((await res.json()) as { versions: object }).versions)).toEqual(['1.0.0', '1.1.0'])
    // The cached tarball too.
    const tarball = await get('npm', `${NAME}/-/${NAME}-1.0.0.tgz`)
    expect(tarball.status).toBe(200)
    const log = () =>
      readFileSync(join(server.config.dataDir, 'logs', 'node-1', 'artifactory-service.log'), 'utf8')
    // The log file is appended to asynchronously.
    await expect.poll(log).toMatch(/npm-remote: serving the cached upstream-hello/)
    upstream.fault(undefined)
  })

  it('offline serves the cache only and says what is not cached', async () => {
    await setRemote({ offline: true })
    const asked = upstream.requests.length
    expect((await get('npm', `${NAME}/-/${NAME}-1.0.0.tgz`)).status).toBe(200)
    await expectProblem(
      await get('npm', `${NAME}/-/${NAME}-1.1.0.tgz`),
      404,
      'NOT_CACHED_OFFLINE',
      /not cached/,
    )
    await expectProblem(
      await get('npm', 'never-fetched'),
      404,
      'NOT_CACHED_OFFLINE',
      /not cached, and npm-remote is offline/,
    )
    expect(upstream.requests.length).toBe(asked)
    await setRemote({ offline: false })
  })

  it('tells npm of an outage at once (424) once the upstream has failed for a while, until it answers again', async () => {
    clock.advance(11 * 60 * 1000)
    // A success first: whatever failed above is over.
    expect((await get('npm', 'absent-everywhere')).status).toBe(404)
    upstream.fault('error500', 'document')
    // The first failure may be a blip: a status npm retries.
    await expectProblem(await get('npm', 'never-cached'), 502, 'UPSTREAM_ERROR', /answered 500/)
    clock.advance(OUTAGE_AFTER_MS - 1)
    await expectProblem(await get('npm', 'never-cached'), 502, 'UPSTREAM_ERROR', /answered 500/)
    // Failing for OUTAGE_AFTER_MS with no success between: 424, which npm reports at once.
    clock.advance(1)
    await expectProblem(await get('npm', 'never-cached'), 424, 'UPSTREAM_ERROR', /answered 500/)
    await expectProblem(await get('npm', `${FAULTY}-other`), 424, 'UPSTREAM_ERROR', /answered 500/)
    // The upstream answers again (a package it does not have is an answer): the outage is over.
    upstream.fault(undefined)
    expect((await get('npm', 'absent-everywhere')).status).toBe(404)
    upstream.fault('error500', 'document')
    clock.advance(OUTAGE_AFTER_MS)
    await expectProblem(await get('npm', 'never-cached'), 502, 'UPSTREAM_ERROR', /answered 500/)
    upstream.fault(undefined)
  })
})

describe('parsed documents kept in memory', () => {
  const MEMO = 'memo-pkg'
  const versionOf = (version: string): PackedVersion => ({
    name: MEMO,
    version,
    manifest: { name: MEMO, version },
    tarball: npmTarball(MEMO, version),
    file: `${MEMO}-${version}.tgz`,
  })
  const versionsSeen = async () => {
    const res = await get('npm-remote', MEMO)
    expect(res.status).toBe(200)
    return Object.keys(((await res.json()) as { versions: object }).versions)
  }

  it('answers a document changed upstream once its period is over, and that one after', async () => {
    await setRemote({ offline: false, metadataTtlSeconds: 600 })
    upstream.publish(versionOf('1.0.0'))
    expect(await versionsSeen()).toEqual(['1.0.0'])
    upstream.publish(versionOf('2.0.0'))
    // Within the period: the cached one, the upstream not asked.
    expect(await versionsSeen()).toEqual(['1.0.0'])
    expect(upstreamAsked(`/${MEMO}`)).toBe(1)
    clock.advance(11 * 60 * 1000)
    expect(await versionsSeen()).toEqual(['1.0.0', '2.0.0'])
    expect(await versionsSeen()).toEqual(['1.0.0', '2.0.0'])
    expect(upstreamAsked(`/${MEMO}`)).toBe(2)
  })

  it('reads and parses the stored text again only when it changed', async () => {
    const sql = server.ctx.sql as { one: Sql['one'] }
    const one = sql.one
    const read: string[] = []
    sql.one = <T>(text: string, params?: SqlParams) => {
      read.push(text)
      return one.call<Sql, [string, SqlParams?], Promise<T | undefined>>(server.ctx.sql, text, params)
    }
    const fullRows = () => read.filter((text) => /\bdocument FROM remote_documents/.test(text)).length
    try {
      expect(await versionsSeen()).toEqual(['1.0.0', '2.0.0'])
      expect(fullRows()).toBe(0)
      // A 304 after the period renews it: still the same parse.
      clock.advance(11 * 60 * 1000)
      expect(await versionsSeen()).toEqual(['1.0.0', '2.0.0'])
      expect(upstreamAsked(`/${MEMO}`)).toBe(3)
      expect(fullRows()).toBe(0)
    } finally {
      sql.one = one
    }
  })

  it('answers what another node stored, and asks the upstream again after an eviction', async () => {
    // Another node sharing the database refreshed the document (its upstream had 3.0.0 then).
    const other = {
      name: MEMO,
      'dist-tags': { latest: '3.0.0' },
      versions: { '3.0.0': { name: MEMO, version: '3.0.0', dist: { tarball: `${upstream.url}/x.tgz` } } },
    }
    await store().saveDocument('npm-remote', MEMO, '"another node"', isoNow(clock), JSON.stringify(other))
    expect(await versionsSeen()).toEqual(['3.0.0'])
    // An admin's delete of the package's folder takes its document: the next request asks again.
    const admin = signInDirectly(server, { admin: true })
    const evicted = await fetch(`${server.url}/artifactory/npm-remote/${MEMO}`, {
      method: 'DELETE',
      headers: browserHeaders(server.url, admin),
    })
    expect(evicted.status).toBe(204)
    upstream.publish(versionOf('4.0.0'))
    expect(await versionsSeen()).toEqual(['1.0.0', '2.0.0', '4.0.0'])
    expect(upstreamAsked(`/${MEMO}`)).toBe(4)
  })
})
