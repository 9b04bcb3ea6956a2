// The set-me-up area as the browser composes it (ui/areaManifest.ts): deferred until its first
// command. Its port rides in the admin API's chunk, as it did while it was onboarding's.
import { initialSetMeUpState } from '../../domain/setMeUp/types'
import { deferred, lazyAreaEffects, slice } from '../../commands/browserApp'
import { lazyApi } from '../../adapters/browser/lazyApi'
import { runQuery } from '../../queries'
import type { AreaManifest } from '../areaManifest'

export const setMeUpManifest: AreaManifest = {
  key: 'setMeUp',
  domain: deferred('setMeUp', initialSetMeUpState, () =>
    import('../../domain/setMeUp/decider').then((m) => slice(m.setMeUpArea)),
  ),
  effects: lazyAreaEffects('setMeUp', () =>
    import('../../commands/effects/setMeUp').then((m) => m.setMeUpEffects),
  ),
  ports: (http) => ({
    setMeUpApi: lazyApi(() =>
      import('../../adapters/browser/adminApiChunk').then((m) => m.createSetMeUpApi(http)),
    ),
  }),
  chrome: [
    {
      // Beside the page's content; with its selects (Radix Select), a chunk of its own.
      place: 'aside',
      load: () => import('./SetMeUpPanel').then((m) => ({ default: m.SetMeUpPanel })),
      shown: (state) => runQuery(state, { type: 'setMeUp/Panel' }).visible,
    },
  ],
}
