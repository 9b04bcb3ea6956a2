/** A security policy as the scanning tests make one: one rule, from a least severity, with its actions. */
import type { Policy, RuleActions, XraySeverity } from '../../domain/xray'

export const securityPolicy = (
  name: string,
  minSeverity: XraySeverity,
  actions: Partial<RuleActions> = {},
): Policy => ({
  name,
  description: '',
  type: 'security',
  rules: [
    {
      name: minSeverity,
      criteria: { kind: 'security', minSeverity },
      actions: { blockDownload: false, failBuild: false, notify: false, ...actions },
    },
  ],
})
