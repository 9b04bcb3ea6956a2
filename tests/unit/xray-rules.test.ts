// The security screens' rules as a user or a script sees them: what a change's message names,
// which lists come back fresh after it, pages, severities, version links, the trend chart and
// the CSV reports (domain/xray/rules.ts).
import { describe, expect, it } from 'vitest'
import {
  RELOADED_AFTER,
  changeSubject,
  countedSeverities,
  firstViolationsPage,
  isHttpUrl,
  pageOf,
  csvLine,
  isReportUnfinished,
  reportPercent,
  type ReportView,
  sbomPath,
  totalOf,
  trendGeometry,
  versionRouteOf,
  type TrendPoint,
  type XrayChange,
} from '../../domain/xray'

const counts = { critical: 1, high: 2, medium: 3, low: 4, unknown: 5 }

describe('a change names what it is about in its message', () => {
  const watch = { name: 'prod-watch', description: '', resources: { kind: 'all' as const }, policies: [] }
  const cases: Array<[XrayChange, string]> = [
    [
      {
        kind: 'savePolicy',
        create: true,
        policy: { name: 'no-critical', description: '', type: 'security', rules: [] },
      },
      'no-critical',
    ],
    [{ kind: 'saveWatch', create: false, watch }, 'prod-watch'],
    [{ kind: 'deletePolicy', name: 'old-policy' }, 'old-policy'],
    [{ kind: 'deleteWatch', name: 'old-watch' }, 'old-watch'],
    [{ kind: 'removeIgnoreRule', id: 'rule-7' }, 'rule-7'],
    [{ kind: 'rescan', versionId: 'npm://a@1.0.0' }, 'npm://a@1.0.0'],
    [{ kind: 'saveIndexed', repositories: ['npm-local', 'docker-local'] }, 'npm-local, docker-local'],
    [
      {
        kind: 'saveSettings',
        settings: { scanDependencies: true, rescanAfterImport: true, retentionDays: 9 },
      },
      '',
    ],
    [{ kind: 'importAdvisories', url: 'https://osv.example/all.zip' }, 'https://osv.example/all.zip'],
    [{ kind: 'importAdvisoryFile', fileRef: 'f1', name: 'npm.zip' }, 'npm.zip'],
    [{ kind: 'createReport', report: { kind: 'licenses', name: 'weekly', repositories: [] } }, 'weekly'],
    // The platform names an unnamed report after its kind.
    [{ kind: 'createReport', report: { kind: 'licenses', name: '', repositories: [] } }, 'licenses'],
    [{ kind: 'deleteReport', id: 'r1', name: 'weekly' }, 'weekly'],
    [{ kind: 'scanGit' }, ''],
  ]
  it.each(cases.map(([c, subject]) => [c.kind, c, subject] as const))('%s', (_kind, c, subject) => {
    expect(changeSubject(c)).toBe(subject)
  })

  it('an ignore rule by the narrowest thing it names: issue, component, version, watch, policy', () => {
    const ignore = (rule: Record<string, string>) =>
      changeSubject({ kind: 'ignore', rule: { reason: 'accepted', ...rule } })
    const all = { issue: 'GHSA-1', component: 'lodash', version: '4.17.20', watch: 'w', policy: 'p' }
    expect(ignore(all)).toBe('GHSA-1')
    const { issue: _i, ...noIssue } = all
    expect(ignore(noIssue)).toBe('lodash')
    const { component: _c, ...noComponent } = noIssue
    expect(ignore(noComponent)).toBe('4.17.20')
    const { version: _v, ...noVersion } = noComponent
    expect(ignore(noVersion)).toBe('w')
    expect(ignore({ policy: 'p' })).toBe('p')
    expect(ignore({})).toBe('')
  })
})

describe('after a change, the lists it alters are asked again', () => {
  it('each change refreshes exactly what it can alter', () => {
    expect(RELOADED_AFTER).toEqual({
      savePolicy: ['policies', 'violations'],
      deletePolicy: ['policies'],
      saveWatch: ['watches', 'policies', 'violations'],
      deleteWatch: ['watches', 'policies', 'violations'],
      ignore: ['violations', 'ignoreRules', 'component'],
      removeIgnoreRule: ['violations', 'ignoreRules', 'component'],
      rescan: ['scans', 'component'],
      saveIndexed: ['indexed', 'scans'],
      saveSettings: ['settings', 'notifications'],
      importAdvisories: ['database', 'scans', 'violations'],
      importAdvisoryFile: ['database', 'scans', 'violations'],
      rescanImport: ['database'],
      createReport: ['reports'],
      deleteReport: ['reports'],
      scanGit: ['gitRepositories', 'gitFindings'],
    })
  })
})

describe('addresses', () => {
  it('an advisory import takes only http and https addresses with a host', () => {
    for (const ok of ['https://osv.dev/all.zip', 'http://mirror.local:8080/x', ' HTTPS://A.B ', 'http://h'])
      expect(isHttpUrl(ok), ok).toBe(true)
    for (const bad of [
      'ftp://osv.dev/all.zip',
      'file:///etc/passwd',
      'https://',
      'https:///path',
      'https://?q',
      'https://#x',
      'https://a b',
      'xhttps://a.b',
      'osv.dev/all.zip',
      '',
    ])
      expect(isHttpUrl(bad), bad).toBe(false)
  })

  it("a version's SBOM is asked by its package and version, each encoded", () => {
    expect(sbomPath('npm://@scope/a b', '1.0.0+x&y')).toBe(
      '/xray/api/v1/sbom?package_id=npm%3A%2F%2F%40scope%2Fa%20b&version=1.0.0%2Bx%26y',
    )
  })

  it('a version id links to its package and version; one without both links nowhere', () => {
    expect(versionRouteOf('npm://a@1.0.0')).toEqual({ packageId: 'npm://a', version: '1.0.0' })
    expect(versionRouteOf('@1.0.0')).toBeUndefined()
    expect(versionRouteOf('npm://a@')).toBeUndefined()
    expect(versionRouteOf('a@1')).toEqual({ packageId: 'a', version: '1' })
  })
})

describe('pages', () => {
  it('the violations list opens on its first page of 25', () => {
    expect(firstViolationsPage).toEqual({ offset: 0, limit: 25 })
  })

  it('shows the page an offset falls on, and at least one page', () => {
    expect(pageOf(0, 25, 0)).toEqual({ page: 1, pages: 1 })
    expect(pageOf(0, 25, 25)).toEqual({ page: 1, pages: 1 })
    expect(pageOf(25, 25, 26)).toEqual({ page: 2, pages: 2 })
    expect(pageOf(49, 25, 51)).toEqual({ page: 2, pages: 3 })
    expect(pageOf(50, 25, 75)).toEqual({ page: 3, pages: 3 })
  })
})

describe('severities', () => {
  it('the total counts every severity, unknown included', () => {
    expect(totalOf(counts)).toBe(15)
  })

  it('shows the severities found, worst first, and none that found nothing', () => {
    expect(countedSeverities(counts).map((s) => s.severity)).toEqual([
      'critical',
      'high',
      'medium',
      'low',
      'unknown',
    ])
    expect(countedSeverities({ critical: 0, high: 2, medium: 0, low: 0, unknown: 1 })).toEqual([
      { severity: 'high', count: 2 },
      { severity: 'unknown', count: 1 },
    ])
    expect(countedSeverities({ critical: 0, high: 0, medium: 0, low: 0, unknown: 0 })).toEqual([])
  })
})

describe('the trend chart', () => {
  const point = (at: string, c: Partial<typeof counts>, violations: number): TrendPoint => ({
    at,
    critical: 0,
    high: 0,
    medium: 0,
    low: 0,
    unknown: 0,
    ...c,
    violations,
  })

  it('counts every severity in the vulnerabilities line and scales to the highest value', () => {
    const g = trendGeometry(
      [
        point('2026-01-01T00:00:00Z', counts, 3),
        point('2026-01-02T00:00:00Z', { critical: 1 }, 30),
        point('2026-01-05T00:00:00Z', {}, 0),
      ],
      80,
      30,
    )
    expect(g.max).toBe(30)
    expect(g.lines.vulnerabilities).toBe('0,15 20,29 80,30')
    expect(g.lines.violations).toBe('0,27 20,0 80,30')
  })

  it('a single point sits in the middle; nothing found draws on the floor', () => {
    const g = trendGeometry([point('2026-01-01T00:00:00Z', {}, 0)], 100, 40)
    expect(g.max).toBe(1)
    expect(g.lines).toEqual({ vulnerabilities: '50,40', violations: '50,40' })
    // A line of one point draws nothing: the run has a mark of its own on each series.
    expect(g.dots).toEqual({ vulnerabilities: [{ x: 50, y: 40 }], violations: [{ x: 50, y: 40 }] })
  })

  it('points at one time all sit at the left; positions are rounded to a tenth', () => {
    const g = trendGeometry(
      [point('2026-01-01T00:00:00Z', { low: 1 }, 0), point('2026-01-01T00:00:00Z', { low: 3 }, 0)],
      10,
      10,
    )
    expect(g.lines.vulnerabilities).toBe('0,6.7 0,0')
    expect(trendGeometry([], 10, 10).lines).toEqual({ vulnerabilities: '', violations: '' })
  })
})

describe('CSV lines of reports', () => {
  it('a line of cells: numbers and flags as written, CRLF at its end', () => {
    expect(csvLine(['npm://a@1.0.0', 'npm-local', 1, 7.5, true, false, ''])).toBe(
      'npm://a@1.0.0,npm-local,1,7.5,true,false,\r\n',
    )
  })

  it('defuses every character a spreadsheet starts a formula with, and quotes line breaks', () => {
    const field = (text: string) => csvLine(['x', text]).slice(2, -2)
    expect(field('=1+1')).toBe("'=1+1")
    expect(field('+1')).toBe("'+1")
    expect(field('-1')).toBe("'-1")
    expect(field('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(field('\tx')).toBe("'\tx")
    expect(field('a=b')).toBe('a=b')
    expect(field('a,b')).toBe('"a,b"')
    expect(field('a\nb')).toBe('"a\nb"')
    expect(field('\rb')).toBe(`"'\rb"`)
    expect(field('a"b')).toBe('"a""b"')
  })
})

describe('report progress', () => {
  const report = (patch: Partial<ReportView>): ReportView => ({
    id: 'r',
    name: 'r',
    kind: 'violations',
    repositories: [],
    status: 'running',
    done: 0,
    total: 0,
    rows: 0,
    error: null,
    createdBy: 'u',
    created: '2026-01-01T00:00:00.000Z',
    finished: null,
    columns: [],
    ...patch,
  })

  it('a whole percentage of the versions read, 100 once done, 0 with nothing in scope', () => {
    expect(reportPercent(report({ done: 1, total: 3 }))).toBe(33)
    expect(reportPercent(report({ done: 3, total: 3 }))).toBe(100)
    expect(reportPercent(report({ done: 0, total: 0 }))).toBe(0)
    expect(reportPercent(report({ status: 'done', done: 0, total: 0 }))).toBe(100)
    expect(reportPercent(report({ done: 5, total: 3 }))).toBe(100)
  })

  it('queued and running reports are unfinished; done and failed ones are not', () => {
    expect(isReportUnfinished(report({ status: 'queued' }))).toBe(true)
    expect(isReportUnfinished(report({ status: 'running' }))).toBe(true)
    expect(isReportUnfinished(report({ status: 'done' }))).toBe(false)
    expect(isReportUnfinished(report({ status: 'failed' }))).toBe(false)
  })
})
