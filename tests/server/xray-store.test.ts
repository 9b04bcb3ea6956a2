/**
 * Security scanning's store and service on both engines (the embedded SQLite and a PostgreSQL
 * the test starts): an import all or nothing (and from a URL and a zip on disk), a version
 * scanned inside the transaction that stores it (and gone with it when that transaction fails),
 * violations of a watch over a virtual repository, the block they make and the ignore rule that
 * lifts it, paging and filters, a re-evaluation after the watch goes, the history a scan run records, each watch's count kept
 * through scans, policy changes, ignore rules and deletes, and on SQLite the planner statistics
 * it takes and the indexes the totals read (so what ignore rules lift is counted by their issues).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { strToU8, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { XRAY_SEVERITIES } from '../../domain/xray'
import { manualClock } from '../../server/clock'
import type { Sql, SqlValue } from '../../server/db/sql'
import { npmCatalogue, type PublishedVersion } from '../../server/registry/npmCatalogue'
import { GitScanStore } from '../../server/xray/gitScanStore'
import { createXrayService } from '../../server/xray/service'
import { T0 } from '../support/catalogueRows'
import { migrated, testEngines } from '../support/engines'
import { securityPolicy } from '../support/xrayPolicies'
import { osvAdvisory } from '../support/osvAdvisories'

const engines = testEngines()

const osv = (id: string, name: string, events: Array<Record<string, string>>, severity: string) =>
  osvAdvisory(id, name, { events, severity, aliases: [`CVE-2026-${id.length}`], cweIds: ['CWE-79'] })
const exportOf = (records: unknown[]) => Buffer.from(JSON.stringify(records))

const published = (name: string, version: string, c: string): PublishedVersion => ({
  repo: 'npm-local',
  name,
  version,
  document: { name, version, license: 'MIT', dependencies: { 'b-dep': '^1.0.0' } },
  files: [],
  tarballFacts: { sha256: c.repeat(64), sha1: c.repeat(40), md5: c.repeat(32), size: 10 },
  deployedBy: 'admin',
  now: T0,
})

async function blobs(sql: Sql, chars: string) {
  for (const c of chars)
    await sql.run('INSERT INTO blobs (sha256, sha1, md5, size, created) VALUES (?, ?, ?, 10, ?)', [
      c.repeat(64),
      c.repeat(40),
      c.repeat(32),
      T0,
    ])
}

describe.each(engines)('xray on %s', (_name, open) => {
  it('scans versions as they arrive, in their transaction, and blocks what a watch forbids', async () => {
    const sql = await migrated(open)
    const clock = manualClock(Date.parse('2026-12-01T12:00:00.000Z'))
    const xray = createXrayService({ sql, clock })
    const store = xray.store

    const refused = await xray.importFrom({
      kind: 'upload',
      name: 'bad.json',
      bytes: Buffer.concat([
        exportOf([osv('GHSA-aaaa', 'left-pad', [{ introduced: '0' }], 'HIGH')]),
        Buffer.from('x'),
      ]),
    })
    expect(refused).toMatchObject({ ok: false, advisories: 0 })
    expect(await store.advisoryCount()).toBe(0)
    const imported = await xray.importFrom(
      {
        kind: 'upload',
        name: 'advisories.json',
        bytes: exportOf([
          osv('GHSA-left', 'left-pad', [{ introduced: '0' }, { fixed: '1.1.0' }], 'CRITICAL'),
          osv('GHSA-bdep', 'b-dep', [{ introduced: '1.0.0' }, { fixed: '1.0.5' }], 'LOW'),
        ]),
      },
      { wait: true },
    )
    expect(imported).toMatchObject({ ok: true, advisories: 2 })
    expect(imported.id).toBeGreaterThan(refused.id)
    expect((await store.imports(5, xray.now())).map((i) => [i.id, i.ok])).toEqual([
      [imported.id, true],
      [refused.id, false],
    ])
    expect(await store.advisoryCountsBySeverity()).toEqual({ critical: 1, low: 1 })
    expect((await store.advisory('GHSA-left'))?.affected).toEqual([
      {
        ecosystem: 'npm',
        package: 'left-pad',
        ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '1.1.0' }] }],
        versions: [],
      },
    ])

    await store.transaction(async (s) => {
      await s.createPolicy(
        securityPolicy('no-critical', 'critical', { blockDownload: true, failBuild: true }),
        T0,
      )
      // The virtual repository: its members are read inside the storing transaction.
      await s.createWatch(
        {
          name: 'npm-watch',
          description: '',
          resources: { kind: 'repositories', repositories: ['npm'] },
          policies: ['no-critical'],
        },
        T0,
      )
    })
    expect(await store.watchesUsingPolicy('no-critical')).toEqual(['npm-watch'])

    await blobs(sql, 'abc')
    const catalogue = npmCatalogue(sql, { versionArrived: (id, tx) => xray.versionArrived(id, tx) })
    const add = (version: string, c: string) =>
      sql.transaction((tx) => catalogue.within(tx).add(published('left-pad', version, c)))
    await add('1.0.0', 'a')
    await add('1.1.0', 'b')
    // A publish that fails after its version arrived leaves no scan behind either.
    await expect(
      sql.transaction(async (tx) => {
        await catalogue.within(tx).add(published('left-pad', '1.0.9', 'c'))
        throw new Error('refused later')
      }),
    ).rejects.toThrow('refused later')
    expect(await store.scanOf('npm://left-pad@1.0.9')).toBeUndefined()

    const old = 'npm://left-pad@1.0.0'
    expect(await store.scanOf(old)).toMatchObject({ status: 'scanned', critical: 1, low: 1, high: 0 })
    expect((await store.findingsOf(old)).map((f) => [f.advisoryId, f.component, f.direct, f.fixed])).toEqual([
      ['GHSA-bdep', 'b-dep', false, ['1.0.5']],
      ['GHSA-left', 'left-pad', true, ['1.1.0']],
    ])
    expect(await store.scanOf('npm://left-pad@1.1.0')).toMatchObject({
      status: 'scanned',
      critical: 0,
      low: 1,
    })
    // The catalogue's counts: the version's own, the package's distinct advisories over its versions.
    expect(await sql.one('SELECT vuln_critical, vuln_low FROM catalog_versions WHERE id = ?', [old])).toEqual(
      { vuln_critical: 1, vuln_low: 1 },
    )
    expect(
      await sql.one("SELECT vuln_critical, vuln_low FROM catalog_packages WHERE id = 'npm://left-pad'"),
    ).toEqual({ vuln_critical: 1, vuln_low: 1 })

    const now = xray.now()
    const blocking = await xray.blockingViolation(old)
    expect(blocking).toMatchObject({ packageName: 'left-pad', version: '1.0.0', issue: 'GHSA-left' })
    expect(await xray.blockingViolation('npm://left-pad@1.1.0')).toBeUndefined()
    const page = await store.violations({ resource: 'left-pad', limit: 10, offset: 0 }, now)
    expect(page.total).toBe(1)
    expect(await store.violation(page.rows[0]!.id)).toEqual(page.rows[0])
    expect((await store.violations({ severity: 'low', limit: 10, offset: 0 }, now)).total).toBe(0)
    expect((await store.violations({ watch: 'npm-watch', limit: 10, offset: 0 }, now)).total).toBe(1)
    expect((await xray.buildViolations('b', [old, 'npm://left-pad@1.1.0'])).map((d) => d.issue)).toEqual([
      'GHSA-left',
    ])

    // An ignore rule lifts the block until it expires on the platform's clock.
    const expires = new Date(clock.now() + 60_000).toISOString()
    await store.addIgnoreRule({ id: 'r1', issue: 'GHSA-left', reason: 'accepted', expires }, 'admin', now)
    expect(await xray.blockingViolation(old)).toBeUndefined()
    expect((await store.violations({ limit: 10, offset: 0 }, xray.now())).total).toBe(0)
    clock.advance(61_000)
    expect(await xray.blockingViolation(old)).toMatchObject({ issue: 'GHSA-left' })
    expect(await store.deleteIgnoreRule('r1')).toBe(true)
    expect(await store.ignoreRules()).toEqual([])

    const scans = await store.scansPage({
      q: 'LEFT',
      issuesOnly: true,
      order: 'name',
      direction: 'asc',
      limit: 1,
      offset: 1,
    })
    expect(scans.total).toBe(2)
    expect(scans.rows.map((r) => r.version)).toEqual(['1.1.0'])
    expect(
      (
        await store.scansPage({
          status: 'failed',
          issuesOnly: false,
          order: 'last_updated',
          direction: 'desc',
          limit: 5,
          offset: 0,
        })
      ).total,
    ).toBe(0)
    expect(await store.versionsOfPackage('npm://left-pad', '1.1.0')).toEqual([
      { id: 'npm://left-pad@1.1.0', package_id: 'npm://left-pad', name: '1.1.0' },
    ])
    expect((await store.versionsOfPackage('npm://left-pad', undefined)).length).toBe(2)

    // Without its watch, a re-evaluation leaves no violation; the run records its totals.
    expect(await store.deleteWatch('npm-watch')).toBe(true)
    await xray.reevaluateAll()
    expect(await xray.blockingViolation(old)).toBeUndefined()
    expect(await store.history('2026-01-01T00:00:00.000Z')).toContainEqual({
      at: xray.now(),
      critical: 1,
      high: 0,
      medium: 0,
      low: 2,
      unknown: 0,
      violations: 0,
    })
    expect(await xray.rescan(old)).toBe(true)
    expect(await xray.rescan('npm://nothing@1.0.0')).toBe(false)
    expect(await store.scanStatusCounts()).toEqual({ scanned: 2 })
  })

  it('keeps settings and indexed repositories, and seeds the shipped advisories once', async () => {
    const sql = await migrated(open)
    const xray = createXrayService({ sql, clock: manualClock(Date.parse(T0)) })
    const store = xray.store
    expect(await xray.seedIfEmpty()).toBe(true)
    expect(await xray.seedIfEmpty()).toBe(false)
    expect(await store.advisoryCount()).toBeGreaterThan(0)
    expect((await store.imports(5, xray.now())).map((i) => i.source)).toEqual(['shipped advisories'])

    expect(await store.indexedRepos()).toEqual(['docker-local', 'npm-local', 'npm-remote'])
    await store.transaction((s) => s.setIndexedRepos(['npm-local', 'npm-local']))
    expect(await store.indexedRepos()).toEqual(['npm-local'])
    expect(await store.isIndexed('npm-remote')).toBe(false)
    expect(await store.setting('scans')).toBeUndefined()
    await store.setSetting('scans', { retentionDays: 30 })
    await store.setSetting('scans', { retentionDays: 31 })
    expect(await store.setting('scans')).toEqual({ retentionDays: 31 })
  })
  it('counts the violations in force as it lists them, whatever ignore rules lift', async () => {
    const sql = await migrated(open)
    const xray = createXrayService({ sql, clock: manualClock(Date.parse('2026-12-01T12:00:00.000Z')) })
    const store = xray.store
    await blobs(sql, 'ab')
    const catalogue = npmCatalogue(sql, { versionArrived: async () => undefined })
    for (const [version, c] of [
      ['1.0.0', 'a'],
      ['1.0.1', 'b'],
    ] as const)
      await sql.transaction((tx) => catalogue.within(tx).add(published('left-pad', version, c)))
    let n = 0
    for (const version of ['npm://left-pad@1.0.0', 'npm://left-pad@1.0.1'])
      for (const watch of ['w1', 'w2'])
        for (const issue of ['GHSA-1', 'GHSA-2', 'GHSA-3'])
          for (const component of ['left-pad', 'b-dep'])
            await sql.run(
              `INSERT INTO xray_violations (version_id, watch_name, policy_name, rule_name, type, issue, component,
                 severity, block_download, fail_build, notify, created) VALUES (?, ?, ?, 'r', 'security', ?, ?, ?, 0, 0, 0, ?)`,
              [version, watch, `p-${watch}`, issue, component, n++ % 2 ? 'high' : 'low', T0],
            )
    const now = xray.now()
    const agree = async () => {
      for (const filter of [
        {},
        { severity: 'high' },
        { watch: 'w2' },
        { resource: 'left-pad' },
        { resource: 'b-dep' },
      ]) {
        const page = await store.violations({ ...filter, limit: 1000, offset: 0 }, now)
        expect(page.total, JSON.stringify(filter)).toBe(page.rows.length)
      }
      // The watches list's counts, as the page filtered by each watch counts them.
      const byWatch = await store.violationCountsByWatch(now)
      for (const watch of ['w1', 'w2'])
        expect(byWatch.get(watch) ?? 0, watch).toBe(
          (await store.violations({ watch, limit: 1000, offset: 0 }, now)).total,
        )
      return (await store.violations({ limit: 1000, offset: 0 }, now)).total
    }
    expect(await agree()).toBe(24)
    const rule = (id: string, r: Record<string, string>) =>
      store.addIgnoreRule({ id, reason: 'test', ...r }, 'admin', T0)
    await rule('expired', { issue: 'GHSA-1', expires: '2026-01-01T00:00:00.000Z' })
    expect(await agree()).toBe(24)
    await rule('issue', { issue: 'GHSA-1' })
    expect(await agree()).toBe(16)
    await rule('component-version', { component: 'b-dep', version: 'npm://left-pad@1.0.1' })
    expect(await agree()).toBe(12)
    // GHSA-3 under w2: both components of 1.0.0, and 1.0.1's left-pad (its b-dep is lifted already).
    await rule('watch-policy', { watch: 'w2', policy: 'p-w2', issue: 'GHSA-3' })
    expect(await agree()).toBe(9)
  })
  it('keeps each watch’s count right through scans, policy changes, ignore rules and deletes', async () => {
    const sql = await migrated(open)
    const clock = manualClock(Date.parse('2026-12-01T12:00:00.000Z'))
    const xray = createXrayService({ sql, clock })
    const store = xray.store
    /** The kept counts agree with the rows, and the watches list with the page filtered by each watch. */
    const agree = async () => {
      const kept = await sql.all<{ watch_name: string; severity: string; type: string; n: number }>(
        'SELECT watch_name, severity, type, n FROM xray_violation_counts WHERE n <> 0 ORDER BY 1, 2, 3',
      )
      const rows = await sql.all<{ watch_name: string; severity: string; type: string; n: number }>(
        `SELECT watch_name, severity, type, COUNT(*) AS n FROM (
           SELECT watch_name, severity, type FROM xray_violations
           UNION ALL SELECT watch_name, severity, type FROM xray_git_violations) x
         GROUP BY watch_name, severity, type ORDER BY 1, 2, 3`,
      )
      expect(kept.map((r) => ({ ...r, n: Number(r.n) }))).toEqual(rows.map((r) => ({ ...r, n: Number(r.n) })))
      const now = xray.now()
      const byWatch = await store.violationCountsByWatch(now)
      const out: Record<string, number> = {}
      for (const watch of ['all', 'local']) {
        const page = await store.violations({ watch, limit: 1000, offset: 0 }, now)
        expect(page.total, watch).toBe(page.rows.length)
        expect(byWatch.get(watch) ?? 0, watch).toBe(page.total)
        for (const severity of XRAY_SEVERITIES) {
          const filtered = await store.violations({ watch, severity, limit: 1000, offset: 0 }, now)
          expect(filtered.total, `${watch} ${severity}`).toBe(filtered.rows.length)
        }
        out[watch] = page.total
      }
      const whole = await store.violations({ limit: 1000, offset: 0 }, now)
      expect(whole.total).toBe(whole.rows.length)
      return out
    }

    await xray.importFrom(
      {
        kind: 'upload',
        name: 'advisories.json',
        bytes: exportOf([
          osv('GHSA-left', 'left-pad', [{ introduced: '0' }, { fixed: '1.1.0' }], 'CRITICAL'),
          osv('GHSA-bdep', 'b-dep', [{ introduced: '1.0.0' }, { fixed: '1.0.5' }], 'LOW'),
        ]),
      },
      { wait: true },
    )
    await store.transaction(async (s) => {
      await s.createPolicy(securityPolicy('critical', 'critical'), T0)
      await s.createPolicy(securityPolicy('any', 'low'), T0)
      await s.createWatch(
        { name: 'all', description: '', resources: { kind: 'all' }, policies: ['critical'] },
        T0,
      )
      await s.createWatch(
        {
          name: 'local',
          description: '',
          resources: { kind: 'repositories', repositories: ['npm-local'] },
          policies: ['any'],
        },
        T0,
      )
    })
    expect(await agree()).toEqual({ all: 0, local: 0 })

    // Scans as versions arrive: 1.0.0 has both advisories, 1.1.0 the dependency's only.
    await blobs(sql, 'ab')
    const catalogue = npmCatalogue(sql, { versionArrived: (id, tx) => xray.versionArrived(id, tx) })
    await sql.transaction((tx) => catalogue.within(tx).add(published('left-pad', '1.0.0', 'a')))
    await sql.transaction((tx) => catalogue.within(tx).add(published('left-pad', '1.1.0', 'b')))
    expect(await agree()).toEqual({ all: 1, local: 3 })

    // A re-evaluation that finds the same violations keeps them as they were, ids and dates.
    const ids = async () => (await store.violations({ limit: 1000, offset: 0 }, xray.now())).rows
    const before = await ids()
    clock.advance(60_000)
    await xray.reevaluateAll()
    expect(await ids()).toEqual(before)
    expect(await agree()).toEqual({ all: 1, local: 3 })

    // A policy changed: the low rule becomes a critical one, and its violations go.
    await store.updatePolicy({ ...securityPolicy('any', 'critical'), name: 'any' }, xray.now())
    await xray.reevaluateAll()
    expect(await agree()).toEqual({ all: 1, local: 1 })
    await store.updatePolicy(
      { ...securityPolicy('any', 'low', { blockDownload: true }), name: 'any' },
      xray.now(),
    )
    await xray.reevaluateAll()
    expect(await agree()).toEqual({ all: 1, local: 3 })

    // Ignore rules lift from the lists, and an expired one no longer does.
    await store.addIgnoreRule(
      {
        id: 'dep',
        issue: 'GHSA-bdep',
        reason: 'test',
        expires: new Date(clock.now() + 60_000).toISOString(),
      },
      'admin',
      xray.now(),
    )
    expect(await agree()).toEqual({ all: 1, local: 1 })
    await store.addIgnoreRule({ id: 'all', watch: 'all', reason: 'test' }, 'admin', xray.now())
    expect(await agree()).toEqual({ all: 0, local: 1 })
    clock.advance(61_000)
    expect(await agree()).toEqual({ all: 0, local: 3 })
    expect(await store.deleteIgnoreRule('all')).toBe(true)
    expect(await agree()).toEqual({ all: 1, local: 3 })

    // A git repository's violations count with its watch, and go with its integration.
    await sql.run(
      `INSERT INTO git_integrations (integration_key, integration_name, url, vendor_name, token, created_at, updated_at,
         created_by) VALUES ('k', 'gh', 'https://api.github.invalid', 1, 't', ?, ?, 'admin')`,
      [T0, T0],
    )
    await sql.run(
      "INSERT INTO xray_git_scans (integration_key, repository, status) VALUES ('k', 'o/r', 'scanned')",
    )
    await new GitScanStore(sql).putViolations(
      'k',
      'o/r',
      [
        {
          watch: 'all',
          policy: 'critical',
          rule: 'critical',
          type: 'security',
          issue: 'GHSA-left',
          component: 'left-pad',
          severity: 'critical',
          actions: { blockDownload: false, failBuild: false, notify: false },
        },
      ],
      xray.now(),
    )
    expect(await agree()).toEqual({ all: 2, local: 3 })
    await store.addIgnoreRule({ id: 'repo', version: 'git://gh/o/r', reason: 'test' }, 'admin', xray.now())
    expect(await agree()).toEqual({ all: 1, local: 3 })
    await sql.run("DELETE FROM git_integrations WHERE integration_key = 'k'")
    expect(await agree()).toEqual({ all: 1, local: 3 })

    // A version deleted takes its violations from the counts in the same statement.
    await sql.run("DELETE FROM catalog_versions WHERE id = 'npm://left-pad@1.0.0'")
    expect(await agree()).toEqual({ all: 0, local: 1 })
    // A watch deleted: its violations go at the re-evaluation.
    expect(await store.deleteWatch('local')).toBe(true)
    await xray.reevaluateAll()
    expect(await agree()).toEqual({ all: 0, local: 0 })
    expect(await store.history('2026-01-01T00:00:00.000Z')).toContainEqual(
      expect.objectContaining({ at: xray.now(), violations: 0 }),
    )

    // The watches list reads the kept counts: it counts no violation row itself.
    await sql.run("UPDATE xray_violation_counts SET n = n + 5 WHERE watch_name = 'all'")
    expect((await store.violationCountsByWatch(xray.now())).get('all')).toBe(5)
  })
  it('pages newest first through versions’ and git repositories’ violations together', async () => {
    const sql = await migrated(open)
    const xray = createXrayService({ sql, clock: manualClock(Date.parse('2026-12-01T12:00:00.000Z')) })
    await blobs(sql, 'a')
    const catalogue = npmCatalogue(sql, { versionArrived: async () => undefined })
    await sql.transaction((tx) => catalogue.within(tx).add(published('left-pad', '1.0.0', 'a')))
    await sql.run(
      `INSERT INTO git_integrations (integration_key, integration_name, url, vendor_name, token, created_at, updated_at,
         created_by) VALUES ('k', 'gh', 'https://api.github.invalid', 1, 't', ?, ?, 'admin')`,
      [T0, T0],
    )
    await sql.run(
      "INSERT INTO xray_git_scans (integration_key, repository, status) VALUES ('k', 'o/r', 'scanned')",
    )
    // Seven of each, their times interleaved, several sharing one time across both sides.
    const at = (i: number) => `2026-06-0${1 + Math.floor(i / 2)}T00:00:00.000Z`
    for (let i = 0; i < 7; i++) {
      await sql.run(
        `INSERT INTO xray_violations (version_id, watch_name, policy_name, rule_name, type, issue, component, severity,
           block_download, fail_build, notify, created) VALUES ('npm://left-pad@1.0.0', 'w', 'p', 'r', 'security', ?,
           'left-pad', 'low', 0, 0, 0, ?)`,
        [`GHSA-v${i}`, at(i)],
      )
      await sql.run(
        `INSERT INTO xray_git_violations (integration_key, repository, watch_name, policy_name, rule_name, type, issue,
           component, severity, block_download, fail_build, notify, created) VALUES ('k', 'o/r', 'w', 'p', 'r',
           'security', ?, 'minimist', 'low', 0, 0, 0, ?)`,
        [`GHSA-g${i}`, at(6 - i)],
      )
    }
    const now = xray.now()
    const whole = await xray.store.violations({ limit: 100, offset: 0 }, now)
    expect(whole.total).toBe(14)
    const key = (v: { created: string; id: number }) => `${v.created}/${String(v.id + 1000).padStart(5, '0')}`
    expect(whole.rows.map(key)).toEqual(whole.rows.map(key).sort().reverse())
    const paged = []
    for (let offset = 0; offset < 14; offset += 3)
      paged.push(...(await xray.store.violations({ limit: 3, offset }, now)).rows)
    expect(paged.map((v) => v.id)).toEqual(whole.rows.map((v) => v.id))
  })
  it('follows the scans settings: dependencies, a rescan after an import, the history kept', async () => {
    const sql = await migrated(open)
    const clock = manualClock(Date.parse('2026-12-01T12:00:00.000Z'))
    const xray = createXrayService({ sql, clock })
    const store = xray.store
    expect(await store.scanSettings()).toEqual({
      scanDependencies: true,
      rescanAfterImport: true,
      retentionDays: 90,
      notifyUrl: null,
    })
    await store.setSetting('scans', { scanDependencies: false, rescanAfterImport: false, retentionDays: 1 })
    const advisories = exportOf([
      osv('GHSA-bdep', 'b-dep', [{ introduced: '1.0.0' }, { fixed: '1.0.5' }], 'LOW'),
    ])
    expect(
      await xray.importFrom({ kind: 'upload', name: 'a.json', bytes: advisories }, { wait: true }),
    ).toMatchObject({ ok: true })
    await blobs(sql, 'ab')
    const catalogue = npmCatalogue(sql, { versionArrived: (id, tx) => xray.versionArrived(id, tx) })
    await sql.transaction((tx) => catalogue.within(tx).add(published('left-pad', '1.0.0', 'a')))
    // Its package.json declares b-dep ^1.0.0, which the advisory's range meets: not read.
    expect(await store.scanOf('npm://left-pad@1.0.0')).toMatchObject({ status: 'scanned', low: 0 })
    expect(await store.findingsOf('npm://left-pad@1.0.0')).toEqual([])

    // An advisory on the package itself, imported without a rescan: the stored version keeps its scan.
    const own = exportOf([
      osv('GHSA-left', 'left-pad', [{ introduced: '0' }, { fixed: '1.1.0' }], 'CRITICAL'),
    ])
    expect(
      await xray.importFrom({ kind: 'upload', name: 'b.json', bytes: own }, { wait: true }),
    ).toMatchObject({ ok: true })
    expect(await store.findingsOf('npm://left-pad@1.0.0')).toEqual([])
    expect(await xray.rescan('npm://left-pad@1.0.0')).toBe(true)
    expect((await store.findingsOf('npm://left-pad@1.0.0')).map((f) => f.advisoryId)).toEqual(['GHSA-left'])

    await store.recordHistory('2026-12-01T12:00:00.000Z')
    await store.recordHistory('2026-12-02T11:00:00.000Z')
    await store.recordHistory('2026-12-02T13:00:00.000Z')
    // A day kept: the run 25 hours before the last goes.
    expect((await store.history('2026-01-01T00:00:00.000Z')).map((h) => h.at)).toEqual([
      '2026-12-02T11:00:00.000Z',
      '2026-12-02T13:00:00.000Z',
    ])
  })
})

describe.each(engines.filter(([name]) => name === 'sqlite'))('xray on %s, sources', (_name, open) => {
  it('imports a zip from a URL and from a path, and refuses a URL that answers no export', async () => {
    const sql = await migrated(open)
    const xray = createXrayService({ sql, clock: manualClock(Date.parse(T0)) })
    const zip = zipSync({
      'npm/GHSA-url1.json': strToU8(
        JSON.stringify(osv('GHSA-url1', 'left-pad', [{ introduced: '0' }, { fixed: '1.1.0' }], 'HIGH')),
      ),
    })
    const served = createServer((request, response) => {
      if (request.url === '/npm/all.zip')
        response.writeHead(200, { 'content-type': 'application/zip' }).end(zip)
      else response.writeHead(404).end('no such export')
    })
    await new Promise<void>((resolve) => served.listen(0, '127.0.0.1', resolve))
    const base = `http://127.0.0.1:${(served.address() as AddressInfo).port}`
    const dir = mkdtempSync(join(tmpdir(), 'advisories-'))
    try {
      expect(
        await xray.importFrom({ kind: 'url', url: `${base}/npm/all.zip` }, { wait: true }),
      ).toMatchObject({
        ok: true,
        source: `${base}/npm/all.zip`,
        advisories: 1,
      })
      expect((await xray.store.advisory('GHSA-url1'))?.affected[0]?.package).toBe('left-pad')
      const missing = await xray.importFrom({ kind: 'url', url: `${base}/gone.zip` }, { wait: true })
      expect(missing).toMatchObject({ ok: false, advisories: 0 })
      expect(missing.report[0]?.reason).toMatch(/404/)

      const file = join(dir, 'all.zip')
      writeFileSync(
        file,
        zipSync({
          'npm/GHSA-path.json': strToU8(
            JSON.stringify(osv('GHSA-path', 'b-dep', [{ introduced: '1.0.0' }, { fixed: '1.0.5' }], 'LOW')),
          ),
        }),
      )
      expect(await xray.importFrom({ kind: 'path', path: file }, { wait: true })).toMatchObject({
        ok: true,
        advisories: 1,
      })
      expect(await xray.store.advisoryCount()).toBe(2)
    } finally {
      served.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe.each(engines.filter(([name]) => name === 'sqlite'))('xray on %s, planning', (_name, open) => {
  it('counts what ignore rules lift by their issues, from an index, once a scan run took statistics', async () => {
    const sql = await migrated(open)
    // Every statement the violations page asks for a count, with its parameters, to read its plan.
    const counts: Array<[string, readonly SqlValue[]]> = []
    const seen: Sql = {
      ...sql,
      one: (text, params) => {
        if (text.includes('COUNT(*)')) counts.push([text, params ?? []])
        return sql.one(text, params)
      },
    }
    const xray = createXrayService({ sql: seen, clock: manualClock(Date.parse('2026-12-01T12:00:00.000Z')) })
    await blobs(sql, 'a')
    const catalogue = npmCatalogue(sql, { versionArrived: async () => undefined })
    await sql.transaction((tx) => catalogue.within(tx).add(published('left-pad', '1.0.0', 'a')))
    // 2,000 violations: a fifth of them each severity, ten each issue.
    await sql.transaction(async (tx) => {
      for (let i = 0; i < 2000; i++)
        await tx.run(
          `INSERT INTO xray_violations (version_id, watch_name, policy_name, rule_name, type, issue, component,
             severity, block_download, fail_build, notify, created) VALUES ('npm://left-pad@1.0.0', ?, 'p', 'r',
             'security', ?, ?, ?, 0, 0, 0, ?)`,
          [`w${i % 4}`, `GHSA-${i % 200}`, `c${i % 11}`, XRAY_SEVERITIES[i % 5]!, T0],
        )
    })
    for (const issue of ['GHSA-0', 'GHSA-5'])
      await xray.store.addIgnoreRule({ id: issue, issue, reason: 'test' }, 'admin', T0)
    const liftedCountPlan = async () => {
      counts.length = 0
      const page = await xray.store.violations({ severity: 'critical', limit: 25, offset: 0 }, xray.now())
      expect(page.total).toBe(400 - 20)
      const [text, params] = counts.find(([t]) => t.includes('x.issue = ?'))!
      return (await sql.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${text}`, [...params])).map(
        (r) => r.detail,
      )
    }
    // Without statistics SQLite reads the severity's 400 and tests each against the rules.
    expect((await liftedCountPlan()).join()).not.toContain('xray_violations_issue')
    // A scan run (nothing indexed, so the violations stay) ends by taking them.
    await xray.store.transaction((s) => s.setIndexedRepos([]))
    await xray.rescanAll()
    expect((await liftedCountPlan()).join()).toContain('xray_violations_issue')
    // The totals the kept counts serve (unfiltered, by watch, by severity) and the watches list
    // count what the rules lift from an index alone, without looking each lifted row up; a
    // policy's total is read from its index.
    const plansOf = async (found: ReadonlyArray<[string, readonly SqlValue[]]>) => {
      const out: string[] = []
      for (const [text, params] of found.filter(([t]) => t.includes('FROM xray_violations x')))
        out.push(
          (await sql.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${text}`, [...params]))
            .map((r) => r.detail)
            .join('; '),
        )
      return out
    }
    const pagePlans = async (filter: object) => {
      counts.length = 0
      await xray.store.violations({ ...filter, limit: 25, offset: 0 }, xray.now())
      return plansOf(counts)
    }
    for (const filter of [{}, { watch: 'w1' }, { severity: 'high' }])
      expect(await pagePlans(filter), JSON.stringify(filter)).toEqual([
        expect.stringMatching(/^SEARCH x USING COVERING INDEX xray_violations_issue \(issue=\?/),
      ])
    expect((await pagePlans({ policy: 'p' }))[0]).toBe(
      'SEARCH x USING COVERING INDEX xray_violations_policy (policy_name=?)',
    )
    const grouped: Array<[string, readonly SqlValue[]]> = []
    await createXrayService({
      sql: { ...sql, all: (text, params) => (grouped.push([text, params ?? []]), sql.all(text, params)) },
      clock: manualClock(Date.parse('2026-12-01T12:00:00.000Z')),
    }).store.violationCountsByWatch(xray.now())
    expect(await plansOf(grouped)).toEqual([
      expect.stringMatching(/^SEARCH x USING COVERING INDEX xray_violations_issue \(issue=\?\)/),
    ])
    // Taken again only once the table has doubled or halved.
    expect(await xray.store.refreshPlannerStatistics()).toBe(false)
    await sql.run("DELETE FROM xray_violations WHERE severity <> 'critical'")
    expect(await xray.store.refreshPlannerStatistics()).toBe(true)
  })
})
