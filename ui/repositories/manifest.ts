// The repositories area as the browser composes it (ui/areaManifest.ts): deferred until its first command.
import { initialRepositoriesState } from '../../domain/repositories/initial'
import { deferred, lazyAreaEffects, slice } from '../../commands/browserApp'
import { lazyApi } from '../../adapters/browser/lazyApi'
import type { AreaManifest } from '../areaManifest'

export const repositoriesManifest: AreaManifest = {
  key: 'repositories',
  domain: deferred('repositories', initialRepositoriesState, () =>
    import('../../domain/repositories/decider').then((m) => slice(m.repositoriesArea)),
  ),
  effects: lazyAreaEffects('repositories', () =>
    import('../../commands/effects/repositories').then((m) => m.repositoriesEffects),
  ),
  ports: (http) => ({
    repositoriesApi: lazyApi(() =>
      import('../../adapters/http/repositories').then((m) => m.createRepositoriesApi(http)),
    ),
  }),
  screen: () => import('./index'),
}
