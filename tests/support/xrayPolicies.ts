/** Policies as the scanning tests make them: one rule each, with its actions. */
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

/** A licence policy of one rule banning `banned`, which notifies. */
export const licencePolicy = (name: string, banned: ReadonlyArray<string>, description = ''): Policy => ({
  name,
  description,
  type: 'license',
  rules: [
    {
      name: `ban-${banned.join('-').toLowerCase()}`,
      criteria: { kind: 'license', banned: [...banned] },
      actions: { blockDownload: false, failBuild: false, notify: true },
    },
  ],
})
