// The security screens' forms at their edges, with the message each problem says and the value
// each valid form gives the platform (what a user reads under a field, and what is saved).
import { describe, expect, it } from 'vitest'
import { left, right } from 'fp-ts/Either'
import {
  emptyIgnoreForm,
  emptyPolicyForm,
  emptyRule,
  policyForm,
  validatePolicyForm,
  emptyWatchForm,
  validateIgnoreForm,
  validateSettingsForm,
  validateWatchForm,
  settingsForm,
  watchForm,
  webhookTarget,
  watchRefusal,
  type Watch,
} from '../../domain/xray'

describe('scan settings', () => {
  const on = (retentionDays: string, notifyUrl = '', removeWebhook = false) =>
    validateSettingsForm({
      scanDependencies: false,
      rescanAfterImport: true,
      retentionDays,
      notifyUrl,
      removeWebhook,
    })
  const saved = (retentionDays: number, url?: string) =>
    right({
      scanDependencies: false,
      rescanAfterImport: true,
      retentionDays,
      webhook: url === undefined ? { kind: 'keep' } : { kind: 'set', url },
    })

  it('keep 1 and 3650 days, blanks around them trimmed, and save the switches as set', () => {
    expect(on(' 1 ')).toEqual(saved(1))
    expect(on('3650')).toEqual(saved(3650))
  })

  it('refuse 0, 3651, a fraction, blanks and words, saying the range', () => {
    for (const bad of ['0', '3651', '2.5', '  ', 'ninety'])
      expect(on(bad)).toEqual(left({ retentionDays: { key: 'xrayRetentionRange' } }))
  })

  it('set an http(s) webhook trimmed; a blank one keeps the one set', () => {
    expect(on('90', ' https://hooks.example.com/xray?team=1 ')).toEqual(
      saved(90, 'https://hooks.example.com/xray?team=1'),
    )
    expect(on('90', 'http://127.0.0.1:8080/x')).toEqual(saved(90, 'http://127.0.0.1:8080/x'))
    expect(on('90', '   ')).toEqual(saved(90))
  })

  it('remove the webhook when asked, whatever the field holds', () => {
    for (const typed of ['', 'https://hooks.example.com/x', 'not an address'])
      expect(on('90', typed, true)).toEqual(
        right({
          scanDependencies: false,
          rescanAfterImport: true,
          retentionDays: 90,
          webhook: { kind: 'remove' },
        }),
      )
  })

  it('refuse a webhook that is no http(s) address or is too long, with the other problems', () => {
    for (const bad of ['ftp://host/x', 'javascript:alert(1)', 'hooks.example.com', 'https://', 'http:// x'])
      expect(on('90', bad), bad).toEqual(left({ notifyUrl: { key: 'xrayWebhookUrl' } }))
    expect(on('0', `https://h/${'a'.repeat(2048)}`)).toEqual(
      left({ retentionDays: { key: 'xrayRetentionRange' }, notifyUrl: { key: 'tooLong', max: 2048 } }),
    )
  })
})

describe('what is told of a webhook', () => {
  it('its scheme, host and port only: never its user part, path, query or fragment', () => {
    expect(webhookTarget('https://hooks.slack.com/services/T0/B0/s3cr3t')).toBe('https://hooks.slack.com')
    expect(webhookTarget(' http://user:pw@127.0.0.1:8080/h?token=s3cr3t#s3cr3t ')).toBe(
      'http://127.0.0.1:8080',
    )
    expect(webhookTarget('https://HOOKS.example.com:443/x')).toBe('https://hooks.example.com')
    for (const bad of ['ftp://host/x', 'javascript:alert(1)', 'not an address'])
      expect(webhookTarget(bad)).toBeNull()
  })
})

describe('an ignore rule', () => {
  const violation = {
    issue: 'GHSA-1',
    component: 'minimist',
    versionId: 'npm://minimist@1.2.5',
    watch: 'w',
    policy: 'p',
  }
  const now = '2026-03-01T12:00:00.000Z'
  const form = { ...emptyIgnoreForm, reason: 'not reachable' }

  it('scoped to every fact ticked carries each', () => {
    const all = { ...form, issue: true, component: true, version: true, watch: true, policy: true }
    expect(validateIgnoreForm(all, violation, now)).toEqual(
      right({
        reason: 'not reachable',
        issue: 'GHSA-1',
        component: 'minimist',
        version: 'npm://minimist@1.2.5',
        watch: 'w',
        policy: 'p',
      }),
    )
  })

  it('scoped to one fact alone is enough', () => {
    const none = { ...form, issue: false, component: false, version: false, watch: false, policy: false }
    for (const fact of ['issue', 'component', 'version', 'watch', 'policy'] as const)
      expect(validateIgnoreForm({ ...none, [fact]: true }, violation, now)._tag).toBe('Right')
    expect(validateIgnoreForm(none, violation, now)).toEqual(left({ scope: { key: 'xrayChooseScope' } }))
  })

  it('needs a reason of at most 1000 characters, counted as typed', () => {
    expect(validateIgnoreForm({ ...form, reason: '   ' }, violation, now)).toEqual(
      left({ reason: { key: 'mandatory' } }),
    )
    expect(validateIgnoreForm({ ...form, reason: 'r'.repeat(1000) }, violation, now)._tag).toBe('Right')
    expect(validateIgnoreForm({ ...form, reason: 'r'.repeat(1001) }, violation, now)).toEqual(
      left({ reason: { key: 'tooLong', max: 1000 } }),
    )
  })

  it('expires at the end of the day typed (blanks trimmed), which must be after now', () => {
    const on = (expires: string, at = now) => validateIgnoreForm({ ...form, expires }, violation, at)
    expect(on(' 2026-03-02 ')).toEqual(
      right({
        reason: 'not reachable',
        issue: 'GHSA-1',
        version: 'npm://minimist@1.2.5',
        expires: '2026-03-02T23:59:59.999Z',
      }),
    )
    expect(on('2026-02-28')).toEqual(left({ expires: { key: 'xrayExpiryPast' } }))
    // The very end of the day is no later than itself.
    expect(on('2026-03-01', '2026-03-01T23:59:59.999Z')).toEqual(left({ expires: { key: 'xrayExpiryPast' } }))
    for (const bad of ['2026-02-30', 'x2026-03-02', '2026-03-02x', '2026-3-2'])
      expect(on(bad)).toEqual(left({ expires: { key: 'xrayExpiryNotDate' } }))
  })
})

describe('a watch', () => {
  it('of chosen repositories keeps each once, its policies each once, its description trimmed', () => {
    expect(
      validateWatchForm({
        ...emptyWatchForm,
        name: 'prod',
        description: ' the releases ',
        repositories: ['npm-local', 'npm-local', 'docker-local'],
        policies: ['p', 'p'],
      }),
    ).toEqual(
      right({
        name: 'prod',
        description: 'the releases',
        resources: { kind: 'repositories', repositories: ['npm-local', 'docker-local'] },
        policies: ['p'],
      }),
    )
  })

  it('of builds takes the names typed, and says which choice is missing', () => {
    const builds = { ...emptyWatchForm, name: 'ci', resourceKind: 'builds' as const }
    expect(validateWatchForm({ ...builds, builds: 'web, api,web' })).toEqual(
      right({
        name: 'ci',
        description: '',
        resources: { kind: 'builds', builds: ['web', 'api'] },
        policies: [],
      }),
    )
    expect(validateWatchForm(builds)).toEqual(left({ builds: { key: 'xrayChooseBuilds' } }))
    expect(validateWatchForm({ ...emptyWatchForm, name: 'r' })).toEqual(
      left({ repositories: { key: 'xrayChooseRepositories' } }),
    )
  })

  it('needs a name: mandatory, 64 characters at most, of the platform’s characters', () => {
    const named = (name: string) => validateWatchForm({ ...emptyWatchForm, name, resourceKind: 'all' })
    expect(named(' ')).toEqual(left({ name: { key: 'mandatory' } }))
    expect(named('w'.repeat(64))._tag).toBe('Right')
    expect(named('w'.repeat(65))).toEqual(left({ name: { key: 'tooLong', max: 64 } }))
    expect(named('a b')).toEqual(left({ name: { key: 'invalidName' } }))
  })
})

describe('a policy', () => {
  const named = { ...emptyPolicyForm, name: 'p' }
  const withRule = (rule: Partial<ReturnType<typeof emptyRule>>, type: 'security' | 'license' = 'security') =>
    validatePolicyForm({ ...named, type, rules: [{ ...emptyRule(1), ...rule }] })

  it('says what is wrong with its name and its rules', () => {
    expect(validatePolicyForm({ ...named, name: '' })).toEqual(left({ name: { key: 'mandatory' } }))
    expect(validatePolicyForm({ ...named, name: 'p'.repeat(65) })).toEqual(
      left({ name: { key: 'tooLong', max: 64 } }),
    )
    expect(validatePolicyForm({ ...named, name: 'p'.repeat(64) })._tag).toBe('Right')
    expect(validatePolicyForm({ ...named, name: 'a b' })).toEqual(left({ name: { key: 'invalidName' } }))
    expect(validatePolicyForm({ ...named, rules: [] })).toEqual(
      left({ rules: { key: 'xrayAtLeastOneRule' } }),
    )
    expect(validatePolicyForm({ ...named, rules: [{ ...emptyRule(1), name: ' ' }] })).toEqual(
      left({ 'rules.0.name': { key: 'mandatory' } }),
    )
    expect(
      validatePolicyForm({ ...named, rules: [emptyRule(1), { ...emptyRule(2), name: ' rule-1 ' }] }),
    ).toEqual(left({ 'rules.1.name': { key: 'xrayRuleNamesDiffer' } }))
    expect(withRule({ minCvss: '10.5' })).toEqual(left({ 'rules.0.minCvss': { key: 'xrayCvssRange' } }))
    expect(withRule({}, 'license')).toEqual(left({ 'rules.0.licences': { key: 'xrayLicenceRuleEmpty' } }))
  })

  it('takes a CVSS score of 0 and of 10, and a blank one as none', () => {
    for (const [typed, score] of [
      ['0', 0],
      ['10', 10],
      [' 4 ', 4],
    ] as const) {
      const checked = withRule({ minCvss: typed })
      expect(checked._tag === 'Right' && checked.right.rules[0]?.criteria).toEqual({
        kind: 'security',
        minSeverity: 'high',
        minCvss: score,
      })
    }
    const blank = withRule({ minCvss: '  ' })
    expect(blank._tag === 'Right' && blank.right.rules[0]?.criteria).toEqual({
      kind: 'security',
      minSeverity: 'high',
    })
  })

  it('a licence rule that only flags unknown licences is a rule', () => {
    const unknown = withRule({ unknownViolates: true }, 'license')
    expect(unknown._tag === 'Right' && unknown.right.rules[0]?.criteria).toEqual({
      kind: 'license',
      unknownViolates: true,
    })
  })

  it('stored, reads back into the form it was saved from, for either kind', () => {
    const licence = withRule(
      { allowed: 'MIT, ISC', banned: 'GPL-3.0', unknownViolates: true, failBuild: true },
      'license',
    )
    const security = withRule({ minSeverity: 'critical', minCvss: '7', fixAvailable: true, notify: false })
    for (const checked of [licence, security]) {
      if (checked._tag !== 'Right') throw new Error('valid')
      expect(validatePolicyForm(policyForm(checked.right))).toEqual(checked)
    }
    const bannedOnly = withRule({ banned: 'GPL-3.0' }, 'license')
    if (licence._tag !== 'Right' || security._tag !== 'Right' || bannedOnly._tag !== 'Right')
      throw new Error('valid')
    expect(policyForm(bannedOnly.right).rules[0]).toMatchObject({ allowed: '', unknownViolates: false })
    expect(policyForm(licence.right).rules[0]).toMatchObject({
      allowed: 'MIT, ISC',
      banned: 'GPL-3.0',
      unknownViolates: true,
      minSeverity: '',
      minCvss: '',
      fixAvailable: false,
    })
    expect(policyForm(security.right).rules[0]).toMatchObject({
      minSeverity: 'critical',
      minCvss: '7',
      fixAvailable: true,
      allowed: '',
      banned: '',
      unknownViolates: false,
    })
  })
})

describe('a new form, as the screens open it', () => {
  it('a policy starts unnamed, of security, with one rule of high severity that notifies only', () => {
    expect(emptyPolicyForm).toEqual({ name: '', description: '', type: 'security', rules: [emptyRule(1)] })
    expect(emptyRule(2)).toEqual({
      name: 'rule-2',
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
    // Saved as it opens, it wants a name and nothing else.
    expect(validatePolicyForm(emptyPolicyForm)).toEqual(left({ name: { key: 'mandatory' } }))
  })

  it('a watch starts unnamed, over repositories none of which is chosen', () => {
    expect(emptyWatchForm).toEqual({
      name: '',
      description: '',
      resourceKind: 'repositories',
      repositories: [],
      builds: '',
      policies: [],
    })
  })

  it('an ignore rule starts without a reason or an expiry: the reason is asked for', () => {
    const violation = { issue: 'GHSA-1', component: 'c', versionId: 'npm://c@1', watch: 'w', policy: 'p' }
    expect(validateIgnoreForm(emptyIgnoreForm, violation, '2026-03-01T00:00:00.000Z')).toEqual(
      left({ reason: { key: 'mandatory' } }),
    )
    // An expiry of blanks is none.
    expect(
      validateIgnoreForm(
        { ...emptyIgnoreForm, reason: 'r', expires: '   ' },
        violation,
        '2026-03-01T00:00:00.000Z',
      ),
    ).toEqual(right({ reason: 'r', issue: 'GHSA-1', version: 'npm://c@1' }))
  })
})

describe('a stored watch or policy, read back into its form', () => {
  const watch = (resources: Watch['resources']): Watch => ({
    name: 'w',
    description: 'd',
    resources,
    policies: ['p', 'q'],
  })

  it('a watch shows its repositories, or its builds as typed, and the other field empty', () => {
    expect(watchForm(watch({ kind: 'repositories', repositories: ['npm-local', 'docker-local'] }))).toEqual({
      name: 'w',
      description: 'd',
      resourceKind: 'repositories',
      repositories: ['npm-local', 'docker-local'],
      builds: '',
      policies: ['p', 'q'],
    })
    expect(watchForm(watch({ kind: 'builds', builds: ['web', 'api'] }))).toEqual({
      name: 'w',
      description: 'd',
      resourceKind: 'builds',
      repositories: [],
      builds: 'web, api',
      policies: ['p', 'q'],
    })
    expect(watchForm(watch({ kind: 'all' }))).toMatchObject({
      resourceKind: 'all',
      repositories: [],
      builds: '',
    })
    for (const resources of [
      { kind: 'repositories', repositories: ['a', 'b'] },
      { kind: 'builds', builds: ['web', 'api'] },
      { kind: 'all' },
    ] as const)
      expect(validateWatchForm(watchForm(watch(resources)))).toEqual(right(watch(resources)))
  })

  it('a watch the platform would refuse is refused naming each field, comma-separated', () => {
    expect(watchRefusal({ ...watch({ kind: 'builds', builds: [] }), name: '' })).toBe(
      'invalid watch: name, builds',
    )
    expect(watchRefusal(watch({ kind: 'builds', builds: ['web'] }))).toBeUndefined()
  })

  it('a policy keeps each licence list, a security rule without a severity, its description trimmed', () => {
    const licence = validatePolicyForm({
      ...emptyPolicyForm,
      name: 'p',
      description: '  no copyleft  ',
      type: 'license',
      rules: [{ ...emptyRule(1), allowed: 'MIT', banned: 'GPL-3.0, AGPL-3.0' }],
    })
    if (licence._tag !== 'Right') throw new Error('valid')
    expect(licence.right.description).toBe('no copyleft')
    expect(policyForm(licence.right).rules[0]).toMatchObject({ allowed: 'MIT', banned: 'GPL-3.0, AGPL-3.0' })
    const allowedOnly = validatePolicyForm({
      ...emptyPolicyForm,
      name: 'p',
      type: 'license',
      rules: [{ ...emptyRule(1), allowed: 'MIT' }],
    })
    if (allowedOnly._tag !== 'Right') throw new Error('valid')
    expect(policyForm(allowedOnly.right).rules[0]).toMatchObject({ allowed: 'MIT', banned: '' })
    const anySeverity = validatePolicyForm({
      ...emptyPolicyForm,
      name: 'p',
      rules: [{ ...emptyRule(1), minSeverity: '', minCvss: '5' }],
    })
    if (anySeverity._tag !== 'Right') throw new Error('valid')
    expect(anySeverity.right.rules[0]?.criteria).toEqual({ kind: 'security', minCvss: 5 })
    expect(policyForm(anySeverity.right).rules[0]).toMatchObject({ minSeverity: '', minCvss: '5' })
  })

  it('a licence policy ignores a CVSS score left typed from when it was a security one', () => {
    const switched = validatePolicyForm({
      ...emptyPolicyForm,
      name: 'p',
      type: 'license',
      rules: [{ ...emptyRule(1), minCvss: 'eleven', banned: 'GPL-3.0' }],
    })
    expect(switched._tag === 'Right' && switched.right.rules[0]?.criteria).toEqual({
      kind: 'license',
      banned: ['GPL-3.0'],
    })
  })
})

describe('the scan settings, read into their form', () => {
  it('show the retention as text, the switches as stored, an empty webhook field; save keeps it', () => {
    const stored = { scanDependencies: true, rescanAfterImport: false, retentionDays: 90, notifyTarget: null }
    expect(settingsForm(stored)).toEqual({
      scanDependencies: true,
      rescanAfterImport: false,
      retentionDays: '90',
      notifyUrl: '',
      removeWebhook: false,
    })
    const { notifyTarget: _t, ...values } = stored
    expect(validateSettingsForm(settingsForm(stored))).toEqual(
      right({ ...values, webhook: { kind: 'keep' } }),
    )
    const hooked = { ...stored, notifyTarget: 'https://hooks.example.com' }
    expect(settingsForm(hooked).notifyUrl).toBe('')
    expect(validateSettingsForm(settingsForm(hooked))).toEqual(
      right({ ...values, webhook: { kind: 'keep' } }),
    )
  })

  it('read settings saved before the webhook existed as having none', () => {
    const old = { scanDependencies: true, rescanAfterImport: false, retentionDays: 90 }
    expect(settingsForm(old).notifyUrl).toBe('')
    expect(validateSettingsForm(settingsForm(old))).toEqual(right({ ...old, webhook: { kind: 'keep' } }))
  })
})
