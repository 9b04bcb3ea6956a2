// A policy's rule in the Policies list, said once: a rule named for its severity read
// "low: Low and above".
import { describe, expect, it } from 'vitest'
import { ruleSummary } from '../../ui/xray/Policies'

const actions = { blockDownload: true, failBuild: false, notify: false }

describe("a policy rule's summary", () => {
  it('does not repeat a name that only says the severity', () => {
    for (const name of ['low', 'Low', ' low '])
      expect(ruleSummary({ name, criteria: { kind: 'security', minSeverity: 'low' }, actions })).toBe(
        'Low severity and above → blocks download',
      )
    expect(
      ruleSummary({
        name: 'Any severity',
        criteria: { kind: 'security' },
        actions: { ...actions, notify: true },
      }),
    ).toBe('Any severity → blocks download, notifies')
  })

  it('keeps a name that says something of its own', () => {
    expect(
      ruleSummary({
        name: 'block-critical',
        criteria: { kind: 'security', minSeverity: 'critical', fixAvailable: true },
        actions: { blockDownload: false, failBuild: true, notify: false },
      }),
    ).toBe('block-critical: Critical severity and above, with a fix → fails build')
    expect(
      ruleSummary({
        name: 'ban-gpl',
        criteria: { kind: 'license', banned: ['GPL-3.0'] },
        actions: { blockDownload: false, failBuild: false, notify: true },
      }),
    ).toBe('ban-gpl: not GPL-3.0 → notifies')
  })
})
