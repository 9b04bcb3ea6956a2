/** The plan and default tab rules of distribution, apart so queries/releaseBundles.ts pulls in only these. */
import type { DistributionTab } from './types'
import { licenceKey } from '../search'

/** The enterprise-plus plan, however the platform spells it (`Enterprise+`, `ENTERPRISE_PLUS_TRIAL`, …). */
export const hasEnterprisePlusPlan = (licenseType: string): boolean =>
  /^ENTERPRISE_PLUS(_|$)/.test(licenceKey(licenseType))

/** Without an active tab: source for enterprise-plus with a distribution capability, target otherwise. */
export function defaultDistributionTab(input: {
  readonly enterprisePlus: boolean
  readonly distributionCapable: boolean
}): DistributionTab {
  return input.enterprisePlus && input.distributionCapable ? 'source' : 'target'
}
