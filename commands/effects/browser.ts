/**
 * The effects of the console in a browser: those the login page needs (start-up, session,
 * navigation) load with it; the other areas' load with their area's first event (see lazy.ts),
 * search's with its first use (searchUse.ts). Every area of
 * effects/index.ts is here (a unit test checks it, and that a lazily loaded area's effects
 * react to nothing but their own events).
 */
import { platformEffects } from './platform'
import { sessionEffects } from './session'
import { navigationEffects } from './navigation'
import { tourEffects } from './tour'
import { preferencesEffects } from './preferences'
import { notificationsEffects } from './notifications'
import { isSearchUse } from './searchUse'
import { lazyEffects, namedEffects } from './lazy'
import { isAccountEvent } from './accountEvents'
import type { EffectTable } from './types'

export const browserEffects: EffectTable = {
  // The account screens' requests: session events, but not the login page's.
  'account.lazy': lazyEffects(
    'account',
    () => import('./account').then((m) => m.accountEffects),
    (event) => isAccountEvent(event.type),
  ),
  ...namedEffects({
    platform: platformEffects,
    session: sessionEffects,
    navigation: navigationEffects,
    tour: tourEffects,
    preferences: preferencesEffects,
    notifications: notificationsEffects,
  }),
  // Recent searches and suggestions: the search bar's, loaded with the area's first use.
  'search.lazy': lazyEffects('search', () => import('./search').then((m) => m.searchEffects), isSearchUse),
  'admin.lazy': lazyEffects('admin', () => import('./admin').then((m) => m.adminEffects)),
  'serviceStatus.lazy': lazyEffects('serviceStatus', () =>
    import('./serviceStatus').then((m) => m.serviceStatusEffects),
  ),
  'packages.lazy': lazyEffects('packages', () => import('./packages').then((m) => m.packagesEffects)),
  'releaseBundles.lazy': lazyEffects('releaseBundles', () =>
    import('./releaseBundles').then((m) => m.releaseBundlesEffects),
  ),
  'supportBundles.lazy': lazyEffects('supportBundles', () =>
    import('./supportBundles').then((m) => m.supportBundlesEffects),
  ),
  'repositories.lazy': lazyEffects('repositories', () =>
    import('./repositories').then((m) => m.repositoriesEffects),
  ),
  'artifacts.lazy': lazyEffects('artifacts', () => import('./artifacts').then((m) => m.artifactsEffects)),
  'security.lazy': lazyEffects('security', () => import('./security').then((m) => m.securityEffects)),
  'builds.lazy': lazyEffects('builds', () => import('./builds').then((m) => m.buildsEffects)),
  'overview.lazy': lazyEffects('overview', () => import('./overview').then((m) => m.overviewEffects)),
  'integrations.lazy': lazyEffects('integrations', () =>
    import('./integrations').then((m) => m.integrationsEffects),
  ),
  'tokens.lazy': lazyEffects('tokens', () => import('./tokens').then((m) => m.tokensEffects)),
  'xray.lazy': lazyEffects('xray', () => import('./xray').then((m) => m.xrayEffects)),
  'onboarding.lazy': lazyEffects('onboarding', () => import('./onboarding').then((m) => m.onboardingEffects)),
}
