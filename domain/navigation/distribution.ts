/**
 * The distribution paths' step of the navigation pipeline: old bundle paths become release-bundle
 * paths and a distribution path without a tab opens the default one, as a redirect the pipeline
 * records (not a second guard in the view, which would flash the page and push a second entry).
 */
import { licenceKey } from '../shared/licence'
import type { ShellContext } from './context'

/** The tab a distribution page opens on: the bundles it sends, or those it receives. */
export type DistributionTab = 'source' | 'target'

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

/** The default tab for this user and instance: the distribution service or entitlement counts. */
export const distributionTabOf = (ctx: ShellContext): DistributionTab =>
  defaultDistributionTab({
    enterprisePlus: hasEnterprisePlusPlan(ctx.licenseType),
    distributionCapable:
      ctx.services.some((s) => s.toLowerCase() === 'distribution') ||
      ctx.entitlements.includes('distribution'),
  })

/**
 * Where a distribution path must go instead, or null when it is a page to show. Old bundle paths
 * of the artifact repository become release-bundle paths (`/bundles/...` and
 * `/release-bundles/...` → `/distribution/...`, a tab kept, anything below it dropped), and
 * `/distribution` or a segment that is not a tab (`/distribution/foo`) opens the default tab.
 */
export function distributionRedirect(path: string, defaultTab: DistributionTab): string | null {
  const m = /^\/(distribution|bundles|release-bundles)(?=\/|$)(\/([^/]*).*)?$/.exec(path)
  if (!m) return null
  const [, area, rest = '', tab] = m
  if (tab === 'source' || tab === 'target') return area === 'distribution' ? null : `/distribution/${tab}`
  if (area === 'distribution') return `/distribution/${defaultTab}`
  return rest === '/' ? '/distribution' : `/distribution${rest}`
}
