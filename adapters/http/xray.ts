import * as t from 'io-ts'
import { isLeft, left, map, right } from 'fp-ts/Either'
import { pipe } from 'fp-ts/function'
import type { Result, XrayApi } from '../ports'
import type { HttpClient, RequestOptions } from './client'
import {
  AdvisoryDatabase,
  ComponentSecurity,
  IgnoreRuleView,
  NotificationView,
  GitFinding,
  GitRepositoryScan,
  PolicyView,
  ReportView,
  ScanSettings,
  ScanView,
  SeverityCodec,
  TrendPoint,
  ViolationsPage,
  VulnerabilityView,
  ReportCell,
  WatchView,
} from '../../domain/xray/views'
import type { XrayAnswer, XrayAsk, XrayChange } from '../../domain/xray/types'
import { REPORT_PAGE_SIZE } from '../../domain/xray/rules'

const Scans = t.type({ total_count: t.number, data: t.array(ScanView) })
const Details = ComponentSecurity.types[0].props.details.types[0]
/** The spec's call answers `Critical|High|…` with new_severities=true; the domain keeps the lower-case word. */
const WireVulnerability = t.type({ ...VulnerabilityView.props, severity: t.string })
const Vulnerabilities = t.type({ data: t.array(WireVulnerability), total_count: t.number })
const Repositories = t.type({ repositories: t.array(t.type({ key: t.string })) })
const Indexed = t.type({ repositories: t.array(t.string) })
const Trends = t.type({ points: t.array(TrendPoint) })
const Notifications = t.type({ notifications: t.array(NotificationView) })
const GitRepositories = t.type({ repositories: t.array(GitRepositoryScan) })
const GitFindingList = t.type({ findings: t.array(GitFinding) })
const ReportWithPage = t.intersection([
  ReportView,
  t.type({ offset: t.number, page: t.array(t.array(ReportCell)) }),
])

const lowerSeverity = (s: string) => {
  const d = SeverityCodec.decode(s.toLowerCase())
  return isLeft(d) ? 'unknown' : d.right
}

const path = (s: string) => encodeURIComponent(s)

/** Security scanning's calls (server/API.md, Security scanning), each answer decoded. */
export function createXrayApi(http: HttpClient): XrayApi {
  const answer =
    <W extends XrayAnswer['what']>(what: W) =>
    (data: Extract<XrayAnswer, { what: W }>['data']) =>
      ({ what, data }) as XrayAnswer

  async function component(packageId: string, version: string): Promise<Result<XrayAnswer>> {
    let answeredAt: string | undefined
    const [details, found] = await Promise.all([
      http.request('/xray/ui/component/details/general', Details, {
        method: 'POST',
        body: { package_id: packageId, version },
      }),
      http.request('/xray/ui/unified/artifactViolationsByPackage', Vulnerabilities, {
        method: 'POST',
        query: { new_severities: true },
        body: { package_id: packageId, version },
        answered: (at) => {
          answeredAt = at
        },
      }),
    ])
    // A version the scanner does not know (not in a scanned repository) has no details: not an error.
    const unknown = isLeft(details) && details.left.kind === 'status' && details.left.status === 404
    if (isLeft(details) && !unknown) return details
    if (isLeft(found)) {
      if (isLeft(details)) return found
      // Spec 001 section 8: the list's failure falls back to the failed answer's Date header; the
      // details that did answer stay shown (docs/decisions/2026-12-04-violations-fallback-and-notify.md).
      return right(
        answer('component')({
          packageId,
          version,
          details: details.right,
          vulnerabilities: [],
          vulnerabilitiesUnavailable: { failure: found.left, answeredAt: answeredAt ?? null },
        }),
      )
    }
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
      case 'notifications':
        return pipe(
          await http.request('/xray/api/v1/notifications', Notifications),
          map((a) => answer('notifications')(a.notifications)),
        )
      case 'gitRepositories':
        return pipe(
          await http.request('/xray/api/v1/git_repositories', GitRepositories),
          map((d) => answer('gitRepositories')(d.repositories)),
        )
      case 'gitFindings':
        return pipe(
          await http.request('/xray/api/v1/git_repositories/findings', GitFindingList, {
            query: { integration_id: ask.integrationId, repository: ask.repository },
          }),
          map((d) =>
            answer('gitFindings')({
              integrationId: ask.integrationId,
              repository: ask.repository,
              findings: d.findings,
            }),
          ),
        )
      case 'reports':
        return pipe(await http.request('/xray/api/v1/reports', t.array(ReportView)), map(answer('reports')))
      case 'report':
        return pipe(
          await http.request(`/xray/api/v1/reports/${path(ask.id)}`, ReportWithPage, {
            query: { offset: ask.offset, limit: REPORT_PAGE_SIZE },
          }),
          map(({ offset, page, ...report }) => answer('report')({ report, offset, rows: page })),
        )
    }
  }

  function change(c: XrayChange, webhookUrl?: string, file?: Blob): Promise<Result<void>> {
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
      case 'saveSettings': {
        // The platform keeps the webhook when the body does not name one; null removes it.
        const { webhook, ...settings } = c.settings
        const notifyUrl =
          webhook?.kind === 'remove'
            ? { notifyUrl: null }
            : webhookUrl === undefined
              ? {}
              : { notifyUrl: webhookUrl }
        return http.send('/xray/api/v1/settings', { method: 'PUT', body: { ...settings, ...notifyUrl } })
      }
      case 'importAdvisories':
        return importFrom({ body: { url: c.url } })
      case 'importAdvisoryFile':
        // The bytes as they are (the platform tells a zip from JSON by its first bytes). The
        // answer comes once they are stored, not after the rescan they start: that may outlast
        // the platform's 60 s bound on a quiet connection, as the address import's would.
        return file === undefined
          ? Promise.resolve(left({ kind: 'aborted', message: 'no file to import' }))
          : importFrom({
              body: new Blob([file], { type: 'application/octet-stream' }),
              query: { name: c.name },
            })
      case 'rescanImport':
        return http.send(`/xray/api/v1/advisories/imports/${c.id}/rescan`, { method: 'POST', body: {} })
      case 'createReport':
        return http.send('/xray/api/v1/reports', { method: 'POST', body: c.report })
      case 'deleteReport':
        return http.send(`/xray/api/v1/reports/${path(c.id)}`, { method: 'DELETE' })
      case 'scanGit':
        // Waits for the scan, so the lists asked again afterwards show what it found.
        return http.send('/xray/api/v1/git_repositories/scan', {
          method: 'POST',
          query: { wait: true },
          body: {},
        })
    }
  }

  /** An import the platform ran but refused (all or nothing) is a failure with its first reason. */
  async function importFrom(what: Pick<RequestOptions, 'body' | 'query'>): Promise<Result<void>> {
    const Record = t.type({ ok: t.boolean, report: t.array(t.type({ file: t.string, reason: t.string })) })
    const done = await http.request('/xray/api/v1/advisories/import', Record, { method: 'POST', ...what })
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
