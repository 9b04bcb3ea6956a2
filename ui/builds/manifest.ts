// The builds area as the browser composes it (ui/areaManifest.ts): deferred until its first command.
import { initialBuildsState } from '../../domain/builds/initial'
import { deferred, lazyAreaEffects, slice } from '../../commands/browserApp'
import { lazyApi } from '../../adapters/browser/lazyApi'
import type { AreaManifest } from '../areaManifest'

export const buildsManifest: AreaManifest = {
  key: 'builds',
  domain: deferred('builds', initialBuildsState, () =>
    import('../../domain/builds').then((m) => slice(m.buildsArea)),
  ),
  effects: lazyAreaEffects('builds', () =>
    import('../../commands/effects/builds').then((m) => m.buildsEffects),
  ),
  ports: (http) => ({
    buildsApi: lazyApi(() => import('../../adapters/http/builds').then((m) => m.createBuildsApi(http))),
  }),
  screen: () => import('./index'),
}
