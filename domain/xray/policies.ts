/**
 * Watches, policies and ignore rules, and what they make of a scanned version: the violations
 * of each rule of each policy of each watch that covers the version's repository. Pure, so the
 * server and the console's forms read the same rules.
 */
import { severityRank, type XraySeverity } from './severity'

export interface RuleActions {
  readonly blockDownload: boolean
  readonly failBuild: boolean
  readonly notify: boolean
}

export type RuleCriteria =
  | {
      readonly kind: 'security'
      /** The least severity that violates (undefined: any severity). */
      readonly minSeverity?: XraySeverity
      /** The least CVSS score that violates; a finding without a score never meets it. */
      readonly minCvss?: number
      /** Only findings a fixed version exists for. */
      readonly fixAvailable?: boolean
    }
  | {
      readonly kind: 'license'
      /** When set, any licence outside it violates. */
      readonly allowed?: readonly string[]
      readonly banned?: readonly string[]
      /** A version that declares no licence violates. */
      readonly unknownViolates?: boolean
    }

export interface PolicyRule {
  readonly name: string
  readonly criteria: RuleCriteria
  readonly actions: RuleActions
}

export type PolicyType = 'security' | 'license'

export interface Policy {
  readonly name: string
  readonly description: string
  readonly type: PolicyType
  readonly rules: readonly PolicyRule[]
}

export type WatchResources =
  | { readonly kind: 'all' }
  | { readonly kind: 'repositories'; readonly repositories: readonly string[] }
  | { readonly kind: 'builds'; readonly builds: readonly string[] }

export interface Watch {
  readonly name: string
  readonly description: string
  readonly resources: WatchResources
  readonly policies: readonly string[]
}

/** What a scan found in a version: an advisory on the package itself or a declared dependency. */
export interface Finding {
  readonly advisoryId: string
  readonly component: string
  readonly severity: XraySeverity
  readonly cvssScore?: number
  readonly fixedVersions: readonly string[]
}

export interface ViolationDraft {
  readonly watch: string
  readonly policy: string
  readonly rule: string
  readonly type: PolicyType
  /** The advisory id, or the licence ('unknown' when none is declared). */
  readonly issue: string
  readonly component: string
  readonly severity: XraySeverity
  readonly actions: RuleActions
}

/**
 * How a git repository is named where a repository key would be (a watch's resources) or a
 * version's id (an ignore rule, a violation's resource): `git://integration/owner/name`.
 */
export const gitResourceOf = (integrationName: string, repository: string) =>
  `git://${integrationName}/${repository}`

/** Whether a watch covers a repository; `expand` gives a virtual repository's members. */
export function watchCovers(watch: Watch, repo: string, expand: (key: string) => readonly string[]): boolean {
  if (watch.resources.kind === 'all') return true
  if (watch.resources.kind === 'builds') return false
  return watch.resources.repositories.some((r) => r === repo || expand(r).includes(repo))
}

export function findingViolates(
  finding: Finding,
  criteria: Extract<RuleCriteria, { kind: 'security' }>,
): boolean {
  if (criteria.minSeverity && severityRank(finding.severity) < severityRank(criteria.minSeverity))
    return false
  if (
    criteria.minCvss !== undefined &&
    (finding.cvssScore === undefined || finding.cvssScore < criteria.minCvss)
  )
    return false
  if (criteria.fixAvailable && finding.fixedVersions.length === 0) return false
  return true
}

const sameLicence = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/** The licences of a version that a licence rule refuses ('unknown' when none is declared). */
export function licencesViolating(
  licences: readonly string[],
  criteria: Extract<RuleCriteria, { kind: 'license' }>,
): string[] {
  if (licences.length === 0) return criteria.unknownViolates ? ['unknown'] : []
  return licences.filter(
    (l) =>
      (criteria.banned ?? []).some((b) => sameLicence(b, l)) ||
      (criteria.allowed !== undefined && !criteria.allowed.some((a) => sameLicence(a, l))),
  )
}

/** Every violation of a version stored in `repo`, with its findings and licences. */
export function violationsOf(
  input: {
    readonly repo: string
    readonly component: string
    readonly findings: readonly Finding[]
    readonly licences: readonly string[]
  },
  watches: readonly Watch[],
  policies: ReadonlyMap<string, Policy>,
  expand: (key: string) => readonly string[],
): ViolationDraft[] {
  const out: ViolationDraft[] = []
  for (const watch of watches) {
    if (!watchCovers(watch, input.repo, expand)) continue
    for (const name of watch.policies) {
      const policy = policies.get(name)
      if (!policy) continue
      for (const rule of policy.rules) {
        const base = { watch: watch.name, policy: policy.name, rule: rule.name, actions: rule.actions }
        const c = rule.criteria
        if (c.kind === 'security') {
          for (const f of input.findings)
            if (findingViolates(f, c))
              out.push({
                ...base,
                type: 'security',
                issue: f.advisoryId,
                component: f.component,
                severity: f.severity,
              })
        } else {
          for (const l of licencesViolating(input.licences, c))
            out.push({ ...base, type: 'license', issue: l, component: input.component, severity: 'high' })
        }
      }
    }
  }
  return out
}

/** An admin's exception: every field set must match; an expired rule ignores nothing. */
export interface IgnoreRule {
  readonly id: string
  readonly issue?: string
  readonly component?: string
  readonly version?: string
  readonly watch?: string
  readonly policy?: string
  readonly reason: string
  readonly expires?: string
}

export interface ViolationKey {
  readonly issue: string
  readonly component: string
  readonly version: string
  readonly watch: string
  readonly policy: string
}

export function ignoreRuleMatches(rule: IgnoreRule, v: ViolationKey, nowIso: string): boolean {
  if (rule.expires !== undefined && rule.expires <= nowIso) return false
  return (
    (rule.issue === undefined || rule.issue === v.issue) &&
    (rule.component === undefined || rule.component === v.component) &&
    (rule.version === undefined || rule.version === v.version) &&
    (rule.watch === undefined || rule.watch === v.watch) &&
    (rule.policy === undefined || rule.policy === v.policy)
  )
}
