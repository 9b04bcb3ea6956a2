// The personalization area as the browser composes it (ui/areaManifest.ts): deferred until its
// first command. Its port rides in the admin API's chunk, as it did while it was onboarding's.
import { initialPersonalizationState } from '../../domain/personalization/types'
import { deferred, lazyAreaEffects, slice } from '../../commands/browserApp'
import { lazyApi } from '../../adapters/browser/lazyApi'
import type { AreaManifest } from '../areaManifest'

export const personalizationManifest: AreaManifest = {
  key: 'personalization',
  domain: deferred('personalization', initialPersonalizationState, () =>
    import('../../domain/personalization/decider').then((m) => slice(m.personalizationArea)),
  ),
  effects: lazyAreaEffects('personalization', () =>
    import('../../commands/effects/personalization').then((m) => m.personalizationEffects),
  ),
  ports: (http) => ({
    personalizationApi: lazyApi(() =>
      import('../../adapters/browser/adminApiChunk').then((m) => m.createPersonalizationApi(http)),
    ),
  }),
  parts: { 'gettingStarted/personalization': () => import('./PersonalizationDialog') },
}
