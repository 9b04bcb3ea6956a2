// The packages area as the browser composes it (ui/areaManifest.ts): deferred until its first command.
// Its list route asks for its search, and a package's route for the package, as soon as the route
// is settled: the list would ask only once the chrome and the packages area had loaded and rendered,
// after start-up (a trace of a signed-in cold load of /ui/packages showed the chrome's render and
// the Radix widgets' first commits before it), and a package's page only once its code had loaded
// (seven files after a click in the list). The module is the list's own, which the page names as a
// preload on that route (server/ui/indexPage.ts): a module of its own would be one more request on
// the landing.
import { initialPackagesState } from '../../domain/packages/initial'
import { deferred, lazyAreaEffects, slice } from '../../commands/browserApp'
import { lazyApi } from '../../adapters/browser/lazyApi'
import type { AreaManifest } from '../areaManifest'
import { loadOnce } from '../shared/loadOnce'

// The list's first intent goes through the area's domain, effects and API client, each loaded on
// its first use, one after the other; each waited for a task behind the chrome's first render
// (a trace of a cold load). The first intent asks for the three with the list's search, together,
// all in the area's core file (vite.config.ts packagesCore), not in its screen's; kept (loadOnce),
// the chain then runs through at once when the intent is dispatched.
const domain = loadOnce(() => import('../../domain/packages/decider'))
const effects = loadOnce(() => import('../../commands/effects/packages'))
const api = loadOnce(() => import('../../adapters/browser/packagesApiChunk'))
const listQuery = loadOnce(() => import('../../domain/search/listQuery'))

export const packagesManifest: AreaManifest = {
  key: 'packages',
  domain: deferred('packages', initialPackagesState, () => domain().then((m) => slice(m.packagesArea))),
  effects: lazyAreaEffects('packages', () => effects().then((m) => m.packagesEffects)),
  ports: (http, fetch, host) => ({
    packagesApi: lazyApi(() =>
      api().then((m) => m.createPackagesApi(http, { fetch, origin: host.origin, saveFile: host.saveFile })),
    ),
  }),
  screen: () => import('./index'),
  firstIntent: () =>
    Promise.all([listQuery(), domain(), effects(), api()]).then(
      ([{ firstListQuery }]) =>
        (match, search, state) =>
          match.params.versionId
            ? null
            : match.params.packageId
              ? { type: 'packages/OpenPackage', packageId: match.params.packageId }
              : { type: 'packages/OpenList', query: firstListQuery(search, state.platform) },
    ),
}
