// The supportBundles area as the browser composes it (ui/areaManifest.ts): deferred until its first command.
import { initialSupportBundlesState } from '../../domain/supportBundles/initial'
import { deferred, lazyAreaEffects, slice } from '../../commands/browserApp'
import { lazyApi } from '../../adapters/browser/lazyApi'
import type { AreaManifest } from '../areaManifest'

export const supportBundlesManifest: AreaManifest = {
  key: 'supportBundles',
  domain: deferred('supportBundles', initialSupportBundlesState, () =>
    import('../../domain/supportBundles').then((m) => slice(m.supportBundlesArea)),
  ),
  effects: lazyAreaEffects('supportBundles', () =>
    import('../../commands/effects/supportBundles').then((m) => m.supportBundlesEffects),
  ),
  ports: (http, _fetch, host) => ({
    supportBundlesApi: lazyApi(() =>
      import('../../adapters/http/supportBundles').then((m) =>
        m.createSupportBundlesApi(http, { fetch: host.fetch, saveFile: host.saveFile }),
      ),
    ),
  }),
  screen: () => import('./index'),
}
