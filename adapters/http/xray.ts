import * as t from 'io-ts'
import { isLeft, left, map, right } from 'fp-ts/Either'
import { pipe } from 'fp-ts/function'
import type { Result, XrayApi } from '../ports'
import type { HttpClient } from './client'
import {
  AdvisoryDatabase,
  ComponentSecurity,
  IgnoreRuleView,
  PolicyView,
  ScanSettings,
  ScanView,
  SeverityCodec,
  TrendPoint,
  ViolationsPage,
  VulnerabilityView,
  type ScanView as ScanRow,
  type ViolationView,
  WatchView,
} from '../../domain/xray/views'
import type { XrayAnswer, XrayAsk, XrayChange } from '../../domain/xray/types'

const Scans = t.type({ total_count: t.number, data: t.array(ScanView) })
const Details = ComponentSecurity.props.details.types[0]
/** The spec's call answers `Critical|High|…` with new_severities=true; the domain keeps the lower-case word. */
const WireVulnerability = t.type({ ...VulnerabilityView.props, severity: t.string })
const Vulnerabilities = t.type({ data: t.array(WireVulnerability), total_count: t.number })
const Repositories = t.type({ repositories: t.array(t.type({ key: t.string })) })
const Indexed = t.type({ repositories: t.array(t.string) })
const Trends = t.type({ points: t.array(TrendPoint) })

const lowerSeverity = (s: string) => {
  const d = SeverityCodec.decode(s.toLowerCase())
  return isLeft(d) ? 'unknown' : d.right
}

const path = (s: string) => encodeURIComponent(s)

/** A report reads at most this many pages of its list (the platform's largest page each). */
const REPORT_PAGES = 50
const REPORT_PAGE_ROWS = 1000

/** Security scanning's calls (server/API.md, Security scanning), each answer decoded. */
export function createXrayApi(http: HttpClient): XrayApi {
  const answer =
    <W extends XrayAnswer['what']>(what: W) =>
    (data: Extract<XrayAnswer, { what: W }>['data']) =>
      ({ what, data }) as XrayAnswer

  async function component(packageId: string, version: string): Promise<Result<XrayAnswer>> {
    const [details, found] = await Promise.all([
      http.request('/xray/ui/component/details/general', Details, {
        method: 'POST',
        body: { package_id: packageId, version },
      }),
      http.request('/xray/ui/unified/artifactViolationsByPackage', Vulnerabilities, {
        method: 'POST',
        query: { new_severities: true },
        body: { package_id: packageId, version },
      }),
    ])
    // A version the scanner does not know (not in a scanned repository) has no details: not an error.
    const unknown = isLeft(details) && details.left.kind === 'status' && details.left.status === 404
    if (isLeft(details) && !unknown) return details
    if (isLeft(found)) return found
    return right(
      answer('component')({
        packageId,
        version,
        details: isLeft(details) ? null : details.right,
        vulnerabilities: found.right.data.map((v) => ({ ...v, severity: lowerSeverity(v.severity) })),
      }),
    )
  }

  async function load(ask: XrayAsk): Promise<Result<XrayAnswer>> {
    switch (ask.what) {
      case 'violations':
        return pipe(
          await http.request('/xray/api/v1/violations', ViolationsPage, { query: { ...ask.query } }),
          map(answer('violations')),
        )
      case 'policies':
        return pipe(await http.request('/xray/api/v1/policies', t.array(PolicyView)), map(answer('policies')))
      case 'watches':
        return pipe(await http.request('/xray/api/v1/watches', t.array(WatchView)), map(answer('watches')))
      case 'ignoreRules':
        return pipe(
          await http.request('/xray/api/v1/ignore_rules', t.array(IgnoreRuleView)),
          map(answer('ignoreRules')),
        )
      case 'scans': {
        const q = ask.query
        return pipe(
          await http.request('/xray/ui/component/paginatedsearch', Scans, {
            method: 'POST',
            query: { direction: 'desc', num_of_rows: q.rows, order_by: 'last_updated', page_num: q.page },
            body: {
              all_components: !q.issuesOnly,
              ...(q.status ? { status: q.status } : {}),
              ...(q.search ? { search: q.search } : {}),
            },
          }),
          map((s) => answer('scans')({ total: s.total_count, rows: s.data })),
        )
      }
      case 'component':
        return component(ask.packageId, ask.version)
      case 'trends':
        return pipe(
          await http.request('/xray/api/v1/trends', Trends, { query: { days: ask.days } }),
          map((a) => answer('trends')(a.points)),
        )
      case 'database':
        return pipe(
          await http.request('/xray/api/v1/advisories/status', AdvisoryDatabase),
          map(answer('database')),
        )
      case 'indexed': {
        const [indexed, repos] = await Promise.all([
          http.request('/xray/api/v1/indexed_resources', Indexed),
          http.request('/repositories', Repositories),
        ])
        if (isLeft(indexed)) return indexed
        if (isLeft(repos)) return repos
        return right(
          answer('indexed')({
            repositories: indexed.right.repositories,
            available: repos.right.repositories.map((r) => r.key),
          }),
        )
      }
      case 'settings':
        return pipe(await http.request('/xray/api/v1/settings', ScanSettings), map(answer('settings')))
      case 'report':
        return report(ask.kind, ask.repositories)
    }
  }

  /** Every row of a report, a page at a time (at most REPORT_PAGES pages), kept to the chosen repositories. */
  async function report(
    kind: 'violations' | 'vulnerabilities',
    repositories: ReadonlyArray<string>,
  ): Promise<Result<XrayAnswer>> {
    const kept = (repo: string) => repositories.length === 0 || repositories.includes(repo)
    if (kind === 'violations') {
      const rows: ViolationView[] = []
      for (let page = 0; page < REPORT_PAGES; page++) {
        const got = await http.request('/xray/api/v1/violations', ViolationsPage, {
          query: { limit: REPORT_PAGE_ROWS, offset: page * REPORT_PAGE_ROWS },
        })
        if (isLeft(got)) return got
        rows.push(...got.right.rows.filter((v) => kept(v.repo)))
        if ((page + 1) * REPORT_PAGE_ROWS >= got.right.total) break
      }
      return right(answer('report')({ kind, rows }))
    }
    const rows: ScanRow[] = []
    for (let page = 1; page <= REPORT_PAGES; page++) {
      const got = await http.request('/xray/ui/component/paginatedsearch', Scans, {
        method: 'POST',
        query: { direction: 'asc', num_of_rows: 500, order_by: 'name', page_num: page },
        body: { all_components: true },
      })
      if (isLeft(got)) return got
      rows.push(...got.right.data.filter((s) => kept(s.repo)))
      if (page * 500 >= got.right.total_count) break
    }
    return right(answer('report')({ kind, rows }))
  }

  function change(c: XrayChange): Promise<Result<void>> {
    switch (c.kind) {
      case 'savePolicy':
        return c.create
          ? http.send('/xray/api/v1/policies', { method: 'POST', body: c.policy })
          : http.send(`/xray/api/v1/policies/${path(c.policy.name)}`, { method: 'PUT', body: c.policy })
      case 'deletePolicy':
        return http.send(`/xray/api/v1/policies/${path(c.name)}`, { method: 'DELETE' })
      case 'saveWatch':
        return c.create
          ? http.send('/xray/api/v1/watches', { method: 'POST', body: c.watch })
          : http.send(`/xray/api/v1/watches/${path(c.watch.name)}`, { method: 'PUT', body: c.watch })
      case 'deleteWatch':
        return http.send(`/xray/api/v1/watches/${path(c.name)}`, { method: 'DELETE' })
      case 'ignore':
        return http.send('/xray/api/v1/ignore_rules', { method: 'POST', body: c.rule })
      case 'removeIgnoreRule':
        return http.send(`/xray/api/v1/ignore_rules/${path(c.id)}`, { method: 'DELETE' })
      case 'rescan':
        return http.send('/xray/api/v1/scans/rescan', { method: 'POST', body: { version_id: c.versionId } })
      case 'saveIndexed':
        return http.send('/xray/api/v1/indexed_resources', {
          method: 'PUT',
          body: { repositories: c.repositories },
        })
      case 'saveSettings':
        return http.send('/xray/api/v1/settings', { method: 'PUT', body: c.settings })
      case 'importAdvisories':
        return importFrom(c.url)
    }
  }

  /** An import the platform ran but refused (all or nothing) is a failure with its first reason. */
  async function importFrom(url: string): Promise<Result<void>> {
    const Record = t.type({ ok: t.boolean, report: t.array(t.type({ file: t.string, reason: t.string })) })
    const done = await http.request('/xray/api/v1/advisories/import', Record, {
      method: 'POST',
      body: { url },
    })
    if (isLeft(done)) return done
    if (done.right.ok) return right(undefined)
    const first = done.right.report[0]
    return left({
      kind: 'status',
      status: 422,
      message: first ? `${first.file}: ${first.reason}` : 'The import was refused',
    })
  }

  return { load, change }
}
