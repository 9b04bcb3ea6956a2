// The packages area as the browser composes it (ui/areaManifest.ts): deferred until its first command.
// Its list route asks for its search as soon as the route is settled: the list would ask only once
// the chrome and the packages area had loaded and rendered, after start-up (a trace of a signed-in
// cold load of /ui/packages showed the chrome's render and the Radix widgets' first commits
// before it). The module is the list's own, which the page names as a preload on that route
// (server/ui/indexPage.ts): a module of its own would be one more request on the landing.
import { initialPackagesState } from '../../domain/packages/initial'
import { deferred, lazyAreaEffects, slice } from '../../commands/browserApp'
import { lazyApi } from '../../adapters/browser/lazyApi'
import type { AreaManifest } from '../areaManifest'

export const packagesManifest: AreaManifest = {
  key: 'packages',
  domain: deferred('packages', initialPackagesState, () =>
    import('../../domain/packages').then((m) => slice(m.packagesArea)),
  ),
  effects: lazyAreaEffects('packages', () =>
    import('../../commands/effects/packages').then((m) => m.packagesEffects),
  ),
  ports: (http) => ({
    packagesApi: lazyApi(() =>
      import('../../adapters/browser/packagesApiChunk').then((m) => m.createPackagesApi(http)),
    ),
  }),
  screen: () => import('./index'),
  firstIntent: () =>
    import('./PackagesList').then(
      ({ listQueryOf }) =>
        (match, search) =>
          match.params.packageId ? null : { type: 'packages/OpenList', query: listQueryOf(search) },
    ),
}
