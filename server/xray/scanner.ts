/**
 * Scanning one npm version: the advisories of the package itself whose ranges hold its
 * version, and those of each dependency its package.json declares whose affected versions the
 * declared range allows; then the violations its watches' policies make of them.
 */
import {
  affectedAsRange,
  declaredRangeMayBeAffected,
  fixedVersions,
  gitResourceOf,
  intervalHolding,
  isAffected,
  orderOfEcosystem,
  violationsOf,
  type Policy,
  type ViolationDraft,
  type Watch,
} from '../../domain/xray'
import { resolveIn } from '../repositories/store'
import type { GitScanStore } from './gitScanStore'
import type { ImageComponent } from './imageInventory'
import type { FindingRow, VersionToScan, XrayStore } from './store'

type NewFinding = Omit<FindingRow, 'versionId'>

/** What a scan reads: the affected ranges of a package, a version's dependencies, an image's inventory. */
export type ScanReads = Pick<XrayStore, 'affectedOf' | 'dependenciesOf' | 'inventoryOf'>

/**
 * Why an image is not scanned yet: some of its layers are not stored here (a remote's cache holds
 * the layers a client has pulled so far). Not a failure: the scan runs when they arrive.
 */
export class WaitingForLayers extends Error {
  constructor() {
    super('waiting for its layers')
  }
}

/**
 * A container image's findings: each package its layers hold (read before, see the service)
 * matched in its ecosystem's order, the OS packages by the name and version of their source in
 * the release's ecosystems (`Debian:12`), the npm packages by their own.
 */
async function imageFindings(store: ScanReads, v: VersionToScan): Promise<NewFinding[]> {
  const inventory = await store.inventoryOf(v.id)
  if (!inventory) throw new WaitingForLayers()
  if (inventory.error) throw new Error(inventory.error)
  const findings: NewFinding[] = []
  for (const c of inventory.components)
    for (const ecosystem of c.kind === 'npm' ? ['npm'] : inventory.ecosystems) {
      const order = orderOfEcosystem(ecosystem)
      if (!order) continue
      for (const a of await store.affectedOf(ecosystem, c.source))
        if (isAffected(c.sourceVersion, a, order)) {
          const holding = intervalHolding(c.sourceVersion, a, order)
          findings.push({
            advisoryId: a.advisoryId,
            component: c.name,
            componentVersion: c.version,
            direct: false,
            severity: a.severity,
            cvssScore: a.cvssScore,
            vulnerableRange: affectedAsRange(a, order),
            fixed: holding?.to && !holding.to.inclusive ? [holding.to.version] : [],
          })
        }
    }
  return findings
}

/** The version's own advisories and, unless the settings say not to, its declared dependencies'. */
export async function findingsFor(
  store: ScanReads,
  v: VersionToScan,
  scanDependencies = true,
): Promise<NewFinding[]> {
  if (v.type === 'docker') return imageFindings(store, v)
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
  for (const dep of scanDependencies ? await store.dependenciesOf(v.id) : []) {
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

/**
 * The reads of a scan of these npm versions made at once: their dependencies and the affected
 * ranges of every package they and their dependencies name, two or three statements for a batch
 * instead of two or more a version. Other ecosystems' ranges are read from `store`.
 */
export async function readsForScan(
  store: XrayStore,
  versions: readonly VersionToScan[],
  scanDependencies: boolean,
): Promise<ScanReads> {
  const dependencies = scanDependencies
    ? await store.dependenciesOfVersions(versions.map((v) => v.id))
    : new Map<string, Array<{ name: string; version: string }>>()
  const names = new Set(versions.map((v) => v.name))
  for (const deps of dependencies.values()) for (const d of deps) names.add(d.name)
  const affected = await store.affectedOfPackages('npm', [...names])
  return {
    affectedOf: async (ecosystem, name) =>
      ecosystem === 'npm' && names.has(name) ? (affected.get(name) ?? []) : store.affectedOf(ecosystem, name),
    dependenciesOf: async (versionId) => dependencies.get(versionId) ?? [],
    inventoryOf: (versionId) => store.inventoryOf(versionId),
  }
}

/** What a run of evaluations reads once: the watches, the policies, a repository's members. */
export interface Rules {
  /** Whether a version's declared dependencies are matched too (the scans settings). */
  readonly scanDependencies: boolean
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
    scanDependencies: (await s.scanSettings()).scanDependencies,
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
 * A scanned git repository's violations from its stored findings and what its last read kept of
 * its manifests: a watch covers it when it covers everything or names the repository
 * (`git://integration/owner/name`). Security rules read the findings; licence rules read the
 * licences its package.json declares (as the repository's) and those its lockfile records for
 * each dependency (as the dependency's). A dependency whose licences the manifests do not say
 * (no lockfile, or one that does not record them) is not judged: not knowing is not "none".
 */
export async function evaluateGitRepository(
  store: GitScanStore,
  r: { readonly integrationKey: string; readonly integrationName: string; readonly repository: string },
  rules: Rules,
  at: string,
): Promise<boolean> {
  const findings = (await store.findings(r.integrationKey, r.repository)).map((f) => ({
    advisoryId: f.issue,
    component: f.component,
    severity: f.severity,
    ...(f.cvss === null ? {} : { cvssScore: f.cvss }),
    fixedVersions: f.fixed,
  }))
  const repo = gitResourceOf(r.integrationName, r.repository)
  const judge = (component: string, licences: readonly string[], type: 'security' | 'license') =>
    violationsOf(
      { repo, component, findings: type === 'security' ? findings : [], licences },
      rules.watches,
      rules.policies,
      rules.expand,
    ).filter((d) => d.type === type)
  const manifests = (await store.manifestsOf(r.integrationKey, r.repository))?.manifests
  const licencesOf = new Map<string, Set<string>>()
  for (const d of manifests?.dependencies ?? [])
    if (d.licences) licencesOf.set(d.name, new Set([...(licencesOf.get(d.name) ?? []), ...d.licences]))
  const drafts = [
    ...judge(r.repository, [], 'security'),
    ...(manifests ? judge(r.repository, manifests.licences, 'license') : []),
    ...[...licencesOf].flatMap(([name, licences]) => judge(name, [...licences], 'license')),
  ]
  return store.putViolations(r.integrationKey, r.repository, drafts, at)
}

/** The licences each package of an image declares, by package name (those that declare none left out). */
function imageLicences(components: readonly ImageComponent[]): Array<[string, string[]]> {
  const by = new Map<string, Set<string>>()
  for (const c of components)
    if (c.licences.length > 0) by.set(c.name, new Set([...(by.get(c.name) ?? []), ...c.licences]))
  return [...by].map(([name, licences]) => [name, [...licences]])
}

/**
 * The violations of these versions (each scanned) under `rules`, from their stored findings and,
 * for images, the licences their packages declare: read and written for all of them in a few
 * statements (at most a scan batch's versions), not a few per version. A new watch evaluated
 * every indexed version with four reads and two writes each: 3,400 statements for the sample
 * catalogue, each a round trip on PostgreSQL.
 */
export async function evaluateVersions(
  store: XrayStore,
  versions: readonly VersionToScan[],
  rules: Rules,
  at: string,
): Promise<void> {
  if (versions.length === 0) return
  const findingsOf = await store.findingsOfVersions(versions.map((v) => v.id))
  const images = versions.filter((v) => v.type === 'docker').map((v) => v.id)
  const inventories = await store.inventoriesOf(images)
  const draftsOf = (v: VersionToScan): ViolationDraft[] => {
    const findings = (findingsOf.get(v.id) ?? []).map((f) => ({
      advisoryId: f.advisoryId,
      component: f.component,
      severity: f.severity,
      ...(f.cvssScore === null ? {} : { cvssScore: f.cvssScore }),
      fixedVersions: f.fixed,
    }))
    const judge = (component: string, licences: readonly string[], f: typeof findings) =>
      violationsOf(
        { repo: v.repo, component, findings: f, licences },
        rules.watches,
        rules.policies,
        rules.expand,
      )
    return v.type === 'docker'
      ? // An image declares no licence of its own: licence rules judge the packages that declare one.
        [
          ...judge(v.name, [], findings).filter((d) => d.type === 'security'),
          ...imageLicences(inventories.get(v.id)?.components ?? []).flatMap(([name, licences]) =>
            judge(name, licences, []).filter((d) => d.type === 'license'),
          ),
        ]
      : judge(v.name, v.licences, findings)
  }
  await store.putViolations(
    versions.map((v) => ({ versionId: v.id, drafts: draftsOf(v) })),
    at,
  )
}

/** One version's violations (see evaluateVersions). */
export const evaluateVersion = (
  store: XrayStore,
  v: VersionToScan,
  rules: Rules,
  at: string,
): Promise<void> => evaluateVersions(store, [v], rules, at)
