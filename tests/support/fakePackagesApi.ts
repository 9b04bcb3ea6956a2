/**
 * In-memory PackagesApi and ReleaseBundlesApi for tests: a small catalogue with real
 * filtering, sorting and cursor paging, calls recorded, failures injectable per call.
 */
import { left, right } from 'fp-ts/Either'
import type { DownloadFailure, PackagesApi, ReleaseBundlesApi, Result } from '../../adapters/ports'
import type { Failure } from '../../domain/shared/failure'
import type {
  Build,
  Dependency,
  DockerLayer,
  PackageSummary,
  Property,
  Severity,
  SortField,
  Provenance,
  VersionDetail,
  VersionSummary,
} from '../../domain/packages/types'
import type { ReleaseBundle } from '../../domain/releaseBundles/types'

const none = { critical: 0, high: 0, medium: 0, low: 0, info: 0, unknown: 0, skipped: 0 }

export function makePackage(name: string, over: Partial<PackageSummary> = {}): PackageSummary {
  const type = over.packageType ?? 'npm'
  return {
    id: `${type}://${name}`,
    name,
    packageType: type,
    description: `The ${name} package`,
    created: '2025-01-01T00:00:00.000Z',
    modified: '2025-06-01T00:00:00.000Z',
    latestVersion: '1.0.0',
    versionsCount: 1,
    stats: { downloads: 10, followers: 0 },
    licenses: [{ name: 'MIT', source: 'package.json' }],
    tags: [],
    vulnerabilities: none,
    operationalRisk: null,
    ...over,
  }
}

export function makeVersion(
  pkg: PackageSummary,
  name: string,
  over: Partial<VersionDetail> = {},
): VersionDetail {
  const file = `${pkg.name}-${name}.tgz`
  return {
    id: `${pkg.id}/${name}`,
    name,
    created: '2025-01-01T00:00:00.000Z',
    modified: '2025-01-01T00:00:00.000Z',
    repos: [{ name: 'npm-remote', type: 'remote', leadFilePath: `${pkg.name}/-/${file}` }],
    licenses: pkg.licenses,
    size: 1234,
    downloadCount: 3,
    vulnerabilities: none,
    files: [
      {
        name: file,
        path: `${pkg.name}/-/${file}`,
        lead: true,
        size: 1234,
        md5: 'd41d8cd98f00b204e9800998ecf8427e',
        sha1: 'da39a3ee5e6b4b0d3255bfef95601890afd80709',
        sha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
        mimeType: 'application/gzip',
      },
    ],
    digest: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    ...over,
  }
}

const wildcard = (pattern: string) =>
  new RegExp(
    `^${pattern
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.')}$`,
    'i',
  )

export interface FakeCatalogue {
  packages: PackageSummary[]
  /** Each version with its files; a list answers its rows without them, as the platform does. */
  versions: Record<string, VersionDetail[]>
  readmes: Record<string, string>
  builds: Build[]
  layers: DockerLayer[]
  platforms: string[]
  dependencies: Dependency[]
  properties: Property[]
  /** A call name → the failure it answers with. */
  failures: Partial<Record<keyof PackagesApi, DownloadFailure>>
  /** Calls made, in order, with their arguments. */
  calls: { name: keyof PackagesApi; args: unknown[] }[]
  /** When set, every call waits for this promise first (to observe loading states). */
  gate: Promise<void> | null
  downloads: { repoKey: string; path: string }[]
  /** What asking a version's remote again answers, by version id (absent: its provenance as listed). */
  upstream: Record<string, Provenance>
}

const SEVERITY_COUNTS: Readonly<Record<Severity, keyof PackageSummary['vulnerabilities']>> = {
  CRITICAL: 'critical',
  HIGH: 'high',
  MEDIUM: 'medium',
  LOW: 'low',
  INFO: 'info',
  UNKNOWN: 'unknown',
}

const SORT_KEYS: Readonly<Record<SortField, (p: PackageSummary) => string | number>> = {
  NAME: (p) => p.name,
  CREATED: (p) => p.created,
  MODIFIED: (p) => p.modified,
  DOWNLOADS: (p) => p.stats.downloads,
}

/** A version's row in a list: no files. */
const rowOf = ({ files: _files, ...row }: VersionDetail): VersionSummary => row

export function fakePackagesApi(
  init: Partial<FakeCatalogue> = {},
): PackagesApi & { catalogue: FakeCatalogue } {
  const c: FakeCatalogue = {
    packages: [],
    versions: {},
    readmes: {},
    builds: [],
    layers: [],
    platforms: [],
    dependencies: [],
    properties: [],
    failures: {},
    calls: [],
    gate: null,
    downloads: [],
    upstream: {},
    ...init,
  }
  // Like the platform: a checksum names a file of a version by its sha256, sha1 or md5.
  const holds = (v: VersionDetail, sum: string) =>
    v.files.some((f) => [f.sha256, f.sha1, f.md5].includes(sum.toLowerCase()))
  async function answer<A>(name: keyof PackagesApi, args: unknown[], value: () => A): Promise<Result<A>> {
    c.calls.push({ name, args })
    if (c.gate) await c.gate
    const failure = c.failures[name]
    return failure ? left(failure) : right(value())
  }
  return {
    catalogue: c,
    searchPackages: (query, page, signal) =>
      answer('searchPackages', [query, page, signal], () => {
        let rows = c.packages.filter(
          (p) =>
            (!query.name || wildcard(query.name).test(p.name)) &&
            (query.packageTypes.length === 0 || query.packageTypes.includes(p.packageType)) &&
            // Like the platform: at least one vulnerability of a chosen severity.
            (query.severities.length === 0 ||
              query.severities.some((s) => p.vulnerabilities[SEVERITY_COUNTS[s]] > 0)) &&
            (!query.checksum || (c.versions[p.id] ?? []).some((v) => holds(v, query.checksum!))),
        )
        // Like the platform: by the asked field, ties by name.
        const key = SORT_KEYS[query.sort.field]
        rows = [...rows].sort((a, b) => {
          const [x, y] = [key(a), key(b)]
          return (x < y ? -1 : x > y ? 1 : 0) || a.name.localeCompare(b.name)
        })
        if (query.sort.direction === 'DESC') rows.reverse()
        const start = page.after ? Number(page.after) : 0
        const items = rows.slice(start, start + page.first)
        const end = start + items.length
        return {
          items,
          endCursor: items.length > 0 ? String(end) : null,
          hasNextPage: end < rows.length,
          totalCount: rows.length,
        }
      }),
    countPackages: (query) => answer('countPackages', [query], () => c.packages.length),
    getPackage: (id) => answer('getPackage', [id], () => c.packages.find((p) => p.id === id) ?? null),
    listVersions: (filter, page) =>
      answer('listVersions', [filter, page], () => {
        // Versions as given (newest first), paged by an offset cursor like the packages.
        const all = (c.versions[filter.packageId] ?? []).filter(
          (v) => (!filter.name || v.name === filter.name) && (!filter.checksum || holds(v, filter.checksum)),
        )
        const start = page.after ? Number(page.after) : 0
        const items = all.slice(start, start + page.first).map(rowOf)
        const end = start + items.length
        return {
          items,
          endCursor: items.length > 0 ? String(end) : null,
          hasNextPage: end < all.length,
          totalCount: all.length,
        }
      }),
    getVersion: (packageId, name) =>
      answer(
        'getVersion',
        [packageId, name],
        () => (c.versions[packageId] ?? []).find((v) => v.name === name) ?? null,
      ),
    getReadme: (versionId, path) => answer('getReadme', [versionId, path], () => c.readmes[versionId] ?? ''),
    getBuilds: (repoKey, path) => answer('getBuilds', [repoKey, path], () => c.builds),
    getDockerLayers: (repoKey, path) =>
      answer('getDockerLayers', [repoKey, path], () => ({
        layers: c.layers,
        platforms: c.platforms,
      })),
    getNpmDependencies: (path) => answer('getNpmDependencies', [path], () => c.dependencies),
    getNpmProperties: (path) => answer('getNpmProperties', [path], () => c.properties),
    download: (repoKey, path) =>
      answer('download', [repoKey, path], () => {
        c.downloads.push({ repoKey, path })
      }),
    checkUpstream: (versionId) =>
      answer('checkUpstream', [versionId], () => {
        const listed = Object.values(c.versions)
          .flat()
          .find((v) => v.id === versionId)?.provenance
        const now = c.upstream[versionId] ?? listed
        if (!now) throw new Error(`no provenance for ${versionId}`)
        return now
      }),
  }
}

export function fakeReleaseBundlesApi(
  bundles: Record<string, ReleaseBundle[]> = {},
  failure?: Failure,
): ReleaseBundlesApi & { calls: string[] } {
  const calls: string[] = []
  return {
    calls,
    async byChecksum(checksum) {
      calls.push(checksum)
      return failure ? left(failure) : right(bundles[checksum] ?? [])
    },
  }
}
