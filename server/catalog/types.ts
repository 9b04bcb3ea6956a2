/**
 * The shape of the committed catalogue snapshot (`snapshot.json.gz`), written by
 * `npm run catalog` (build.ts) and loaded into SQLite on first start (load.ts).
 */

export const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info', 'unknown'] as const
export type SeverityName = (typeof SEVERITIES)[number]

export interface VulnerabilityCounts {
  critical: number
  high: number
  medium: number
  low: number
  info: number
  unknown: number
  skipped: number
}

export const noVulnerabilities = (): VulnerabilityCounts => ({
  critical: 0,
  high: 0,
  medium: 0,
  low: 0,
  info: 0,
  unknown: 0,
  skipped: 0,
})

/** A file's bytes: UTF-8 text when the bytes round-trip exactly, base64 otherwise. */
export interface StoredContent {
  readonly encoding: 'utf8' | 'base64'
  readonly data: string
}

export interface SnapshotFile {
  readonly name: string
  /** Path inside the repository, e.g. `react/-/19.2.0/package.json`. */
  readonly path: string
  readonly lead: boolean
  readonly size: number
  readonly md5: string
  readonly sha1: string
  readonly sha256: string
  readonly mimeType: string
  /** Absent when the bytes are not kept (tarballs: the snapshot has a size budget). */
  readonly content?: StoredContent
}

export interface Advisory {
  /** The advisory's id (GHSA id or the npm advisory number). */
  readonly id: string
  readonly severity: SeverityName
  readonly title: string
  readonly url: string
  readonly range: string
  readonly cves: readonly string[]
}

export interface SnapshotVersion {
  readonly name: string
  readonly created: string
  readonly modified: string
  readonly repo: string
  readonly leadFilePath: string
  /** Path of the file the readme call answers with, when the version has one. */
  readonly readmePath?: string
  /** The version's size in bytes (tarball size for npm, Installed-Size for Debian). */
  readonly size: number
  readonly licenses: readonly string[]
  readonly advisories: readonly Advisory[]
  readonly files: readonly SnapshotFile[]
  readonly dependencies: ReadonlyArray<{ name: string; version: string; scope: string }>
  readonly properties: ReadonlyArray<{ key: string; values: string[] }>
  /** Plain-text readme when the version has no README file (Debian: its long description). */
  readonly readmeText?: string
}

export interface SnapshotPackage {
  readonly type: string
  readonly name: string
  readonly description: string | null
  readonly licenses: readonly string[]
  /** Where the licence names were read (e.g. `package.json`, `debian/copyright`). */
  readonly licenseSource: string
  readonly tags: readonly string[]
  /** How the data was obtained: `node_modules`, `registry`, `dpkg`. */
  readonly source: string
  readonly versions: readonly SnapshotVersion[]
}

export interface Snapshot {
  readonly format: 1
  readonly builtAt: string
  /** What each source gave, and what could not be obtained (e.g. an unreachable audit endpoint). */
  readonly notes: readonly string[]
  readonly packages: readonly SnapshotPackage[]
}
