/**
 * Pure rules of the packages browser that are not package-type rules (those live in
 * domain/packageTypes): where a version's files are, what a download fetches, which
 * vulnerability counts are shown.
 */
import {
  MORE_PAGE_SIZE,
  type DownloadMessage,
  type ListState,
  type PackageQuery,
  type PackageDetails,
  type PackageSummary,
  type Provenance,
  type VersionFile,
  type VersionRepo,
  type VersionDetail,
  type VersionSummary,
  type Vulnerabilities,
} from './types'

import { canonicalPackageType, versionPathOf } from '../packageTypes'
import { defaultPackageQuery } from './initial'
import { remoteHealth } from '../repositories'

/** The repository key and the path inside it of a version's lead file. */
export function repoKeyAndPath(repo: VersionRepo): { repoKey: string; path: string } {
  const path = repo.leadFilePath.replace(/^\/+/, '')
  // Some platforms give the lead file path with the repository key as its first segment.
  const prefix = `${repo.name}/`
  return { repoKey: repo.name, path: path.startsWith(prefix) ? path.slice(prefix.length) : path }
}

/** Where each of a version's panels is asked for; null where the panel has nothing to ask (it shows empty). */
export interface VersionPanels {
  /** The lead file whose readme is asked for ('' without one). */
  readonly readmePath: string
  readonly builds: { readonly repoKey: string; readonly path: string } | null
  readonly dockerLayers: { readonly repoKey: string; readonly path: string } | null
  /** The npm package path (repository key, then the lead file) of the dependencies and properties. */
  readonly npm: string | null
}

/**
 * The panels a version of a package type has (spec 001 section 2): readme always, builds where
 * the version has a lead repository, docker layers for docker, dependencies and properties for npm.
 * Builds and layers are asked for the version's folder where its type gives it one (section 9).
 */
export function versionPanelsOf(packageType: string, repos: ReadonlyArray<VersionRepo>): VersionPanels {
  const type = canonicalPackageType(packageType)
  const lead = repos[0]
  const file = lead ? repoKeyAndPath(lead) : null
  // Builds and layers belong to the version: its folder, for a type whose versions have one.
  const where = file ? { repoKey: file.repoKey, path: versionPathOf(type, file.path) } : null
  return {
    readmePath: lead?.leadFilePath ?? '',
    builds: where,
    dockerLayers: type === 'docker' ? where : null,
    npm: type === 'npm' && lead ? `${lead.name}/${lead.leadFilePath}` : null,
  }
}

/**
 * What a file's download fetches: its name and its path in the repository, as the platform
 * gave them; except that go modules are downloaded as the module zip beside the `.mod`
 * descriptor. Null when the path is unknown (a log older than file paths).
 */
export function downloadOf(
  packageType: string,
  file: Pick<VersionFile, 'name' | 'path'>,
): { name: string; path: string } | null {
  if (file.path === '') return null
  const goMod = canonicalPackageType(packageType) === 'go' && file.name.endsWith('.mod')
  if (!goMod) return { name: file.name, path: file.path }
  const zip = (s: string) => (s.endsWith('.mod') ? `${s.slice(0, -4)}.zip` : s)
  return { name: zip(file.name), path: zip(file.path) }
}

/**
 * Why a download failed, as the user is told: a version a watch's policy blocks (the platform's
 * code `BLOCKED`, whatever its status), another refusal, a missing file, or a failure a Retry may
 * mend (an answer without a status, a server error).
 */
export function downloadMessageOf(failed: {
  readonly file: string
  readonly status: number | null
  readonly code?: string
  readonly policy?: string
  readonly watch?: string
}): DownloadMessage {
  const { file } = failed
  if (failed.code === 'BLOCKED')
    return {
      key: 'downloadBlocked',
      file,
      ...(failed.policy !== undefined ? { policy: failed.policy } : {}),
      ...(failed.watch !== undefined ? { watch: failed.watch } : {}),
    }
  if (failed.status === 403) return { key: 'downloadForbidden', file }
  if (failed.status === 404) return { key: 'downloadNotFound', file }
  return { key: 'downloadFailed', file }
}

export const SEVERITY_LEVELS = ['critical', 'high', 'medium', 'low', 'info', 'unknown', 'skipped'] as const
export type SeverityLevel = (typeof SEVERITY_LEVELS)[number]

/** Vulnerability counts by severity, most severe first, with zero counts dropped. */
export function shownVulnerabilities(
  v: Vulnerabilities,
): ReadonlyArray<{ level: SeverityLevel; count: number }> {
  return SEVERITY_LEVELS.map((level) => ({ level, count: v[level] })).filter((x) => x.count > 0)
}

/** What the security tab shows: the scanner's counts, or why there are none. */
export type XrayStatus = 'scanned' | 'unavailable' | 'unlicensed' | 'notScanned'

/**
 * The scanner's absence comes first, then its licence, then the component's own state; a
 * platform that does not say whether it scanned (`scanned` absent) is taken at its counts.
 */
export function xrayStatus(
  availability: 'available' | 'unavailable' | 'unlicensed',
  scanned: boolean | undefined,
): XrayStatus {
  if (availability !== 'available') return availability
  return scanned === false ? 'notScanned' : 'scanned'
}

/**
 * The versions shown after a further page arrives: the page appended in the order the
 * platform gave it, without any version already shown (a page delivered twice, or a version
 * published between two pages that shifted the cursor window, never shows twice).
 */
export function appendVersions(
  shown: ReadonlyArray<VersionSummary>,
  page: ReadonlyArray<VersionSummary>,
): ReadonlyArray<VersionSummary> {
  if (page.length === 0) return shown
  const ids = new Set(shown.map((v) => v.id))
  const added = page.filter((v) => {
    if (ids.has(v.id)) return false
    ids.add(v.id)
    return true
  })
  return added.length === 0 ? shown : [...shown, ...added]
}

/**
 * How far ahead of the last row on screen the next page is asked for: a further page's
 * worth, so it has arrived before fast scrolling reaches the end of what is loaded (30 rows,
 * the earlier distance, left the list waiting for half of a fast scroll through 10,000 rows).
 */
export const PREFETCH_ROWS = MORE_PAGE_SIZE

/** What the list's rows show of its state: a search's pages, or none before its answer. */
export interface ListRows {
  readonly pages: ReadonlyArray<ReadonlyArray<PackageSummary>>
  /** The rows the pages hold (derived, never stored beside them). */
  readonly rowCount: number
  /** How many the search finds; null while unknown (no answer yet). */
  readonly totalCount: number | null
  readonly hasNextPage: boolean
  readonly more: 'idle' | 'loading' | 'failed'
}

const NO_ROWS: ListRows = { pages: [], rowCount: 0, totalCount: null, hasNextPage: false, more: 'idle' }

export function listRows(list: ListState): ListRows {
  if (list.status !== 'loaded') return NO_ROWS
  const { pages, totalCount, hasNextPage, more } = list.data
  return {
    pages,
    rowCount: pages.reduce((n, page) => n + page.length, 0),
    totalCount: totalCount >= 0 ? totalCount : null,
    hasNextPage,
    more: more.status,
  }
}

/**
 * Whether the list should ask for its next page now, given the last row index on screen. A
 * failed further page waits for the user's retry instead of asking again by itself. Never
 * more than half of what is loaded ahead: with a page's worth ahead, the first page (smaller
 * than that) asked for the next one as it first drew, a larger answer than the first page's
 * decoded and drawn during the cold load for a user who may never scroll.
 */
export function wantsNextPage(
  rows: Pick<ListRows, 'hasNextPage' | 'more' | 'rowCount'>,
  lastVisibleRow: number,
): boolean {
  const ahead = Math.min(PREFETCH_ROWS, Math.floor(rows.rowCount / 2))
  return rows.hasNextPage && rows.more === 'idle' && lastVisibleRow >= rows.rowCount - ahead
}

/**
 * What the version list's paging offers (spec 001 section 6): how many are shown of how many,
 * and whether the next page is offered, asked for, or to be retried after a failure. The
 * package's count can lag behind what was loaded (a version published meanwhile): the total is
 * never less than what is shown.
 */
export interface VersionsPaging {
  readonly shown: number
  /** The versions there are, when more than those shown may exist; null once all are shown. */
  readonly of: number | null
  readonly next: 'none' | 'offered' | 'loading' | 'retry'
}

export function versionsPaging(
  details: Pick<PackageDetails, 'versions' | 'hasNextPage' | 'more'>,
  total: number,
): VersionsPaging {
  const shown = details.versions.length
  const { status } = details.more
  const next =
    status === 'failed'
      ? 'retry'
      : !details.hasNextPage
        ? 'none'
        : status === 'loading'
          ? 'loading'
          : 'offered'
  return { shown, of: details.hasNextPage ? Math.max(total, shown) : null, next }
}

/** The landing's two searches: every package, newest first and most downloaded first. */
export const LANDING_QUERIES = {
  newest: { ...defaultPackageQuery, sort: { field: 'CREATED', direction: 'DESC' } },
  popular: { ...defaultPackageQuery, sort: { field: 'DOWNLOADS', direction: 'DESC' } },
} as const satisfies Record<'newest' | 'popular', PackageQuery>

/** The landing's most downloaded packages: a package nobody downloaded is not among them. */
export const downloadedOnly = (packages: ReadonlyArray<PackageSummary>): ReadonlyArray<PackageSummary> =>
  packages.filter((p) => p.stats.downloads > 0)
/**
 * Whether a version can be installed: its bytes are stored here, its remote fetches them from
 * the upstream on the first install, or it cannot: the remote is offline, the upstream said it
 * has no such version (to install), or the upstream has failed since it last answered.
 */
export type Availability = 'stored' | 'fetchable' | 'offline' | 'notUpstream' | 'unreachable'

export function availabilityOf(provenance: Provenance | undefined): Availability {
  if (provenance?.kind !== 'notCached') return 'stored'
  const health = remoteHealth(provenance)
  if (health === 'offline') return 'offline'
  // The upstream's own answer about this version outranks a later failure to reach it.
  if (provenance.inUpstream === false) return 'notUpstream'
  return health === 'failing' ? 'unreachable' : 'fetchable'
}

/**
 * Whether the upstream is to be asked about the version: when it is not cached and the
 * remote would fetch it, but whether the upstream has this version is not known yet (the
 * command shown would fail if it has not), or, on the user's Retry, while it is unreachable.
 */
export function upstreamQuestion(provenance: Provenance | undefined): 'ask' | 'retry' | 'none' {
  const availability = availabilityOf(provenance)
  if (availability === 'unreachable') return 'retry'
  return availability === 'fetchable' &&
    provenance?.kind === 'notCached' &&
    provenance.inUpstream === undefined
    ? 'ask'
    : 'none'
}

/** Whether the open version is a version page's (with its files), not the package page's newest row. */
export const withFiles = (version: VersionSummary | VersionDetail): version is VersionDetail =>
  'files' in version
