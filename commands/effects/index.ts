import type { EffectTable } from './types'
import { platformEffects } from './platform'
import { sessionEffects } from './session'
import { navigationEffects } from './navigation'
import { notificationsEffects } from './notifications'
import { adminEffects } from './admin'
import { serviceStatusEffects } from './serviceStatus'
import { searchEffects } from './search'
import { packagesEffects } from './packages'
import { releaseBundlesEffects } from './releaseBundles'
import { onboardingEffects } from './onboarding'
import { supportBundlesEffects } from './supportBundles'

/** Every effect of the client, named `area.effect` so a failure names its source. */
export const allEffects: EffectTable = Object.fromEntries(
  Object.entries({
    platform: platformEffects,
    session: sessionEffects,
    navigation: navigationEffects,
    notifications: notificationsEffects,
    admin: adminEffects,
    serviceStatus: serviceStatusEffects,
    search: searchEffects,
    packages: packagesEffects,
    releaseBundles: releaseBundlesEffects,
    onboarding: onboardingEffects,
    supportBundles: supportBundlesEffects,
  }).flatMap(([area, table]) => Object.entries(table).map(([name, effect]) => [`${area}.${name}`, effect])),
)
