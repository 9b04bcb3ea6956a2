// The overview area as the browser composes it (ui/areaManifest.ts): deferred until its first command.
import { initialOverviewState } from '../../domain/overview/initial'
import { deferred, lazyAreaEffects, slice } from '../../commands/browserApp'
import { lazyApi } from '../../adapters/browser/lazyApi'
import type { AreaManifest } from '../areaManifest'

export const overviewManifest: AreaManifest = {
  key: 'overview',
  domain: deferred('overview', initialOverviewState, () =>
    import('../../domain/overview').then((m) => slice(m.overviewArea)),
  ),
  effects: lazyAreaEffects('overview', () =>
    import('../../commands/effects/overview').then((m) => m.overviewEffects),
  ),
  ports: (http) => ({
    overviewApi: lazyApi(() => import('../../adapters/http/overview').then((m) => m.createOverviewApi(http))),
  }),
  screen: () => import('./index'),
}
