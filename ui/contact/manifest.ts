// The contact area as the browser composes it (ui/areaManifest.ts): deferred until its first
// command. Its port rides in the admin API's chunk, as it did while it was onboarding's.
import { initialContactState } from '../../domain/contact/types'
import { deferred, lazyAreaEffects, slice } from '../../commands/browserApp'
import { lazyApi } from '../../adapters/browser/lazyApi'
import type { AreaManifest } from '../areaManifest'

export const contactManifest: AreaManifest = {
  key: 'contact',
  domain: deferred('contact', initialContactState, () =>
    import('../../domain/contact/decider').then((m) => slice(m.contactArea)),
  ),
  effects: lazyAreaEffects('contact', () =>
    import('../../commands/effects/contact').then((m) => m.contactEffects),
  ),
  ports: (http) => ({
    contactApi: lazyApi(() =>
      import('../../adapters/browser/adminApiChunk').then((m) => m.createContactApi(http)),
    ),
  }),
}
