import type { QueryTable, Selector } from './types'
import type { SupportBundlesState } from '../domain/supportBundles'

const page: Selector<object, SupportBundlesState> = (state) => state.supportBundles

// Queries of the supportBundles area, named `supportBundles/Noun`.
export const supportBundlesQueries = { 'supportBundles/Page': page } satisfies QueryTable
