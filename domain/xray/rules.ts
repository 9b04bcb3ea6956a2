/** Rules of the security screens: what a change names and refreshes, pages, and the trend chart. */
import type { XrayChange, XrayChangeKind, XrayWhat, ViolationQuery } from './types'
import type { AdvisoryImport, ReportView, SeverityCounts, TrendPoint } from './views'
import { XRAY_SEVERITIES, type XraySeverity } from './severity'

/** What a change is about, for its message: the policy's or watch's name, the version, … */
export function changeSubject(c: XrayChange): string {
  switch (c.kind) {
    case 'savePolicy':
      return c.policy.name
    case 'saveWatch':
      return c.watch.name
    case 'deletePolicy':
    case 'deleteWatch':
      return c.name
    case 'ignore':
      return c.rule.issue ?? c.rule.component ?? c.rule.version ?? c.rule.watch ?? c.rule.policy ?? ''
    case 'removeIgnoreRule':
      return c.id
    case 'rescan':
      return c.versionId
    case 'saveIndexed':
      return c.repositories.join(', ')
    case 'saveSettings':
      return ''
    case 'importAdvisories':
      return c.url
    case 'importAdvisoryFile':
      return c.name
    case 'rescanImport':
      return String(c.id)
    case 'createReport':
      return c.report.name || c.report.kind
    case 'deleteReport':
      return c.name
    case 'scanGit':
      return ''
  }
}

/** The lists a change alters, asked again once it is done (those a screen has loaded). */
export const RELOADED_AFTER: Readonly<Record<XrayChangeKind, ReadonlyArray<XrayWhat>>> = {
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
}

/** The longest name the platform keeps for a report. */
export const REPORT_NAME_MAX = 100

/** The longest build name, and the most builds, the platform takes for a report. */
export const REPORT_BUILD_NAME_MAX = 200
export const REPORT_BUILDS_MAX = 1000

/** The builds a report is asked over, by name: trimmed, each once (the platform refuses repeats). */
export const reportBuilds = (builds: ReadonlyArray<string>): string[] => [
  ...new Set(builds.map((b) => b.trim()).filter((b) => b !== '')),
]

/** Whether the platform is still making a report (its progress moves). */
export const isReportUnfinished = (r: ReportView): boolean => r.status === 'queued' || r.status === 'running'

/** How far a report is, as a whole percentage of the versions in scope it has read. */
export const reportPercent = (r: ReportView): number =>
  r.status === 'done' ? 100 : r.total === 0 ? 0 : Math.min(100, Math.floor((r.done / r.total) * 100))

/** Where the platform answers a finished report as a file, under the API's base. */
export const reportExportPath = (id: string, format: 'csv' | 'json'): string =>
  `/xray/api/v1/reports/${encodeURIComponent(id)}/export?format=${format}`

/** How often the Reports screen asks again while a report is being made. */
export const REPORT_POLL_MS = 1000
export const REPORTS_PATH = '/reports'

/** Whether an import's rescan is still to finish (the Advisory Database page asks again meanwhile). */
export const isRescanUnfinished = (i: AdvisoryImport): boolean =>
  i.rescan?.status === 'waiting' || i.rescan?.status === 'running'
export const ADVISORIES_PATH = '/admin/xray/advisories'

/** Rows of a report shown a page at a time. */
export const REPORT_PAGE_SIZE = 50

export const isHttpUrl = (text: string): boolean => /^https?:\/\/[^/?#\s]+\S*$/i.test(text.trim())

/**
 * What may be shown and recorded of a webhook's address: its scheme, host and port. Never its
 * user part, path or query, where a secret may stand (`https://hooks.example.com/services/T/B/secret`).
 */
export function webhookTarget(url: string): string | null {
  try {
    const u = new URL(url.trim())
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null
  } catch {
    return null
  }
}

/** Where the platform answers a version's SBOM (CycloneDX 1.5 JSON), under the API's base. */
export const sbomPath = (packageId: string, version: string): string =>
  `/xray/api/v1/sbom?package_id=${encodeURIComponent(packageId)}&version=${encodeURIComponent(version)}`

export const VIOLATIONS_PAGE_SIZE = 25
export const SCANS_PAGE_SIZE = 20

export const firstViolationsPage: ViolationQuery = { offset: 0, limit: VIOLATIONS_PAGE_SIZE }

/** The page shown (1-based) and how many pages there are. */
export function pageOf(offset: number, limit: number, total: number): { page: number; pages: number } {
  return { page: Math.floor(offset / limit) + 1, pages: Math.max(1, Math.ceil(total / limit)) }
}

export const totalOf = (c: SeverityCounts): number => c.critical + c.high + c.medium + c.low + c.unknown

/** The severities with a count, worst first. */
export const countedSeverities = (c: SeverityCounts): Array<{ severity: XraySeverity; count: number }> =>
  XRAY_SEVERITIES.map((severity) => ({ severity, count: c[severity] })).filter((s) => s.count > 0)

/** A version id (`npm://name@1.2.3`) as the package's route parts. */
export function versionRouteOf(versionId: string): { packageId: string; version: string } | undefined {
  const at = versionId.lastIndexOf('@')
  if (at <= 0 || at === versionId.length - 1) return undefined
  return { packageId: versionId.slice(0, at), version: versionId.slice(at + 1) }
}

export type TrendSeries = 'vulnerabilities' | 'violations'

export interface ChartGeometry {
  readonly max: number
  /** SVG points ("x,y …") of each series in a width × height box, oldest left. */
  readonly lines: Readonly<Record<TrendSeries, string>>
  /**
   * Each scan run's place on each series, for a mark of its own: a line of one run draws
   * nothing, and a fresh platform has had one.
   */
  readonly dots: Readonly<Record<TrendSeries, ReadonlyArray<{ readonly x: number; readonly y: number }>>>
}

/** The trend chart's lines: vulnerabilities (all severities) and violations over the points' times. */
export function trendGeometry(
  points: ReadonlyArray<TrendPoint>,
  width: number,
  height: number,
): ChartGeometry {
  const series = (p: TrendPoint): Record<TrendSeries, number> => ({
    vulnerabilities: totalOf(p),
    violations: p.violations,
  })
  const values = points.map(series)
  const max = Math.max(1, ...values.flatMap((v) => [v.vulnerabilities, v.violations]))
  const times = points.map((p) => Date.parse(p.at))
  const first = times[0] ?? 0
  const span = Math.max(1, (times[times.length - 1] ?? 0) - first)
  const dotsOf = (key: TrendSeries) =>
    values.map((v, i) => ({
      x: round(points.length === 1 ? width / 2 : (((times[i] ?? first) - first) / span) * width),
      y: round(height - (v[key] / max) * height),
    }))
  const dots = { vulnerabilities: dotsOf('vulnerabilities'), violations: dotsOf('violations') }
  const line = (key: TrendSeries) => dots[key].map(({ x, y }) => `${x},${y}`).join(' ')
  return { max, lines: { vulnerabilities: line('vulnerabilities'), violations: line('violations') }, dots }
}

const round = (n: number) => Math.round(n * 10) / 10

/** A CSV field: quoted when it holds a comma, quote or line break; a formula's lead character defused. */
function csvField(value: string | number | boolean): string {
  let text = String(value)
  // A spreadsheet runs a cell starting with these as a formula (CSV injection).
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** One CSV line (with its CRLF) of these cells. */
export const csvLine = (cells: ReadonlyArray<string | number | boolean>): string =>
  cells.map(csvField).join(',') + '\r\n'
