/**
 * Pure rules of the packages browser that are not package-type rules (those live in
 * domain/packageTypes): where a version's files are, what a download fetches, which
 * vulnerability counts are shown.
 */
import type { VersionFile, VersionRepo, VersionSummary, Vulnerabilities } from './types'

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

export const SEVERITY_LEVELS = ['critical', 'high', 'medium', 'low', 'info', 'unknown', 'skipped'] as const
export type SeverityLevel = (typeof SEVERITY_LEVELS)[number]

/** Vulnerability counts by severity, most severe first, with zero counts dropped. */
export function shownVulnerabilities(
  v: Vulnerabilities,
): ReadonlyArray<{ level: SeverityLevel; count: number }> {
  return SEVERITY_LEVELS.map((level) => ({ level, count: v[level] })).filter((x) => x.count > 0)
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
