// The security screens' form rules (domain/xray/forms.ts) and report export (rules.ts), one clause each.
import { describe, expect, it } from 'vitest'
import { isLeft, isRight } from 'fp-ts/Either'
import {
  emptyIgnoreForm,
  emptyPolicyForm,
  emptyRule,
  emptyWatchForm,
  policyForm,
  csvLine,
  trendGeometry,
  validateIgnoreForm,
  validatePolicyForm,
  validateSettingsForm,
  validateWatchForm,
  versionRouteOf,
  wordsOf,
} from '../../domain/xray'
import { corpusLines } from '../support/corpora'

const problems = <L, R>(e: { _tag: 'Left'; left: L } | { _tag: 'Right'; right: R }) =>
  isLeft(e) ? Object.keys(e.left as object).sort() : []

describe('policy form', () => {
  it('names are checked: mandatory, the platform’s characters, 64 at most', () => {
    expect(problems(validatePolicyForm(emptyPolicyForm))).toEqual(['name'])
    expect(problems(validatePolicyForm({ ...emptyPolicyForm, name: 'a/b' }))).toEqual(['name'])
    expect(problems(validatePolicyForm({ ...emptyPolicyForm, name: 'x'.repeat(65) }))).toEqual(['name'])
    expect(isRight(validatePolicyForm({ ...emptyPolicyForm, name: 'no-critical' }))).toBe(true)
  })

  it('needs a rule, rule names that differ, and a CVSS score from 0 to 10', () => {
    expect(problems(validatePolicyForm({ ...emptyPolicyForm, name: 'p', rules: [] }))).toEqual(['rules'])
    const two = { ...emptyPolicyForm, name: 'p', rules: [emptyRule(1), emptyRule(1)] }
    expect(problems(validatePolicyForm(two))).toEqual(['rules.1.name'])
    for (const bad of ['11', '-1', 'high', '1e9'])
      expect(
        problems(
          validatePolicyForm({ ...emptyPolicyForm, name: 'p', rules: [{ ...emptyRule(1), minCvss: bad }] }),
        ),
      ).toEqual(['rules.0.minCvss'])
  })

  it('gives the policy the platform takes: only the criteria set, licences as lists', () => {
    const security = validatePolicyForm({
      ...emptyPolicyForm,
      name: 'p',
      rules: [
        { ...emptyRule(1), minSeverity: '', minCvss: ' 7.5 ', fixAvailable: true, blockDownload: true },
      ],
    })
    expect(isRight(security) && security.right.rules[0]).toEqual({
      name: 'rule-1',
      criteria: { kind: 'security', minCvss: 7.5, fixAvailable: true },
      actions: { blockDownload: true, failBuild: false, notify: true },
    })
    const licence = validatePolicyForm({
      ...emptyPolicyForm,
      name: 'l',
      type: 'license',
      rules: [{ ...emptyRule(1), banned: 'GPL-3.0, AGPL-3.0,\nGPL-3.0' }],
    })
    expect(isRight(licence) && licence.right.rules[0]?.criteria).toEqual({
      kind: 'license',
      banned: ['GPL-3.0', 'AGPL-3.0'],
    })
  })

  it('a licence rule that refuses nothing is a problem', () => {
    const empty = { ...emptyPolicyForm, name: 'l', type: 'license' as const }
    expect(problems(validatePolicyForm(empty))).toEqual(['rules.0.licences'])
  })

  it('a stored policy round-trips through its form', () => {
    const checked = validatePolicyForm({
      ...emptyPolicyForm,
      name: 'p',
      rules: [{ ...emptyRule(1), minCvss: '9' }],
    })
    if (!isRight(checked)) throw new Error('valid')
    expect(validatePolicyForm(policyForm(checked.right))).toEqual(checked)
  })
})

describe('watch form', () => {
  it('chosen repositories need one; builds need a name; all needs nothing', () => {
    expect(problems(validateWatchForm({ ...emptyWatchForm, name: 'w' }))).toEqual(['repositories'])
    expect(problems(validateWatchForm({ ...emptyWatchForm, name: 'w', resourceKind: 'builds' }))).toEqual([
      'builds',
    ])
    const all = validateWatchForm({ ...emptyWatchForm, name: 'w', resourceKind: 'all', repositories: ['x'] })
    expect(isRight(all) && all.right.resources).toEqual({ kind: 'all' })
  })
})

describe('ignore form', () => {
  const violation = {
    issue: 'GHSA-1',
    component: 'minimist',
    versionId: 'npm://minimist@1.2.5',
    watch: 'w',
    policy: 'p',
  }
  const now = '2026-03-01T12:00:00.000Z'

  it('is scoped to the facts ticked, with the reason trimmed', () => {
    const rule = validateIgnoreForm({ ...emptyIgnoreForm, reason: ' not reachable ' }, violation, now)
    expect(isRight(rule) && rule.right).toEqual({
      reason: 'not reachable',
      issue: 'GHSA-1',
      version: 'npm://minimist@1.2.5',
    })
  })

  it('needs a scope and a reason', () => {
    const none = {
      issue: false,
      component: false,
      version: false,
      watch: false,
      policy: false,
      reason: '',
      expires: '',
    }
    expect(problems(validateIgnoreForm(none, violation, now))).toEqual(['reason', 'scope'])
  })

  it('expires at the end of a day after today; other text is refused', () => {
    const on = (expires: string) =>
      validateIgnoreForm({ ...emptyIgnoreForm, reason: 'r', expires }, violation, now)
    const later = on('2026-03-01')
    expect(isRight(later) && later.right.expires).toBe('2026-03-01T23:59:59.999Z')
    expect(problems(on('2026-02-28'))).toEqual(['expires'])
    expect(problems(on('tomorrow'))).toEqual(['expires'])
    expect(problems(on('2026-02-30'))).toEqual(['expires'])
  })
})

describe('settings form', () => {
  it('keeps the history 1 to 3650 whole days', () => {
    const on = (retentionDays: string) =>
      validateSettingsForm({
        scanDependencies: true,
        rescanAfterImport: false,
        retentionDays,
        notifyUrl: '',
        removeWebhook: false,
      })
    expect(isRight(on('90'))).toBe(true)
    for (const bad of ['0', '3651', '1.5', '', 'x']) expect(problems(on(bad))).toEqual(['retentionDays'])
  })
})

describe('rules', () => {
  it('splits lists typed with commas and new lines, each once', () => {
    expect(wordsOf(' MIT, ,Apache-2.0\nMIT ')).toEqual(['MIT', 'Apache-2.0'])
  })

  it('reads a version id as its package and version (scoped names included)', () => {
    expect(versionRouteOf('npm://@babel/core@7.0.0')).toEqual({
      packageId: 'npm://@babel/core',
      version: '7.0.0',
    })
    expect(versionRouteOf('npm://x')).toBeUndefined()
  })

  it('draws the trend lines inside the box, oldest at the left', () => {
    const point = (at: string, high: number, violations: number) => ({
      at,
      critical: 0,
      high,
      medium: 0,
      low: 0,
      unknown: 0,
      violations,
    })
    const g = trendGeometry(
      [point('2026-01-01T00:00:00Z', 4, 0), point('2026-01-03T00:00:00Z', 2, 4)],
      100,
      50,
    )
    expect(g.max).toBe(4)
    expect(g.lines.vulnerabilities).toBe('0,0 100,25')
    expect(g.lines.violations).toBe('0,50 100,0')
  })

  it('exports CSV with hostile text quoted and formulas defused', () => {
    const xss = corpusLines('xss').find((l) => l.includes(',') && l.includes('"')) ?? ''
    expect(xss).not.toBe('')
    const line = csvLine(['high', 'GHSA-1', '=HYPERLINK("http://evil")', 'p,"q"', xss])
    expect(line).toContain(`"'=HYPERLINK(""http://evil"")"`)
    expect(line).toContain('"p,""q"""')
    // The hostile rule name comes back whole from the one field it is in.
    expect(line).toContain(`"${xss.replace(/"/g, '""')}"`)
  })
})
