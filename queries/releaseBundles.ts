import type { QueryTable, Selector } from './types'
import type { ChecksumLookup } from '../domain/releaseBundles/types'

const lookup: Selector<object, ChecksumLookup> = (s) => s.releaseBundles.lookup

// Queries of the releaseBundles area, named `releaseBundles/Noun`. The default tab is a step of
// the navigation pipeline (domain/navigation/distribution.ts), not a view's redirect.
export const releaseBundlesQueries = {
  'releaseBundles/Lookup': lookup,
} satisfies QueryTable
