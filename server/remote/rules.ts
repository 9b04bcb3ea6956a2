/**
 * Pure rules of remote repositories: when a cached document is fresh, how an upstream's npm
 * document is shown here (tarball addresses rewritten, the abbreviated install form), how a
 * virtual repository merges its members' documents, what an integrity string asks for, and
 * what a client is told when the upstream fails.
 */
import type { UpstreamFault } from '../upstream/fetch'
import { tarballName } from '../registry/npmCatalogue'
import { latestOf } from '../catalog/versionOrder'
import { latestOwner } from '../registry/npmVersions'

export type NpmDocument = Record<string, unknown> & {
  readonly name?: unknown
  readonly versions?: Record<string, Record<string, unknown>>
  readonly 'dist-tags'?: Record<string, unknown>
  readonly time?: Record<string, unknown>
}

/** A cached document is served as it is until its period is over, then revalidated. */
export const isFresh = (fetchedAtMs: number, nowMs: number, periodSeconds: number): boolean =>
  nowMs - fetchedAtMs < periodSeconds * 1000

/** Whether a body is an npm package document for `name` (an upstream may answer anything). */
export function asNpmDocument(body: unknown, name: string): NpmDocument | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined
  const doc = body as NpmDocument
  if (doc.name !== undefined && doc.name !== name) return undefined
  if (doc.versions !== undefined && (typeof doc.versions !== 'object' || Array.isArray(doc.versions)))
    return undefined
  return doc
}

/** The upstream's address of a version's tarball and its checksums, as its document says. */
export interface TarballSource {
  readonly version: string
  readonly url: string
  readonly integrity: string | undefined
  readonly shasum: string | undefined
}

/** Whether a document lists `version` with a tarball to fetch: what installing it through the remote needs. */
export const listsVersion = (doc: NpmDocument, name: string, version: string): boolean =>
  tarballSource(doc, name, tarballName(name, version)) !== undefined

/** The version whose tarball is `file` (`name-1.0.0.tgz`) in a document, with where to fetch it. */
export function tarballSource(doc: NpmDocument, name: string, file: string): TarballSource | undefined {
  for (const [version, v] of Object.entries(doc.versions ?? {})) {
    if (tarballName(name, version) !== file) continue
    const dist = (v?.dist ?? {}) as Record<string, unknown>
    if (typeof dist.tarball !== 'string') return undefined
    return {
      version,
      url: dist.tarball,
      integrity: typeof dist.integrity === 'string' ? dist.integrity : undefined,
      shasum: typeof dist.shasum === 'string' ? dist.shasum : undefined,
    }
  }
  return undefined
}

/** Each version's tarball address made this platform's (`tarballBase` + `/name/-/file`). */
export function rewriteTarballs(doc: NpmDocument, name: string, tarballBase: string): NpmDocument {
  const versions: Record<string, Record<string, unknown>> = {}
  for (const [version, v] of Object.entries(doc.versions ?? {})) {
    const dist = (v?.dist ?? {}) as Record<string, unknown>
    versions[version] = {
      ...v,
      dist: { ...dist, tarball: `${tarballBase}/${name}/-/${tarballName(name, version)}` },
    }
  }
  return { ...doc, versions }
}

/** Fields of a version the install form keeps (npm's abbreviated metadata). */
const INSTALL_FIELDS = [
  'name',
  'version',
  'deprecated',
  'dependencies',
  'optionalDependencies',
  'devDependencies',
  'bundleDependencies',
  'bundledDependencies',
  'peerDependencies',
  'peerDependenciesMeta',
  'acceptDependencies',
  'bin',
  'directories',
  'dist',
  'engines',
  'os',
  'cpu',
  'funding',
  'license',
  '_hasShrinkwrap',
  'hasInstallScript',
]

/** `application/vnd.npm.install-v1+json`: what npm needs to install, nothing else. */
export function abbreviated(doc: NpmDocument): Record<string, unknown> {
  const versions: Record<string, Record<string, unknown>> = {}
  for (const [version, v] of Object.entries(doc.versions ?? {})) {
    const kept: Record<string, unknown> = {}
    for (const field of INSTALL_FIELDS) if (v && field in v) kept[field] = v[field]
    if (v && typeof v.scripts === 'object' && v.scripts) {
      const scripts = v.scripts as Record<string, unknown>
      if (scripts.install || scripts.preinstall || scripts.postinstall) kept.hasInstallScript = true
    }
    versions[version] = kept
  }
  const modified = typeof doc.time?.modified === 'string' ? doc.time.modified : undefined
  return {
    name: doc.name,
    ...(modified ? { modified } : {}),
    'dist-tags': doc['dist-tags'] ?? {},
    versions,
  }
}

/** Whether a request asks for the install form (npm sends it first, with the full form after it). */
export const wantsAbbreviated = (accept: string | undefined): boolean =>
  (accept ?? '').includes('application/vnd.npm.install-v1+json')

/** When a member's document says the package began: its `created`, else its earliest version's date. */
function firstDated(doc: NpmDocument): string | undefined {
  const time = doc.time ?? {}
  if (typeof time.created === 'string') return time.created
  const dates = Object.keys(doc.versions ?? {})
    .map((v) => time[v])
    .filter((t): t is string => typeof t === 'string')
    .sort()
  return dates[0]
}

/**
 * A virtual repository's document from its members' documents in order: the first member
 * holding a version gives it (a local member's version wins over a remote's listed after it),
 * dist-tags come from the member that held the package first (by its dates; without dates, the
 * first that has it), so a publish into a member listed first cannot take `latest` from the
 * upstream that held the package before; `latest` always names a version the merged document
 * holds.
 */
export function mergeDocuments(name: string, docs: readonly NpmDocument[]): NpmDocument | undefined {
  const present = docs.filter((d) => Object.keys(d.versions ?? {}).length > 0)
  const first = present[0]
  if (!first) return undefined
  const dated = present.flatMap((doc, i) => {
    const created = firstDated(doc)
    return created === undefined ? [] : [{ member: i, created }]
  })
  const owner = present[latestOwner(dated) ?? 0]!
  const versions: Record<string, Record<string, unknown>> = {}
  const time: Record<string, unknown> = {}
  for (const doc of present)
    for (const [version, v] of Object.entries(doc.versions ?? {})) {
      if (version in versions) continue
      versions[version] = v
      if (doc.time && typeof doc.time[version] === 'string') time[version] = doc.time[version]
    }
  const tags: Record<string, string> = {}
  for (const [tag, version] of Object.entries(owner['dist-tags'] ?? {}))
    if (typeof version === 'string' && version in versions) tags[tag] = version
  if (!tags.latest) {
    const latest = latestOf(Object.keys(versions))
    if (latest) tags.latest = latest
  }
  const times = Object.values(time)
    .filter((t): t is string => typeof t === 'string')
    .sort()
  const latestDoc = tags.latest ? versions[tags.latest] : undefined
  return {
    ...first,
    _id: name,
    name,
    description: latestDoc?.description ?? first.description,
    'dist-tags': tags,
    versions,
    time: { ...(times[0] ? { created: times[0], modified: times.at(-1) } : {}), ...time },
  }
}

/** What an integrity string or shasum asks the bytes to be. */
export interface ExpectedDigest {
  readonly algorithm: 'sha512' | 'sha384' | 'sha256' | 'sha1'
  /** base64 for SRI integrity, hex for a shasum. */
  readonly value: string
  readonly encoding: 'base64' | 'hex'
}

/** The strongest digest npm's metadata gives for a tarball: SRI integrity first, then the sha1 shasum. */
export function expectedDigest(
  integrity: string | undefined,
  shasum: string | undefined,
): ExpectedDigest | undefined {
  const order = ['sha512', 'sha384', 'sha256', 'sha1'] as const
  const parts = (integrity ?? '').split(/\s+/).filter(Boolean)
  for (const algorithm of order) {
    const found = parts.find((p) => p.startsWith(`${algorithm}-`))
    if (found)
      return { algorithm, value: found.slice(algorithm.length + 1).split('?')[0]!, encoding: 'base64' }
  }
  if (shasum && /^[0-9a-f]{40}$/i.test(shasum))
    return { algorithm: 'sha1', value: shasum.toLowerCase(), encoding: 'hex' }
  return undefined
}

/**
 * The digest a file server declares for a file in its answer's headers (`X-Checksum-Sha256`,
 * else `X-Checksum-Sha1`, as this platform and Artifactory send them), to check the bytes by.
 */
export function headerDigest(headers: Readonly<Record<string, unknown>>): ExpectedDigest | undefined {
  const sha256 = headers['x-checksum-sha256']
  if (typeof sha256 === 'string' && /^[0-9a-f]{64}$/i.test(sha256))
    return { algorithm: 'sha256', value: sha256.toLowerCase(), encoding: 'hex' }
  const sha1 = headers['x-checksum-sha1']
  if (typeof sha1 === 'string' && /^[0-9a-f]{40}$/i.test(sha1))
    return { algorithm: 'sha1', value: sha1.toLowerCase(), encoding: 'hex' }
  return undefined
}

/** Why a remote could not answer, in words a client shows (status chosen so npm reports it, never a 500). */
export interface RemoteProblem {
  readonly status: number
  readonly code: string
  readonly message: string
}

export function faultProblem(repo: string, fault: UpstreamFault): RemoteProblem {
  const where = `${repo}: the upstream ${fault.url}`
  switch (fault.kind) {
    case 'connectTimeout':
    case 'readTimeout':
      return { status: 504, code: 'UPSTREAM_TIMEOUT', message: `${where} timed out (${fault.message})` }
    case 'tooLarge':
      return { status: 502, code: 'UPSTREAM_TOO_LARGE', message: `${where} sent too much: ${fault.message}` }
    case 'reset':
      return { status: 502, code: 'UPSTREAM_RESET', message: `${where} broke off: ${fault.message}` }
    case 'tooManyRedirects':
    case 'badRedirect':
      return { status: 502, code: 'UPSTREAM_REDIRECT', message: `${where} redirects badly: ${fault.message}` }
    case 'tls':
      return { status: 502, code: 'UPSTREAM_TLS', message: `${where} failed TLS: ${fault.message}` }
    case 'blocked':
      return { status: 502, code: 'UPSTREAM_BLOCKED', message: `${where} is refused: ${fault.message}` }
    case 'connect':
    case 'badUrl':
      return {
        status: 502,
        code: 'UPSTREAM_UNREACHABLE',
        message: `${where} is unreachable: ${fault.message}`,
      }
  }
}

/**
 * How long an upstream must have failed, unbroken by a success, before an npm client is told it
 * is down with a status npm does not retry (424): below npm's first retry delay (10 s), so the
 * one retry of a request that met a blip asks again, and its second failure ends the wait
 * (docs/decisions/2026-12-05-uncached-package-upstream-down.md).
 */
export const OUTAGE_AFTER_MS = 5000

/** Whether an upstream failing since `failingSince` (ISO, or undefined) is down for good as of `nowMs`. */
export const isOutage = (failingSince: string | undefined, nowMs: number): boolean =>
  failingSince !== undefined && nowMs - Date.parse(failingSince) >= OUTAGE_AFTER_MS

/**
 * The status an npm client is answered for a remote's failure: the problem's own, except that an
 * upstream failure (5xx) during an outage is 424 Failed Dependency, which npm reports at once with
 * the message (its retries would only wait ~76 s to say the same; a 404 would call the outage a
 * missing package).
 */
export const npmStatusOf = (problem: RemoteProblem, outage: boolean): number =>
  outage && problem.status >= 500 ? 424 : problem.status

export const statusProblem = (repo: string, url: string, status: number): RemoteProblem =>
  status === 401 || status === 403
    ? {
        status: 502,
        code: 'UPSTREAM_REFUSED',
        message: `${repo}: the upstream ${url} refused the credentials (${status})`,
      }
    : { status: 502, code: 'UPSTREAM_ERROR', message: `${repo}: the upstream ${url} answered ${status}` }

export const notJsonProblem = (repo: string, url: string): RemoteProblem => ({
  status: 502,
  code: 'UPSTREAM_NOT_JSON',
  message: `${repo}: the upstream ${url} did not answer an npm package document`,
})

export const integrityProblem = (
  repo: string,
  file: string,
  expected: ExpectedDigest,
  actual: string,
): RemoteProblem => ({
  status: 502,
  code: 'EINTEGRITY',
  message: `${repo}: ${file} from the upstream does not match its integrity: expected ${expected.algorithm}-${expected.value}, got ${expected.algorithm}-${actual}`,
})

export const offlineProblem = (repo: string, what: string): RemoteProblem => ({
  status: 404,
  code: 'NOT_CACHED_OFFLINE',
  message: `${what} is not cached, and ${repo} is offline`,
})

export const notAllowedProblem = (repo: string, what: string): RemoteProblem => ({
  status: 403,
  code: 'NOT_CACHED_FORBIDDEN',
  message: `${what} is not cached in ${repo}, and you may not cache through it`,
})

/** Downloads on each of the `days` UTC days ending with `today` (YYYY-MM-DD), 0 where none. */
export function downloadsOverDays(
  today: string,
  days: number,
  counted: ReadonlyArray<{ day: string; count: number }>,
): Array<{ day: string; count: number }> {
  const byDay = new Map(counted.map((c) => [c.day, c.count]))
  const end = Date.parse(`${today}T00:00:00Z`)
  return Array.from({ length: days }, (_, i) => {
    const day = new Date(end - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10)
    return { day, count: byDay.get(day) ?? 0 }
  })
}
