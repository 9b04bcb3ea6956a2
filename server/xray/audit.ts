/**
 * `npm audit` against the platform, answered from the advisory database: the bulk advisory
 * endpoint npm 7 and later call (`{name: [versions]}` → `{name: [advisory]}`), and the older
 * quick audit (a lockfile-shaped tree → advisories and counts), which npm falls back to.
 */
import { createHash } from 'node:crypto'
import semver from 'semver'
import { affectedAsRange, isAffected, npmSeverity, type AffectedVersions } from '../../domain/xray'
import type { XrayStore } from './store'

/** npm keys advisories by a number; this one is stable for an advisory id. */
export const npmAdvisoryNumber = (id: string) =>
  parseInt(createHash('sha256').update(id).digest('hex').slice(0, 8), 16) % 2_000_000_000

interface NpmAdvisory {
  readonly id: number
  readonly url: string
  readonly title: string
  readonly severity: string
  readonly vulnerable_versions: string
  readonly cwe: string[]
  readonly cvss: { score: number; vectorString: string | null }
  /** The advisory's own id (GHSA-…, CVE-…), beside npm's number. */
  readonly github_advisory_id: string
}

/** Every advisory of a package, its ranges merged over the entries that name it. */
async function advisoriesOf(
  store: XrayStore,
  name: string,
): Promise<Array<{ advisoryId: string; affected: AffectedVersions }>> {
  const byId = new Map<string, AffectedVersions>()
  for (const a of await store.affectedOf('npm', name)) {
    const before = byId.get(a.advisoryId)
    byId.set(a.advisoryId, {
      ranges: [...(before?.ranges ?? []), ...a.ranges],
      versions: [...(before?.versions ?? []), ...a.versions],
    })
  }
  return [...byId].map(([advisoryId, affected]) => ({ advisoryId, affected }))
}

async function npmAdvisory(
  store: XrayStore,
  advisoryId: string,
  affected: AffectedVersions,
): Promise<NpmAdvisory | undefined> {
  const a = await store.advisory(advisoryId)
  if (!a) return undefined
  return {
    id: npmAdvisoryNumber(a.id),
    url: a.id.startsWith('GHSA-')
      ? `https://github.com/advisories/${a.id}`
      : `https://osv.dev/vulnerability/${a.id}`,
    title: a.summary,
    severity: npmSeverity(a.severity),
    vulnerable_versions: affectedAsRange(affected),
    cwe: a.cwes,
    cvss: { score: a.cvssScore ?? 0, vectorString: a.cvssVector },
    github_advisory_id: a.id,
  }
}

/** The bulk answer: for each package, the advisories affecting any of the versions asked about. */
export async function bulkAdvisories(
  store: XrayStore,
  body: unknown,
): Promise<Record<string, NpmAdvisory[]>> {
  const out: Record<string, NpmAdvisory[]> = {}
  if (!body || typeof body !== 'object' || Array.isArray(body)) return out
  for (const [name, versions] of Object.entries(body as Record<string, unknown>).slice(0, 10_000)) {
    if (!Array.isArray(versions)) continue
    const asked = versions.filter((v): v is string => typeof v === 'string' && semver.valid(v) !== null)
    const found: NpmAdvisory[] = []
    for (const { advisoryId, affected } of await advisoriesOf(store, name))
      if (asked.some((v) => isAffected(v, affected))) {
        const advisory = await npmAdvisory(store, advisoryId, affected)
        if (advisory) found.push(advisory)
      }
    if (found.length > 0) out[name] = found
  }
  return out
}

interface TreeNode {
  readonly version?: unknown
  readonly dev?: unknown
  readonly dependencies?: Record<string, TreeNode>
}

/** The quick audit: the tree's packages and versions, then what bulk finds for them. */
export async function quickAudit(store: XrayStore, body: unknown) {
  const versions = new Map<string, Set<string>>()
  const counts = { dependencies: 0, devDependencies: 0 }
  const walk = (deps: Record<string, TreeNode> | undefined, depth: number) => {
    if (!deps || depth > 64) return
    for (const [name, node] of Object.entries(deps)) {
      if (!node || typeof node !== 'object') continue
      if (typeof node.version === 'string') {
        const set = versions.get(name) ?? new Set<string>()
        set.add(node.version)
        versions.set(name, set)
        if (node.dev === true) counts.devDependencies++
        else counts.dependencies++
      }
      walk(node.dependencies, depth + 1)
    }
  }
  walk((body as TreeNode | undefined)?.dependencies, 0)
  const bulk = await bulkAdvisories(store, Object.fromEntries([...versions].map(([n, v]) => [n, [...v]])))
  const advisories: Record<string, unknown> = {}
  const vulnerabilities = { info: 0, low: 0, moderate: 0, high: 0, critical: 0 }
  for (const [name, list] of Object.entries(bulk))
    for (const a of list) {
      const hit = [...(versions.get(name) ?? [])].filter((v) => semver.satisfies(v, a.vulnerable_versions))
      advisories[String(a.id)] = {
        ...a,
        module_name: name,
        findings: [{ version: hit[0] ?? '', paths: [name] }],
        overview: a.title,
        recommendation: 'Upgrade to a version outside the vulnerable range',
        references: a.url,
      }
      vulnerabilities[a.severity as keyof typeof vulnerabilities]++
    }
  return {
    actions: [],
    advisories,
    muted: [],
    metadata: {
      vulnerabilities,
      dependencies: counts.dependencies,
      devDependencies: counts.devDependencies,
      optionalDependencies: 0,
      totalDependencies: counts.dependencies + counts.devDependencies,
    },
  }
}
