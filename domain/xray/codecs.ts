/**
 * Wire shapes of watches, policies and ignore rules, shared by the platform (which decodes
 * what it is sent) and the console (which decodes what it reads).
 */
import * as t from 'io-ts'
import { XRAY_SEVERITIES, type XraySeverity } from './severity'

const Severity = t.keyof(
  Object.fromEntries(XRAY_SEVERITIES.map((s) => [s, null])) as Record<XraySeverity, null>,
)

export const RuleActionsCodec = t.type({ blockDownload: t.boolean, failBuild: t.boolean, notify: t.boolean })

export const RuleCriteriaCodec = t.union([
  t.intersection([
    t.type({ kind: t.literal('security') }),
    t.partial({ minSeverity: Severity, minCvss: t.number, fixAvailable: t.boolean }),
  ]),
  t.intersection([
    t.type({ kind: t.literal('license') }),
    t.partial({ allowed: t.array(t.string), banned: t.array(t.string), unknownViolates: t.boolean }),
  ]),
])

export const PolicyRuleCodec = t.type({
  name: t.string,
  criteria: RuleCriteriaCodec,
  actions: RuleActionsCodec,
})

export const PolicyCodec = t.type({
  name: t.string,
  description: t.string,
  type: t.keyof({ security: null, license: null }),
  rules: t.array(PolicyRuleCodec),
})

export const WatchResourcesCodec = t.union([
  t.type({ kind: t.literal('all') }),
  t.type({ kind: t.literal('repositories'), repositories: t.array(t.string) }),
  t.type({ kind: t.literal('builds'), builds: t.array(t.string) }),
])

export const WatchCodec = t.type({
  name: t.string,
  description: t.string,
  resources: WatchResourcesCodec,
  policies: t.array(t.string),
})

export const IgnoreRuleInputCodec = t.intersection([
  t.type({ reason: t.string }),
  t.partial({
    issue: t.string,
    component: t.string,
    version: t.string,
    watch: t.string,
    policy: t.string,
    expires: t.string,
  }),
])
