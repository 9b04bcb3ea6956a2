/**
 * The effects of the console in a browser: those the login page needs (start-up, session,
 * navigation, and search, which loads the recent searches of whoever signs in) load with it;
 * the other areas' load with their area's first event (see lazy.ts). Every area of
 * effects/index.ts is here (a unit test checks it, and that a lazily loaded area's effects
 * react to nothing but their own events).
 */
import { platformEffects } from './platform'
import { sessionEffects } from './session'
import { navigationEffects } from './navigation'
import { notificationsEffects } from './notifications'
import { searchEffects } from './search'
import { lazyEffects, namedEffects } from './lazy'
import { isAccountEvent } from './accountEvents'
import type { EffectTable } from './types'

export const browserEffects: EffectTable = {
  // The account screens' requests: session events, but not the login page's.
  'account.lazy': lazyEffects(
    'account',
    () => import('./account').then((m) => m.accountEffects),
    isAccountEvent,
  ),
  ...namedEffects({
    platform: platformEffects,
    session: sessionEffects,
    navigation: navigationEffects,
    notifications: notificationsEffects,
    search: searchEffects,
  }),
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
  'onboarding.lazy': lazyEffects('onboarding', () => import('./onboarding').then((m) => m.onboardingEffects)),
}
