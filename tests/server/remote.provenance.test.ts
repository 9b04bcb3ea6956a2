/**
 * Where a version comes from, as the package pages are told it (GraphQL `provenance`), and the
 * pages' Retry (POST /remote/versions/check) against a real upstream on 127.0.0.1: a version
 * fetched through the remote names the remote, its upstream and when it was cached; a local
 * one says local; a sample record of the remote that is not cached says so, with what the
 * remote last heard from its upstream: an answer, a 500, nothing listening, or offline; and
 * whether the upstream has the version, which the real npm CLI bears out.
 */
import http from 'node:http'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { manualClock, type ManualClock } from '../../server/clock'
import { remoteStore, type RemoteSettings } from '../../server/remote/store'
import { provenanceReader } from '../../server/remote/provenance'
import { nodeLoaders, VERSION_COLUMNS, type VersionRow } from '../../server/metadata/nodes'
import type { Sql } from '../../server/db/sql'
import { npmCli } from '../support/npmCli'
import { publishBody } from '../support/npmPublish'
import { browserHeaders, startTestServer, type TestServer } from '../support/server'
import {
  npmPack,
  startPackedUpstream,
  type PackedUpstream,
  type UpstreamRegistry,
} from '../support/upstreamRegistry'
import { signInDirectly } from './helpers/catalogSession'
import { gql, type GraphQLReply } from './helpers/graphql'

const NAME = 'provenance-hello'
/** A package whose versions come from two places, read a page of one version at a time. */
const PAGED = 'provenance-paged'
let packed: PackedUpstream
let upstream: UpstreamRegistry
let server: TestServer
let clock: ManualClock
let cookie: string

const store = () => remoteStore(server.ctx.sql)
const setRemote = async (over: Partial<RemoteSettings>) =>
  store().writeSettings('npm-remote', { ...(await store().settings('npm-remote')), ...over })

interface Provenance {
  kind: string
  repository: string
  upstream: string | null
  cachedAt: string | null
  offline: boolean | null
  lastFailure: string | null
  lastFailureAt: string | null
  lastSuccessAt: string | null
  /** What the upstream said of the version, just now (the check) or within the retrieval period. */
  inUpstream?: boolean | null
}
const FIELDS = 'kind repository upstream cachedAt offline lastFailure lastFailureAt lastSuccessAt inUpstream'

async function provenanceOf(packageId: string, version: string): Promise<Provenance | null> {
  const answer = await gql<{ versions: { edges: Array<{ node: { provenance: Provenance | null } }> } }>(
    server,
    cookie,
    `query { versions(filter: { packageId: "${packageId}", name: "${version}" }, first: 1) {
      edges { node { provenance { ${FIELDS} } } } } }`,
  )
  expect(answer.body.errors).toBeUndefined()
  return answer.body.data!.versions.edges[0]!.node.provenance
}

async function check(versionId: string, who: string | undefined = cookie) {
  const res = await fetch(`${server.url}/ui/api/v1/remote/versions/check`, {
    method: 'POST',
    headers: browserHeaders(server.url, who),
    body: JSON.stringify({ versionId }),
  })
  return { status: res.status, body: (await res.json()) as Provenance & { message?: string } }
}

/** A version of the sample catalogue that npm-remote lists without its file. */
const sampleRecord = async () =>
  (await server.ctx.sql.one<{ id: string; name: string; package_id: string; package: string }>(
    `SELECT v.id, v.name, p.id AS package_id, p.name AS package FROM catalog_versions v
     JOIN catalog_packages p ON p.id = v.package_id
     WHERE v.repo = 'npm-remote' AND p.name NOT LIKE '@%' ORDER BY v.id LIMIT 1`,
  ))!

beforeAll(async () => {
  packed = await startPackedUpstream('remote-provenance', [
    { name: NAME, version: '1.0.0', readme: '# Provenance\n' },
    { name: PAGED, version: '1.0.0', readme: '# Paged\n' },
    { name: PAGED, version: '2.0.0', readme: '# Paged\n' },
  ])
  upstream = packed.upstream
  clock = manualClock(Date.parse('2026-06-01T10:00:00Z'))
  // Anonymous access: the npm CLI installs as a developer would, with no login.
  server = await startTestServer({ anonymousAccess: true }, { NPM_REMOTE_URL: upstream.url }, { clock })
  cookie = signInDirectly(server)
}, 60_000)

afterAll(async () => {
  await server?.stop()
  await packed?.stop()
})

describe('provenance of a version', () => {
  it('a version fetched through the remote names the remote, its upstream and when', async () => {
    const res = await fetch(`${server.url}/artifactory/api/npm/npm/${NAME}/-/${NAME}-1.0.0.tgz`, {
      headers: { cookie },
    })
    expect(res.status).toBe(200)
    await res.arrayBuffer()
    expect(await provenanceOf(`npm://${NAME}`, '1.0.0')).toEqual({
      kind: 'cached',
      repository: 'npm-remote',
      upstream: `${upstream.url}/`,
      cachedAt: '2026-06-01T10:00:00.000Z',
      offline: null,
      lastFailure: null,
      lastFailureAt: null,
      lastSuccessAt: null,
      inUpstream: null,
    })
  })

  it('a version published to a local repository says local', async () => {
    const name = 'provenance-local'
    const auth = Buffer.from(`admin:${server.config.adminPassword}`).toString('base64')
    const res = await fetch(`${server.url}/artifactory/api/npm/npm-local/${name}`, {
      method: 'PUT',
      headers: { authorization: `Basic ${auth}`, 'content-type': 'application/json' },
      body: JSON.stringify(publishBody(name, '1.0.0').body),
    })
    expect(res.status).toBeLessThan(300)
    expect(await provenanceOf(`npm://${name}`, '1.0.0')).toMatchObject({
      kind: 'local',
      repository: 'npm-local',
      upstream: null,
      cachedAt: null,
    })
  })

  it('says where each version comes from on every page of a package’s versions', async () => {
    for (const version of ['1.0.0', '2.0.0']) {
      const res = await fetch(`${server.url}/artifactory/api/npm/npm/${PAGED}/-/${PAGED}-${version}.tgz`, {
        headers: { cookie },
      })
      expect(res.status).toBe(200)
      await res.arrayBuffer()
    }
    const auth = Buffer.from(`admin:${server.config.adminPassword}`).toString('base64')
    const published = await fetch(`${server.url}/artifactory/api/npm/npm-local/${PAGED}`, {
      method: 'PUT',
      headers: { authorization: `Basic ${auth}`, 'content-type': 'application/json' },
      body: JSON.stringify(publishBody(PAGED, '3.0.0').body),
    })
    expect(published.status).toBeLessThan(300)
    type Page = {
      versions: {
        edges: Array<{ node: { name: string; provenance: Provenance | null } }>
        pageInfo: { hasNextPage: boolean; endCursor: string | null }
      }
    }
    const seen: Array<{ name: string; provenance: Provenance | null }> = []
    let after: string | null = null
    do {
      const answer: GraphQLReply<Page> = await gql<Page>(
        server,
        cookie,
        `query($after: ID) { versions(filter: { packageId: "npm://${PAGED}" }, first: 1, after: $after) {
          edges { node { name provenance { ${FIELDS} } } } pageInfo { hasNextPage endCursor } } }`,
        { after },
      )
      expect(answer.body.errors).toBeUndefined()
      const page: Page = answer.body.data!
      seen.push(...page.versions.edges.map((e) => e.node))
      after = page.versions.pageInfo.hasNextPage ? page.versions.pageInfo.endCursor : null
    } while (after)
    expect(seen.map((v) => v.name).sort()).toEqual(['1.0.0', '2.0.0', '3.0.0'])
    // Each page says what the version's own page says.
    for (const v of seen) expect(v.provenance, v.name).toEqual(await provenanceOf(`npm://${PAGED}`, v.name))
    expect(
      Object.fromEntries(seen.map((v) => [v.name, [v.provenance?.kind, v.provenance?.repository]])),
    ).toEqual({
      '1.0.0': ['cached', 'npm-remote'],
      '2.0.0': ['cached', 'npm-remote'],
      '3.0.0': ['local', 'npm-local'],
    })
  })

  it('a record the remote has not cached says so, and Retry asks the upstream again', async () => {
    const record = await sampleRecord()
    const before = await provenanceOf(record.package_id, record.name)
    expect(before).toMatchObject({ kind: 'notCached', repository: 'npm-remote', offline: false })

    // The upstream fails: the check says so, with the time of the failure.
    upstream.fault('error500')
    clock.advance(60_000)
    const failing = await check(record.id)
    expect(failing.status).toBe(200)
    expect(failing.body).toMatchObject({
      kind: 'notCached',
      lastFailureAt: '2026-06-01T10:01:00.000Z',
    })
    expect(failing.body.lastFailure).toContain('npm-remote')
    expect(failing.body.lastFailure).toContain('500')
    expect(failing.body).not.toHaveProperty('inUpstream')
    expect(upstream.requests.at(-1)).toBe(`/${record.package}`)

    // It answers again (it has no such package): a success after the failure, and still nothing
    // cached by asking.
    upstream.fault(undefined)
    clock.advance(60_000)
    const answered = await check(record.id)
    expect(answered.body).toMatchObject({
      kind: 'notCached',
      lastSuccessAt: '2026-06-01T10:02:00.000Z',
      inUpstream: false,
    })
    expect(await store().document('npm-remote', record.package)).toBeUndefined()
    // Every page open reads the same, the upstream's answer with it.
    expect(await provenanceOf(record.package_id, record.name)).toMatchObject(answered.body)
  })

  it('says when nothing listens at the upstream, and an offline remote is not asked', async () => {
    const record = await sampleRecord()
    const closed = http.createServer()
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r))
    const port = (closed.address() as AddressInfo).port
    await new Promise((r) => closed.close(r))
    await store().setUpstream('npm-remote', `http://127.0.0.1:${port}`)
    clock.advance(60_000)
    const refused = await check(record.id)
    expect(refused.body).toMatchObject({
      kind: 'notCached',
      upstream: `http://127.0.0.1:${port}/`,
      lastFailureAt: '2026-06-01T10:03:00.000Z',
    })

    await store().setUpstream('npm-remote', upstream.url)
    await setRemote({ offline: true })
    const asked = upstream.requests.length
    const offline = await check(record.id)
    expect(offline.body).toMatchObject({ kind: 'notCached', offline: true })
    expect(upstream.requests.length).toBe(asked)
    await setRemote({ offline: false })
  })

  it('a cached version is not asked about upstream, and an unknown version is a 404', async () => {
    const asked = upstream.requests.length
    const cached = await check(`npm://${NAME}@1.0.0`)
    expect(cached.body).toMatchObject({ kind: 'cached', repository: 'npm-remote' })
    expect(upstream.requests.length).toBe(asked)
    expect((await check('npm://no-such-package@9.9.9')).status).toBe(404)
  })
})

describe('whether the upstream has a version', () => {
  let projects = 0
  /** `npm install <spec>` through the `npm` virtual into a new project with its own empty npm cache. */
  async function install(spec: string) {
    const app = join(packed.work, `app-${++projects}`)
    mkdirSync(app)
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: `app-${projects}`, private: true }))
    const npmrc = join(app, 'npmrc')
    writeFileSync(npmrc, `registry=${server.url}/artifactory/api/npm/npm/\n`)
    return { app, answer: await npmCli(app).npm(['install', spec], app, npmrc) }
  }

  // A bound for a stuck run, not a timing: its two npm CLI runs took past 30 s at load 49.
  it('says which sample versions the upstream has, and the npm CLI installs those and no other', async () => {
    // A sample package of the remote with two versions; the upstream gets the first only.
    const pkg = (await server.ctx.sql.one<{ id: string; name: string }>(
      `SELECT p.id, p.name FROM catalog_packages p JOIN catalog_versions v ON v.package_id = p.id
       WHERE v.repo = 'npm-remote' AND p.name NOT LIKE '@%'
       GROUP BY p.id, p.name HAVING COUNT(*) >= 2 ORDER BY p.name DESC LIMIT 1`,
    ))!
    const [has, lacks] = await server.ctx.sql.all<{ id: string; name: string }>(
      `SELECT id, name FROM catalog_versions WHERE package_id = ? AND repo = 'npm-remote' ORDER BY id LIMIT 2`,
      [pkg.id],
    )
    const dir = npmCli(packed.work).makePackage(pkg.name, has!.name, '# Has\n')
    upstream.publish(await npmPack(dir, dir))

    expect((await check(has!.id)).body).toMatchObject({ kind: 'notCached', inUpstream: true })
    expect((await check(lacks!.id)).body).toMatchObject({ kind: 'notCached', inUpstream: false })
    // The package's document was asked for, and nothing cached by asking.
    expect(upstream.requests.at(-1)).toBe(`/${pkg.name}`)
    expect(await store().document('npm-remote', pkg.name)).toBeUndefined()

    const installed = await install(`${pkg.name}@${has!.name}`)
    expect(installed.answer, JSON.stringify(installed.answer)).not.toHaveProperty('failed')
    expect(readFileSync(join(installed.app, 'node_modules', pkg.name, 'index.js'), 'utf8')).toBe(
      `module.exports = 'hello ${has!.name}'\n`,
    )
    const refused = await install(`${pkg.name}@${lacks!.name}`)
    expect(refused.answer.failed).toBe(true)
    expect(refused.answer.stderr).toMatch(/E404|ETARGET/)
    // Installed, the first is cached: nothing left to ask.
    expect((await check(has!.id)).body).toMatchObject({ kind: 'cached', repository: 'npm-remote' })
  }, 120_000)

  it('an upstream that answers what is not a document cannot say', async () => {
    const record = await sampleRecord()
    upstream.fault('notJson')
    clock.advance(60_000)
    const answer = await check(record.id)
    upstream.fault(undefined)
    expect(answer.body).toMatchObject({ kind: 'notCached', lastFailureAt: '2026-06-01T10:04:00.000Z' })
    expect(answer.body.lastFailure).toContain('did not answer an npm package document')
    expect(answer.body).not.toHaveProperty('inUpstream')
  })

  it("keeps the upstream's answer for the remote's retrieval period: a page opened again does not ask", async () => {
    const record = await sampleRecord()
    await setRemote({ metadataTtlSeconds: 120 })
    clock.advance(60_000)
    expect((await check(record.id)).body).toMatchObject({ kind: 'notCached', inUpstream: false })
    const asked = upstream.requests.length
    // What every page open reads: the answer, and the upstream is not asked.
    expect(await provenanceOf(record.package_id, record.name)).toMatchObject({ inUpstream: false })
    clock.advance(119_000)
    expect(await provenanceOf(record.package_id, record.name)).toMatchObject({ inUpstream: false })
    expect(upstream.requests.length).toBe(asked)
    // Past the period it is not known any more: the page asks again.
    clock.advance(1_000)
    expect(await provenanceOf(record.package_id, record.name)).toMatchObject({ inUpstream: null })

    // Asked again while the upstream fails: no older answer stands for it.
    expect((await check(record.id)).body).toMatchObject({ inUpstream: false })
    upstream.fault('error500')
    const failing = await check(record.id)
    upstream.fault(undefined)
    expect(failing.body).not.toHaveProperty('inUpstream')
    expect(await provenanceOf(record.package_id, record.name)).toMatchObject({ inUpstream: null })
    await setRemote({ metadataTtlSeconds: 600 })
  })
})

describe('provenance of a page of versions', () => {
  /** `sql` counting the statements run through it. */
  const counting = (sql: Sql) => {
    let statements = 0
    const counted = new Proxy(sql, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver)
        if (typeof value !== 'function') return value
        if (key === 'all' || key === 'one' || key === 'rows' || key === 'run')
          return (...args: unknown[]) => {
            statements++
            return (value as (...a: unknown[]) => unknown).apply(target, args)
          }
        return value.bind(target)
      },
    })
    return { sql: counted, statements: () => statements }
  }

  /** Each row's provenance as a page's nodes read it, and the statements that took. */
  async function pageOf(rows: ReadonlyArray<VersionRow>) {
    const { sql, statements } = counting(server.ctx.sql)
    const { versionNode, pageLoaders } = nodeLoaders(sql, clock)
    const loaders = pageLoaders(rows)
    // As GraphQL asks: each node's own field.
    const found = await Promise.all(
      rows.map((r) => versionNode(r, undefined, undefined, loaders).provenance()),
    )
    return { found, statements: statements() }
  }

  const versionRows = (where: string) =>
    server.ctx.sql.all<VersionRow>(
      `SELECT ${VERSION_COLUMNS} FROM catalog_versions WHERE ${where} ORDER BY id`,
    )

  it('a few statements per page, however many versions it has', async () => {
    const most = (await server.ctx.sql.one<{ package_id: string; n: number }>(
      `SELECT package_id, COUNT(*) AS n FROM catalog_versions WHERE repo = 'npm-remote'
       GROUP BY package_id ORDER BY n DESC, package_id LIMIT 1`,
    ))!
    const rows = await versionRows(`package_id = '${most.package_id.replace(/'/g, "''")}'`)
    expect(rows.length).toBeGreaterThanOrEqual(3)
    const one = await pageOf(rows.slice(0, 1))
    const all = await pageOf(rows)
    expect(all.found.every((p) => p?.kind === 'notCached')).toBe(true)
    // The package row, the repository, its cache, state, settings and the upstream's answers.
    expect(all.statements).toBe(one.statements)
    expect(all.statements).toBeLessThanOrEqual(7)
  })

  it("says for each version what the version's own reading says: local, cached, not cached, answered", async () => {
    const record = await sampleRecord()
    await store().saveUpstreamAnswer(
      'npm-remote',
      record.package,
      record.name,
      true,
      new Date(clock.now()).toISOString(),
    )
    const rows = await versionRows(`repo IN ('npm-remote', 'npm-local') OR package_id = 'npm://${NAME}'`)
    const { found } = await pageOf(rows)
    const alone = provenanceReader(server.ctx.sql, clock)
    const names = new Map(
      (await server.ctx.sql.all<{ id: string; name: string }>('SELECT id, name FROM catalog_packages')).map(
        (p) => [p.id, p.name],
      ),
    )
    const each = await Promise.all(
      rows.map((r) =>
        alone({
          repo: r.repo,
          packageName: names.get(r.package_id)!,
          version: r.name,
          leadFilePath: r.lead_file_path,
        }),
      ),
    )
    expect(found).toEqual(each)
    const kinds = new Set(found.map((p) => p?.kind))
    expect([...kinds].sort()).toEqual(['cached', 'local', 'notCached'])
    expect(found[rows.findIndex((r) => r.id === record.id)]).toMatchObject({ inUpstream: true })
    await store().forgetUpstreamAnswer('npm-remote', record.package, record.name)
  })
})
