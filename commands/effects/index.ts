import type { EffectTable } from './types'
import { namedEffects } from './lazy'
import { platformEffects } from './platform'
import { sessionEffects } from './session'
import { accountEffects } from './account'
import { navigationEffects } from './navigation'
import { tourEffects } from './tour'
import { preferencesEffects } from './preferences'
import { notificationsEffects } from './notifications'
import { adminEffects } from './admin'
import { serviceStatusEffects } from './serviceStatus'
import { searchEffects } from './search'
import { packagesEffects } from './packages'
import { releaseBundlesEffects } from './releaseBundles'
import { onboardingEffects } from './onboarding'
import { supportBundlesEffects } from './supportBundles'
import { repositoriesEffects } from './repositories'
import { artifactsEffects } from './artifacts'
import { securityEffects } from './security'
import { buildsEffects } from './builds'
import { overviewEffects } from './overview'
import { xrayEffects } from './xray'
import { integrationsEffects } from './integrations'
import { tokensEffects } from './tokens'

/**
 * Every effect of the client, loaded up front (tests, scripts, Node), named `area.effect` so a
 * failure names its source. The browser loads most of them later: see browser.ts.
 */
export const allEffects: EffectTable = namedEffects({
  platform: platformEffects,
  session: sessionEffects,
  account: accountEffects,
  navigation: navigationEffects,
  tour: tourEffects,
  preferences: preferencesEffects,
  notifications: notificationsEffects,
  admin: adminEffects,
  serviceStatus: serviceStatusEffects,
  search: searchEffects,
  packages: packagesEffects,
  releaseBundles: releaseBundlesEffects,
  onboarding: onboardingEffects,
  supportBundles: supportBundlesEffects,
  repositories: repositoriesEffects,
  artifacts: artifactsEffects,
  security: securityEffects,
  builds: buildsEffects,
  overview: overviewEffects,
  integrations: integrationsEffects,
  tokens: tokensEffects,
  xray: xrayEffects,
})
