// The integrations area as the browser composes it (ui/areaManifest.ts): deferred until its first command.
import { initialIntegrationsState } from '../../domain/integrations/initial'
import { deferred, lazyAreaEffects, slice } from '../../commands/browserApp'
import { lazyApi } from '../../adapters/browser/lazyApi'
import type { AreaManifest } from '../areaManifest'

export const integrationsManifest: AreaManifest = {
  key: 'integrations',
  domain: deferred('integrations', initialIntegrationsState, () =>
    import('../../domain/integrations').then((m) => slice(m.integrationsArea)),
  ),
  effects: lazyAreaEffects('integrations', () =>
    import('../../commands/effects/integrations').then((m) => m.integrationsEffects),
  ),
  ports: (http) => ({
    integrationsApi: lazyApi(() =>
      import('../../adapters/http/integrations').then((m) => m.createIntegrationsApi(http)),
    ),
  }),
  screen: () => import('./index'),
}
