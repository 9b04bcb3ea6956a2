/**
 * The rules of the security screens' forms: a policy with its rules, a watch, an ignore rule
 * and the scans settings. Each takes the fields as typed and gives the value the command takes,
 * or the problems by field as message keys (the view words them and keeps what was typed).
 */
import { left, right, type Either } from 'fp-ts/Either'
import { NAME_PATTERN } from '../shared/forms'
import type { Message } from '../shared/messages'
import type { IgnoreRule, Policy, PolicyType, Watch } from './policies'
import { XRAY_SEVERITIES, type XraySeverity } from './severity'
import type { ScanSettings, ViolationView } from './views'
import type { PolicyValue, WatchValue } from './types'
import { isHttpUrl } from './rules'

/** The keys of the area's own problems; the generic ones are the console's. */
export type XrayMessage =
  | Extract<Message, { key: 'mandatory' | 'tooLong' }>
  | { readonly key: 'invalidName' }
  | { readonly key: 'xrayAtLeastOneRule' }
  | { readonly key: 'xrayRuleNamesDiffer' }
  | { readonly key: 'xrayCvssRange' }
  | { readonly key: 'xrayLicenceRuleEmpty' }
  | { readonly key: 'xrayChooseRepositories' }
  | { readonly key: 'xrayChooseBuilds' }
  | { readonly key: 'xrayChooseScope' }
  | { readonly key: 'xrayExpiryNotDate' }
  | { readonly key: 'xrayExpiryPast' }
  | { readonly key: 'xrayRetentionRange' }
  | { readonly key: 'xrayWebhookUrl' }

export type XrayProblems = Readonly<Partial<Record<string, XrayMessage>>>

const NAME_MAX = 64
const mandatory: XrayMessage = { key: 'mandatory' }

function nameProblem(name: string): XrayMessage | undefined {
  if (name.trim() === '') return mandatory
  if (name.length > NAME_MAX) return { key: 'tooLong', max: NAME_MAX }
  return NAME_PATTERN.test(name) ? undefined : { key: 'invalidName' }
}

/** A list typed as words separated by commas or new lines: the words, trimmed, each once. */
export const wordsOf = (text: string): string[] => [
  ...new Set(
    text
      .split(/[,\n]/)
      .map((w) => w.trim())
      .filter((w) => w !== ''),
  ),
]

export interface RuleForm {
  readonly name: string
  /** '' for any severity. */
  readonly minSeverity: '' | XraySeverity
  /** As typed; '' for no minimum. */
  readonly minCvss: string
  readonly fixAvailable: boolean
  /** Licences as typed, separated by commas. */
  readonly allowed: string
  readonly banned: string
  readonly unknownViolates: boolean
  readonly blockDownload: boolean
  readonly failBuild: boolean
  readonly notify: boolean
}

export interface PolicyForm {
  readonly name: string
  readonly description: string
  readonly type: PolicyType
  readonly rules: ReadonlyArray<RuleForm>
}

export const emptyRule = (n: number): RuleForm => ({
  name: `rule-${n}`,
  minSeverity: 'high',
  minCvss: '',
  fixAvailable: false,
  allowed: '',
  banned: '',
  unknownViolates: false,
  blockDownload: false,
  failBuild: false,
  notify: true,
})

export const emptyPolicyForm: PolicyForm = {
  name: '',
  description: '',
  type: 'security',
  rules: [emptyRule(1)],
}

/** A stored policy as its form, to edit it. */
export function policyForm(policy: Policy): PolicyForm {
  return {
    name: policy.name,
    description: policy.description,
    type: policy.type,
    rules: policy.rules.map((r) => {
      const c = r.criteria
      return {
        name: r.name,
        minSeverity: c.kind === 'security' ? (c.minSeverity ?? '') : '',
        minCvss: c.kind === 'security' && c.minCvss !== undefined ? String(c.minCvss) : '',
        fixAvailable: c.kind === 'security' && c.fixAvailable === true,
        allowed: c.kind === 'license' ? (c.allowed ?? []).join(', ') : '',
        banned: c.kind === 'license' ? (c.banned ?? []).join(', ') : '',
        unknownViolates: c.kind === 'license' && c.unknownViolates === true,
        ...r.actions,
      }
    }),
  }
}

function criteriaOf(
  type: PolicyType,
  r: RuleForm,
  cvss: number | undefined,
): PolicyValue['rules'][number]['criteria'] {
  if (type === 'security')
    return {
      kind: 'security',
      ...(r.minSeverity === '' ? {} : { minSeverity: r.minSeverity }),
      ...(cvss === undefined ? {} : { minCvss: cvss }),
      ...(r.fixAvailable ? { fixAvailable: true } : {}),
    }
  const allowed = wordsOf(r.allowed)
  const banned = wordsOf(r.banned)
  return {
    kind: 'license',
    ...(allowed.length > 0 ? { allowed } : {}),
    ...(banned.length > 0 ? { banned } : {}),
    ...(r.unknownViolates ? { unknownViolates: true } : {}),
  }
}

/** A CVSS score as typed: a number from 0 to 10, or nothing. */
function cvssOf(text: string): Either<XrayMessage, number | undefined> {
  if (text.trim() === '') return right(undefined)
  const n = Number(text.trim())
  return Number.isFinite(n) && n >= 0 && n <= 10 ? right(n) : left({ key: 'xrayCvssRange' })
}

/** The policy a form describes, or its problems: `name`, `rules`, `rules.<i>.name|minCvss|licences`. */
export function validatePolicyForm(form: PolicyForm): Either<XrayProblems, PolicyValue> {
  const problems: Record<string, XrayMessage> = {}
  const name = nameProblem(form.name)
  if (name) problems.name = name
  if (form.rules.length === 0) problems.rules = { key: 'xrayAtLeastOneRule' }
  const seen = new Set<string>()
  const rules: PolicyValue['rules'] = []
  form.rules.forEach((r, i) => {
    const ruleName = r.name.trim()
    if (ruleName === '') problems[`rules.${i}.name`] = mandatory
    else if (seen.has(ruleName)) problems[`rules.${i}.name`] = { key: 'xrayRuleNamesDiffer' }
    seen.add(ruleName)
    const cvss = form.type === 'security' ? cvssOf(r.minCvss) : right(undefined)
    if (cvss._tag === 'Left') problems[`rules.${i}.minCvss`] = cvss.left
    const criteria = criteriaOf(form.type, r, cvss._tag === 'Right' ? cvss.right : undefined)
    if (
      criteria.kind === 'license' &&
      !criteria.allowed &&
      !criteria.banned &&
      criteria.unknownViolates !== true
    )
      problems[`rules.${i}.licences`] = { key: 'xrayLicenceRuleEmpty' }
    rules.push({
      name: ruleName,
      criteria,
      actions: { blockDownload: r.blockDownload, failBuild: r.failBuild, notify: r.notify },
    })
  })
  if (Object.keys(problems).length > 0) return left(problems)
  return right({ name: form.name, description: form.description.trim(), type: form.type, rules })
}

/** Why the platform would refuse a policy (the decider's check of a command's policy), or nothing. */
export function policyRefusal(policy: Policy): string | undefined {
  const checked = validatePolicyForm(policyForm(policy))
  return checked._tag === 'Left' ? `invalid policy: ${Object.keys(checked.left).join(', ')}` : undefined
}

export type ResourceKind = Watch['resources']['kind']

export interface WatchForm {
  readonly name: string
  readonly description: string
  readonly resourceKind: ResourceKind
  readonly repositories: ReadonlyArray<string>
  /** Build names as typed, separated by commas. */
  readonly builds: string
  readonly policies: ReadonlyArray<string>
}

export const emptyWatchForm: WatchForm = {
  name: '',
  description: '',
  resourceKind: 'repositories',
  repositories: [],
  builds: '',
  policies: [],
}

export function watchForm(watch: Watch): WatchForm {
  return {
    name: watch.name,
    description: watch.description,
    resourceKind: watch.resources.kind,
    repositories: watch.resources.kind === 'repositories' ? watch.resources.repositories : [],
    builds: watch.resources.kind === 'builds' ? watch.resources.builds.join(', ') : '',
    policies: watch.policies,
  }
}

/** The watch a form describes, or its problems: `name`, `repositories`, `builds`. */
export function validateWatchForm(form: WatchForm): Either<XrayProblems, WatchValue> {
  const problems: Record<string, XrayMessage> = {}
  const name = nameProblem(form.name)
  if (name) problems.name = name
  const builds = wordsOf(form.builds)
  if (form.resourceKind === 'repositories' && form.repositories.length === 0)
    problems.repositories = { key: 'xrayChooseRepositories' }
  if (form.resourceKind === 'builds' && builds.length === 0) problems.builds = { key: 'xrayChooseBuilds' }
  if (Object.keys(problems).length > 0) return left(problems)
  const resources: WatchValue['resources'] =
    form.resourceKind === 'all'
      ? { kind: 'all' }
      : form.resourceKind === 'repositories'
        ? { kind: 'repositories', repositories: [...new Set(form.repositories)] }
        : { kind: 'builds', builds }
  return right({
    name: form.name,
    description: form.description.trim(),
    resources,
    policies: [...new Set(form.policies)],
  })
}

export function watchRefusal(watch: Watch): string | undefined {
  const checked = validateWatchForm(watchForm(watch))
  return checked._tag === 'Left' ? `invalid watch: ${Object.keys(checked.left).join(', ')}` : undefined
}

/** An ignore rule made from a violation: which of its facts it is scoped to, why, until when. */
export interface IgnoreForm {
  readonly issue: boolean
  readonly component: boolean
  readonly version: boolean
  readonly watch: boolean
  readonly policy: boolean
  readonly reason: string
  /** A day (YYYY-MM-DD) or '' for no expiry. */
  readonly expires: string
}

/** By default the exception is as narrow as the violation: this issue, in this version. */
export const emptyIgnoreForm: IgnoreForm = {
  issue: true,
  component: false,
  version: true,
  watch: false,
  policy: false,
  reason: '',
  expires: '',
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/

/**
 * The ignore rule for a violation, or the problems (`scope`, `reason`, `expires`). An expiry is
 * the end of the day chosen (UTC), and must be later than `now`.
 */
export function validateIgnoreForm(
  form: IgnoreForm,
  violation: Pick<ViolationView, 'issue' | 'component' | 'versionId' | 'watch' | 'policy'>,
  now: string,
): Either<XrayProblems, Omit<IgnoreRule, 'id'>> {
  const problems: Record<string, XrayMessage> = {}
  if (!form.issue && !form.component && !form.version && !form.watch && !form.policy)
    problems.scope = { key: 'xrayChooseScope' }
  if (form.reason.trim() === '') problems.reason = mandatory
  else if (form.reason.length > 1000) problems.reason = { key: 'tooLong', max: 1000 }
  let expires: string | undefined
  if (form.expires.trim() !== '') {
    const m = DAY.exec(form.expires.trim())
    const at = m ? Date.parse(`${m[1]}-${m[2]}-${m[3]}T23:59:59.999Z`) : NaN
    // Date.parse rolls 2026-02-30 over to March: a day that is not in the calendar is refused.
    const real = !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === form.expires.trim()
    if (!real) problems.expires = { key: 'xrayExpiryNotDate' }
    else if (at <= Date.parse(now)) problems.expires = { key: 'xrayExpiryPast' }
    else expires = new Date(at).toISOString()
  }
  if (Object.keys(problems).length > 0) return left(problems)
  return right({
    reason: form.reason.trim(),
    ...(form.issue ? { issue: violation.issue } : {}),
    ...(form.component ? { component: violation.component } : {}),
    ...(form.version ? { version: violation.versionId } : {}),
    ...(form.watch ? { watch: violation.watch } : {}),
    ...(form.policy ? { policy: violation.policy } : {}),
    ...(expires ? { expires } : {}),
  })
}

export interface SettingsForm {
  readonly scanDependencies: boolean
  readonly rescanAfterImport: boolean
  readonly retentionDays: string
  /** A new webhook as typed; blank keeps the one set (the platform never tells its whole address). */
  readonly notifyUrl: string
  /** Whether the webhook set goes (no notifications sent). */
  readonly removeWebhook: boolean
}

export const settingsForm = (s: ScanSettings): SettingsForm => ({
  scanDependencies: s.scanDependencies,
  rescanAfterImport: s.rescanAfterImport,
  retentionDays: String(s.retentionDays),
  notifyUrl: '',
  removeWebhook: false,
})

/** The longest webhook address the platform keeps. */
export const WEBHOOK_URL_MAX = 2048

/**
 * The scans settings a valid form saves: the webhook kept, removed, or set to the address typed
 * (which the view puts in the vault: the command carries only its reference).
 */
export interface SettingsValues {
  readonly scanDependencies: boolean
  readonly rescanAfterImport: boolean
  readonly retentionDays: number
  readonly webhook:
    { readonly kind: 'keep' } | { readonly kind: 'remove' } | { readonly kind: 'set'; readonly url: string }
}

export function validateSettingsForm(form: SettingsForm): Either<XrayProblems, SettingsValues> {
  const problems: Record<string, XrayMessage> = {}
  const days = Number(form.retentionDays.trim())
  if (form.retentionDays.trim() === '' || !Number.isInteger(days) || days < 1 || days > 3650)
    problems.retentionDays = { key: 'xrayRetentionRange' }
  const url = form.removeWebhook ? '' : form.notifyUrl.trim()
  if (url.length > WEBHOOK_URL_MAX) problems.notifyUrl = { key: 'tooLong', max: WEBHOOK_URL_MAX }
  else if (url !== '' && !isHttpUrl(url)) problems.notifyUrl = { key: 'xrayWebhookUrl' }
  if (Object.keys(problems).length > 0) return left(problems)
  return right({
    scanDependencies: form.scanDependencies,
    rescanAfterImport: form.rescanAfterImport,
    retentionDays: days,
    webhook: form.removeWebhook ? { kind: 'remove' } : url === '' ? { kind: 'keep' } : { kind: 'set', url },
  })
}

export const isSeverity = (s: string): s is XraySeverity => (XRAY_SEVERITIES as readonly string[]).includes(s)
