/**
 * Scanning one npm version: the advisories of the package itself whose ranges hold its
 * version, and those of each dependency its package.json declares whose affected versions the
 * declared range allows; then the violations its watches' policies make of them.
 */
import {
  affectedAsRange,
  declaredRangeMayBeAffected,
  fixedVersions,
  intervalHolding,
  isAffected,
  violationsOf,
  type Policy,
  type Watch,
} from '../../domain/xray'
import { resolveIn } from '../repositories/store'
import type { GitScanStore } from './gitScanStore'
import type { FindingRow, VersionToScan, XrayStore } from './store'

type NewFinding = Omit<FindingRow, 'versionId'>

export async function findingsFor(store: XrayStore, v: VersionToScan): Promise<NewFinding[]> {
  const findings: NewFinding[] = []
  for (const a of await store.affectedOf('npm', v.name))
    if (isAffected(v.version, a)) {
      const holding = intervalHolding(v.version, a)
      findings.push({
        advisoryId: a.advisoryId,
        component: v.name,
        componentVersion: v.version,
        direct: true,
        severity: a.severity,
        cvssScore: a.cvssScore,
        vulnerableRange: affectedAsRange(a),
        // The fix of the range the version is in (a listed version has none of its own).
        fixed: holding?.to && !holding.to.inclusive ? [holding.to.version] : [],
      })
    }
  for (const dep of await store.dependenciesOf(v.id)) {
    if (dep.name === v.name) continue
    for (const a of await store.affectedOf('npm', dep.name))
      if (declaredRangeMayBeAffected(dep.version, a))
        findings.push({
          advisoryId: a.advisoryId,
          component: dep.name,
          componentVersion: dep.version,
          direct: false,
          severity: a.severity,
          cvssScore: a.cvssScore,
          vulnerableRange: affectedAsRange(a),
          fixed: fixedVersions(a),
        })
  }
  return findings
}

/** What a run of evaluations reads once: the watches, the policies, a repository's members. */
export interface Rules {
  readonly watches: readonly Watch[]
  readonly policies: ReadonlyMap<string, Policy>
  readonly expand: (key: string) => readonly string[]
}

/** The watches, policies and repositories, read on `s` (inside the caller's transaction if it holds one). */
export async function rulesOf(s: XrayStore): Promise<Rules> {
  const watches = await s.watches()
  const policies = new Map((await s.policies()).map((p) => [p.name, p]))
  // Only a watch expands repositories: without one, a version's arrival reads nothing more.
  const repos = new Map(watches.length > 0 ? (await s.repositories()).map((r) => [r.key, r] as const) : [])
  const members = new Map<string, readonly string[]>()
  return {
    watches,
    policies,
    expand: (key) => {
      let m = members.get(key)
      if (!m) {
        m = resolveIn(repos, key).map((r) => r.key)
        members.set(key, m)
      }
      return m
    },
  }
}

/**
 * A scanned git repository's violations from its stored findings: a watch covers it when it
 * covers everything or names the repository (`git://integration/owner/name`). Only security
 * rules apply: the scan does not read its dependencies' licences.
 */
export async function evaluateGitRepository(
  store: GitScanStore,
  r: { readonly integrationKey: string; readonly integrationName: string; readonly repository: string },
  rules: Rules,
  at: string,
): Promise<void> {
  const findings = (await store.findings(r.integrationKey, r.repository)).map((f) => ({
    advisoryId: f.issue,
    component: f.component,
    severity: f.severity,
    ...(f.cvss === null ? {} : { cvssScore: f.cvss }),
    fixedVersions: f.fixed,
  }))
  const drafts = violationsOf(
    {
      repo: gitResourceOf(r.integrationName, r.repository),
      component: r.repository,
      findings,
      licences: [],
    },
    rules.watches,
    rules.policies,
    rules.expand,
  ).filter((d) => d.type === 'security')
  await store.putViolations(r.integrationKey, r.repository, drafts, at)
}

/** How a git repository is named where a version's id or a repository key would be. */
export const gitResourceOf = (integrationName: string, repository: string) =>
  `git://${integrationName}/${repository}`

export async function evaluateVersion(
  store: XrayStore,
  v: VersionToScan,
  rules: Rules,
  at: string,
): Promise<void> {
  const findings = (await store.findingsOf(v.id)).map((f) => ({
    advisoryId: f.advisoryId,
    component: f.component,
    severity: f.severity,
    ...(f.cvssScore === null ? {} : { cvssScore: f.cvssScore }),
    fixedVersions: f.fixed,
  }))
  const drafts = violationsOf(
    { repo: v.repo, component: v.name, findings, licences: v.licences },
    rules.watches,
    rules.policies,
    rules.expand,
  )
  await store.putViolations(v.id, drafts, at)
}
