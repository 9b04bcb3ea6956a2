import type { QueryTable, Selector } from './types'
import type { ChecksumLookup, DistributionTab } from '../domain/releaseBundles/types'
import { defaultDistributionTab, hasEnterprisePlusPlan } from '../domain/releaseBundles/plan'
import { viewerOf } from '../domain/search/viewer'

const lookup: Selector<object, ChecksumLookup> = (s) => s.releaseBundles.lookup

/** The tab shown when the path names none. */
const defaultTab: Selector<object, DistributionTab> = (s) => {
  const v = viewerOf(s)
  return defaultDistributionTab({
    enterprisePlus: hasEnterprisePlusPlan(v.licenseType),
    distributionCapable:
      v.services.includes('distribution') || s.platform.entitlements.includes('distribution'),
  })
}

// Queries of the releaseBundles area, named `releaseBundles/Noun`.
export const releaseBundlesQueries = {
  'releaseBundles/Lookup': lookup,
  'releaseBundles/DefaultTab': defaultTab,
} satisfies QueryTable
