import { createAreaRegistry, type AreaRegistry, type DeferredArea } from '../domain/areaRegistry'
import { busArea } from '../domain/bus'
import { platformArea } from '../domain/platform'
import { ACCOUNT_COMMANDS, sessionLoginArea } from '../domain/session/loginDecider'
import { navigationArea } from '../domain/navigation'
import { tourArea } from '../domain/tour'
import { preferencesArea } from '../domain/preferences'
import { notificationsArea } from '../domain/notifications'
import { initialSearchState } from '../domain/search/types'
import { initialAdminState } from '../domain/admin/initial'
import { initialServiceStatusState } from '../domain/serviceStatus/initial'
import { initialPackagesState } from '../domain/packages/initial'
import { initialReleaseBundlesState } from '../domain/releaseBundles/initial'
import { initialRepositoriesState } from '../domain/repositories/initial'
import { initialArtifactsState } from '../domain/artifacts/initial'
import { initialSecurityState } from '../domain/security/initial'
import { initialBuildsState } from '../domain/builds/initial'
import { initialOverviewState } from '../domain/overview/initial'
import { initialTokensState } from '../domain/tokens/initial'
import { initialIntegrationsState } from '../domain/integrations/initial'
import { initialXrayState } from '../domain/xray/initial'
import { initialOnboardingState } from '../domain/onboarding/types'
import { initialSupportBundlesState } from '../domain/supportBundles/initial'
import type { Ports } from '../adapters/ports'
import type { AppCommand, AppEvent, AppState, AreaKey } from '../domain/app'
import { onSlice, type CommandsOf, type SliceArea } from '../domain/shared/area'
import { createBus, type App } from './bus'
import { browserEffects } from './effects/browser'

// domain/app.ts's appSlice, which this module cannot import without every area.
const slice = <K extends AreaKey, X, P extends AppCommand = never>(
  area: SliceArea<K, AppState[K], CommandsOf<AppCommand, K>, AppEvent, X, P, AppState>,
) => onSlice<AppState, AppCommand, AppEvent, K, X, P>(area)

const deferred = (
  key: DeferredArea['key'],
  initialState: DeferredArea['initialState'],
  load: DeferredArea['load'],
): DeferredArea => ({ key, initialState, load })

/**
 * The areas as the browser runs them, in the order of domain/app.ts. Those the login page
 * never uses are deferred: their initial state is here, their code loads with their first
 * command (the bus queues it meanwhile). The session area is partly loaded: its account
 * screens' commands wait, the same way, for the whole area. A fresh registry per app:
 * registering mutates it.
 */
export function browserAreas(): AreaRegistry {
  return createAreaRegistry([
    slice(busArea),
    slice(platformArea),
    {
      area: slice(sessionLoginArea),
      later: ACCOUNT_COMMANDS,
      load: () => import('../domain/session/accountDecider').then((m) => slice(m.sessionArea)),
    },
    slice(navigationArea),
    slice(tourArea),
    slice(preferencesArea),
    slice(notificationsArea),
    deferred('admin', initialAdminState, () => import('../domain/admin').then((m) => slice(m.adminArea))),
    deferred('serviceStatus', initialServiceStatusState, () =>
      import('../domain/serviceStatus').then((m) => slice(m.serviceStatusArea)),
    ),
    deferred('search', initialSearchState, () =>
      import('../domain/search/decider').then((m) => slice(m.searchArea)),
    ),
    deferred('packages', initialPackagesState, () =>
      import('../domain/packages').then((m) => slice(m.packagesArea)),
    ),
    deferred('releaseBundles', initialReleaseBundlesState, () =>
      import('../domain/releaseBundles').then((m) => slice(m.releaseBundlesArea)),
    ),
    deferred('onboarding', initialOnboardingState, () =>
      import('../domain/onboarding').then((m) => slice(m.onboardingArea)),
    ),
    deferred('supportBundles', initialSupportBundlesState, () =>
      import('../domain/supportBundles').then((m) => slice(m.supportBundlesArea)),
    ),
    deferred('repositories', initialRepositoriesState, () =>
      import('../domain/repositories').then((m) => slice(m.repositoriesArea)),
    ),
    deferred('artifacts', initialArtifactsState, () =>
      import('../domain/artifacts').then((m) => slice(m.artifactsArea)),
    ),
    deferred('security', initialSecurityState, () =>
      import('../domain/security').then((m) => slice(m.securityArea)),
    ),
    deferred('builds', initialBuildsState, () => import('../domain/builds').then((m) => slice(m.buildsArea))),
    deferred('overview', initialOverviewState, () =>
      import('../domain/overview').then((m) => slice(m.overviewArea)),
    ),
    deferred('integrations', initialIntegrationsState, () =>
      import('../domain/integrations').then((m) => slice(m.integrationsArea)),
    ),
    deferred('tokens', initialTokensState, () => import('../domain/tokens').then((m) => slice(m.tokensArea))),
    deferred('xray', initialXrayState, () => import('../domain/xray').then((m) => slice(m.xrayArea))),
  ])
}

/**
 * The client as the browser composes it: like `createApp`, but the effects (effects/browser.ts)
 * and the domain code (`browserAreas`) of areas the login page does not use load when first
 * needed. A module of its own so the browser bundle does not import every area up front.
 */
export function createBrowserApp(ports: Ports): App {
  return createBus({ ports, effects: browserEffects, areas: browserAreas() })
}
