// The search area as the browser composes it (ui/areaManifest.ts): the search bar's recent
// searches and suggestions, whose code loads with the area's first use (searchUse.ts).
import { initialSearchState } from '../../domain/search/types'
import { deferred, lazyAreaEffects, slice } from '../../commands/browserApp'
import { isSearchUse } from '../../commands/effects/searchUse'
import type { AreaManifest } from '../areaManifest'

export const searchManifest: AreaManifest = {
  key: 'search',
  domain: deferred('search', initialSearchState, () =>
    import('../../domain/search/decider').then((m) => slice(m.searchArea)),
  ),
  effects: lazyAreaEffects(
    'search',
    () => import('../../commands/effects/search').then((m) => m.searchEffects),
    isSearchUse,
  ),
}
