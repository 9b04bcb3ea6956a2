/**
 * The rules of watches, policies and ignore rules (domain/xray/policies.ts), one clause each:
 * which versions a watch covers, which findings and licences a rule refuses, and when an
 * ignore rule lifts a violation.
 */
import { describe, expect, it } from 'vitest'
import {
  cvss3BaseScore,
  findingViolates,
  ignoreRuleMatches,
  licencesViolating,
  violationsOf,
  type Finding,
  type Policy,
  type Watch,
} from '../../domain/xray'

const members: Record<string, string[]> = { npm: ['npm-local', 'npm-remote'] }
const expand = (key: string) => members[key] ?? [key]
const actions = { blockDownload: true, failBuild: false, notify: false }

const critical: Finding = {
  advisoryId: 'GHSA-xvch-5gv4-984h',
  component: 'minimist',
  severity: 'critical',
  cvssScore: 9.8,
  fixedVersions: ['1.2.6'],
}
const medium: Finding = {
  advisoryId: 'GHSA-vh95-rmgr-6w4m',
  component: 'minimist',
  severity: 'medium',
  cvssScore: 5.6,
  fixedVersions: [],
}
const unknown: Finding = { advisoryId: 'OSV-1', component: 'x', severity: 'unknown', fixedVersions: [] }

const security = (
  name: string,
  criteria: Omit<Extract<Policy['rules'][number]['criteria'], { kind: 'security' }>, 'kind'>,
): Policy => ({
  name,
  description: '',
  type: 'security',
  rules: [{ name: 'r', criteria: { kind: 'security', ...criteria }, actions }],
})
const watch = (name: string, resources: Watch['resources'], policies: string[]): Watch => ({
  name,
  description: '',
  resources,
  policies,
})

describe('a security rule', () => {
  it('with a minimum severity refuses that severity and worse, never unknown', () => {
    const c = { kind: 'security' as const, minSeverity: 'medium' as const }
    expect([critical, medium, unknown].map((f) => findingViolates(f, c))).toEqual([true, true, false])
    expect(findingViolates(medium, { kind: 'security', minSeverity: 'high' })).toBe(false)
  })

  it('with a minimum CVSS score refuses scores at or above it; no score never meets it', () => {
    const c = { kind: 'security' as const, minCvss: 5.6 }
    expect([critical, medium, unknown].map((f) => findingViolates(f, c))).toEqual([true, true, false])
    expect(findingViolates(medium, { kind: 'security', minCvss: 5.7 })).toBe(false)
  })

  it('with "fix available" refuses only findings a fixed version exists for', () => {
    const c = { kind: 'security' as const, fixAvailable: true }
    expect([critical, medium].map((f) => findingViolates(f, c))).toEqual([true, false])
  })

  it('without criteria refuses every finding', () => {
    expect([critical, medium, unknown].every((f) => findingViolates(f, { kind: 'security' }))).toBe(true)
  })
})

describe('a licence rule', () => {
  it('refuses banned licences, whatever their case', () => {
    expect(licencesViolating(['MIT', 'gpl-3.0'], { kind: 'license', banned: ['GPL-3.0'] })).toEqual([
      'gpl-3.0',
    ])
  })
  it('with an allowed list refuses every other licence', () => {
    expect(licencesViolating(['MIT', 'ISC', 'WTFPL'], { kind: 'license', allowed: ['MIT', 'ISC'] })).toEqual([
      'WTFPL',
    ])
  })
  it('refuses a version without a licence only when told to', () => {
    expect(licencesViolating([], { kind: 'license', banned: ['GPL-3.0'] })).toEqual([])
    expect(licencesViolating([], { kind: 'license', unknownViolates: true })).toEqual(['unknown'])
  })
})

describe('a watch', () => {
  const policies = new Map([
    ['crit', security('crit', { minSeverity: 'critical' })],
    ['any', security('any', {})],
  ])
  const input = { repo: 'npm-local', component: 'minimist', findings: [critical, medium], licences: ['MIT'] }

  it('over all repositories makes a violation per finding each rule refuses', () => {
    const v = violationsOf(input, [watch('all', { kind: 'all' }, ['crit'])], policies, expand)
    expect(v.map((x) => [x.watch, x.policy, x.issue, x.severity])).toEqual([
      ['all', 'crit', critical.advisoryId, 'critical'],
    ])
    expect(v[0]?.actions).toEqual(actions)
  })

  it('over a virtual repository covers its members', () => {
    const v = violationsOf(
      input,
      [watch('virtual', { kind: 'repositories', repositories: ['npm'] }, ['any'])],
      policies,
      expand,
    )
    expect(v.map((x) => x.issue)).toEqual([critical.advisoryId, medium.advisoryId])
  })

  it('over other repositories, or over builds, covers nothing here', () => {
    const others = [
      watch('other', { kind: 'repositories', repositories: ['generic-local'] }, ['any']),
      watch('builds', { kind: 'builds', builds: ['app'] }, ['any']),
    ]
    expect(violationsOf(input, others, policies, expand)).toEqual([])
  })

  it('skips a policy that no longer exists', () => {
    expect(violationsOf(input, [watch('w', { kind: 'all' }, ['gone'])], policies, expand)).toEqual([])
  })
})

describe('an ignore rule', () => {
  const v = {
    issue: critical.advisoryId,
    component: 'minimist',
    version: 'npm://minimist@1.2.1',
    watch: 'w',
    policy: 'p',
  }
  const now = '2026-12-01T00:00:00.000Z'

  it('lifts a violation when every field it sets matches', () => {
    expect(ignoreRuleMatches({ id: '1', reason: 'r', issue: critical.advisoryId }, v, now)).toBe(true)
    expect(
      ignoreRuleMatches(
        { id: '1', reason: 'r', issue: critical.advisoryId, component: 'minimist', watch: 'w' },
        v,
        now,
      ),
    ).toBe(true)
  })
  it('lifts nothing when one field differs', () => {
    expect(
      ignoreRuleMatches(
        { id: '1', reason: 'r', issue: critical.advisoryId, version: 'npm://minimist@1.2.7' },
        v,
        now,
      ),
    ).toBe(false)
    expect(ignoreRuleMatches({ id: '1', reason: 'r', policy: 'other' }, v, now)).toBe(false)
  })
  it('lifts nothing once expired', () => {
    expect(
      ignoreRuleMatches({ id: '1', reason: 'r', issue: critical.advisoryId, expires: now }, v, now),
    ).toBe(false)
    expect(
      ignoreRuleMatches(
        { id: '1', reason: 'r', issue: critical.advisoryId, expires: '2026-12-02T00:00:00.000Z' },
        v,
        now,
      ),
    ).toBe(true)
  })
})

describe('CVSS 3 base scores', () => {
  it('are those published for the shipped advisories', () => {
    expect(
      [
        'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
        'CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:N/I:H/A:H',
        'CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:N/A:N',
        'CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:L/I:L/A:L',
        'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:L',
        'CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N',
        'CVSS:3.1/AV:N/AC:H/PR:N/UI:R/S:C/C:H/I:L/A:N',
      ].map(cvss3BaseScore),
    ).toEqual([9.8, 7.4, 5.9, 5.6, 5.3, 6.1, 6.9])
  })
  it('is 0 without impact and undefined for what is not a complete CVSS 3 vector', () => {
    expect(cvss3BaseScore('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:N')).toBe(0)
    expect(cvss3BaseScore('CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N')).toBeUndefined()
    expect(cvss3BaseScore('CVSS:3.1/AV:N/AC:L')).toBeUndefined()
  })
})
