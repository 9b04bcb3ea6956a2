// The releaseBundles area as the browser composes it (ui/areaManifest.ts): deferred until its first command.
import { initialReleaseBundlesState } from '../../domain/releaseBundles/initial'
import { deferred, lazyAreaEffects, slice } from '../../commands/browserApp'
import { lazyApi } from '../../adapters/browser/lazyApi'
import type { AreaManifest } from '../areaManifest'

export const releaseBundlesManifest: AreaManifest = {
  key: 'releaseBundles',
  domain: deferred('releaseBundles', initialReleaseBundlesState, () =>
    import('../../domain/releaseBundles').then((m) => slice(m.releaseBundlesArea)),
  ),
  effects: lazyAreaEffects('releaseBundles', () =>
    import('../../commands/effects/releaseBundles').then((m) => m.releaseBundlesEffects),
  ),
  ports: (http) => ({
    releaseBundlesApi: lazyApi(() =>
      import('../../adapters/http/releaseBundles').then((m) => m.createReleaseBundlesApi(http)),
    ),
  }),
  screen: () => import('./index'),
}
