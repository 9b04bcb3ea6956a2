// The artifacts area as the browser composes it (ui/areaManifest.ts): deferred until its first command.
import { initialArtifactsState } from '../../domain/artifacts/initial'
import { deferred, lazyAreaEffects, slice } from '../../commands/browserApp'
import { lazyApi } from '../../adapters/browser/lazyApi'
import type { AreaManifest } from '../areaManifest'

export const artifactsManifest: AreaManifest = {
  key: 'artifacts',
  domain: deferred('artifacts', initialArtifactsState, () =>
    import('../../domain/artifacts').then((m) => slice(m.artifactsArea)),
  ),
  effects: lazyAreaEffects('artifacts', () =>
    import('../../commands/effects/artifacts').then((m) => m.artifactsEffects),
  ),
  ports: (http, _fetch, host) => ({
    artifactsApi: lazyApi(() =>
      import('../../adapters/http/artifacts').then((m) =>
        m.createArtifactsApi(http, { fetch: host.fetch, origin: host.origin }),
      ),
    ),
  }),
  screen: () => import('./index'),
}
