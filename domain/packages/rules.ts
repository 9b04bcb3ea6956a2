/**
 * Pure rules of the packages browser that are not package-type rules (those live in
 * domain/packageTypes): where a version's files are, what a download fetches, which
 * vulnerability counts are shown.
 */
import type { VersionRepo, VersionSummary, Vulnerabilities } from './types'

import { canonicalPackageType } from '../packageTypes'

export const canonicalPackageTypeOrSelf = canonicalPackageType

/** The repository key and the path inside it of a version's lead file. */
export function repoKeyAndPath(repo: VersionRepo): { repoKey: string; path: string } {
  const path = repo.leadFilePath.replace(/^\/+/, '')
  // Some platforms give the lead file path with the repository key as its first segment.
  const prefix = `${repo.name}/`
  return { repoKey: repo.name, path: path.startsWith(prefix) ? path.slice(prefix.length) : path }
}

/**
 * The path of one of the version's files. The lead file is at the lead file path; the
 * version's other files (the reference platform's layout) sit in a folder named for the
 * version beside it: `react/-/react-19.3.1.tgz` → `react/-/19.3.1/package.json`.
 */
export function filePath(repo: VersionRepo, fileName: string, lead = false, versionName = ''): string {
  const { path } = repoKeyAndPath(repo)
  const slash = path.lastIndexOf('/')
  const dir = slash < 0 ? '' : path.slice(0, slash + 1)
  if (lead || path.slice(slash + 1) === fileName) return `${dir}${fileName}`
  return versionName === '' ? `${dir}${fileName}` : `${dir}${versionName}/${fileName}`
}

/** Go modules are downloaded as the module zip, not the `.mod` descriptor. */
export function downloadName(packageType: string, fileName: string): string {
  return canonicalPackageType(packageType) === 'go' && fileName.endsWith('.mod')
    ? `${fileName.slice(0, -4)}.zip`
    : fileName
}

export const SEVERITY_LEVELS = ['critical', 'high', 'medium', 'low', 'info', 'unknown', 'skipped'] as const
export type SeverityLevel = (typeof SEVERITY_LEVELS)[number]

/** Vulnerability counts by severity, most severe first, with zero counts dropped. */
export function shownVulnerabilities(
  v: Vulnerabilities,
): ReadonlyArray<{ level: SeverityLevel; count: number }> {
  return SEVERITY_LEVELS.map((level) => ({ level, count: v[level] })).filter((x) => x.count > 0)
}

/** The file extensions whose versions open on the readme tab. */
export const README_EXTENSIONS = [
  'tgz',
  'gz',
  'zip',
  'jar',
  'war',
  'nupkg',
  'crate',
  'apk',
  'whl',
  'egg',
  'mod',
]

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
