// The serviceStatus area as the browser composes it (ui/areaManifest.ts): deferred until its first command.
import { initialServiceStatusState } from '../../domain/serviceStatus/initial'
import { deferred, lazyAreaEffects, slice } from '../../commands/browserApp'
import { lazyApi } from '../../adapters/browser/lazyApi'
import type { AreaManifest } from '../areaManifest'

export const serviceStatusManifest: AreaManifest = {
  key: 'serviceStatus',
  domain: deferred('serviceStatus', initialServiceStatusState, () =>
    import('../../domain/serviceStatus').then((m) => slice(m.serviceStatusArea)),
  ),
  effects: lazyAreaEffects('serviceStatus', () =>
    import('../../commands/effects/serviceStatus').then((m) => m.serviceStatusEffects),
  ),
  ports: (http) => ({
    serviceStatusApi: lazyApi(() =>
      import('../../adapters/http/serviceStatus').then((m) => m.createServiceStatusApi(http)),
    ),
  }),
  screen: () => import('./index'),
}
