/**
 * Every area of the console as the browser composes it, in the order of domain/app.ts (the
 * order their `evolve` runs in, and their policies). The bus's registry and effects, the API
 * ports and the router's screens are derived from this list (ui/areaManifest.ts): adding an area
 * is its folders and one line here. The areas without screens of their own (the bus, start-up,
 * preferences) are declared here.
 */
import { busArea } from '../domain/bus'
import { platformArea } from '../domain/platform'
import { preferencesArea } from '../domain/preferences'
import { slice } from '../commands/browserApp'
import { namedEffects } from '../commands/effects/lazy'
import { platformEffects } from '../commands/effects/platform'
import { preferencesEffects } from '../commands/effects/preferences'
import { createPlatformApi } from '../adapters/http/platform'
import type { AreaManifest } from './areaManifest'
import { sessionManifest } from './session/manifest'
import { navigationManifest } from './navigation/manifest'
import { tourManifest } from './tour/manifest'
import { notificationsManifest } from './notifications/manifest'
import { adminManifest } from './admin/manifest'
import { serviceStatusManifest } from './serviceStatus/manifest'
import { searchManifest } from './search/manifest'
import { packagesManifest } from './packages/manifest'
import { releaseBundlesManifest } from './releaseBundles/manifest'
import { quickSetupManifest } from './quickSetup/manifest'
import { setMeUpManifest } from './setMeUp/manifest'
import { gettingStartedManifest } from './gettingStarted/manifest'
import { contactManifest } from './contact/manifest'
import { personalizationManifest } from './personalization/manifest'
import { supportBundlesManifest } from './supportBundles/manifest'
import { repositoriesManifest } from './repositories/manifest'
import { artifactsManifest } from './artifacts/manifest'
import { securityManifest } from './security/manifest'
import { buildsManifest } from './builds/manifest'
import { overviewManifest } from './overview/manifest'
import { integrationsManifest } from './integrations/manifest'
import { tokensManifest } from './tokens/manifest'
import { xrayManifest } from './xray/manifest'
import { educationManifest } from './education/manifest'

export const areaManifests: ReadonlyArray<AreaManifest> = [
  { key: 'bus', domain: slice(busArea) },
  {
    key: 'platform',
    domain: slice(platformArea),
    effects: namedEffects({ platform: platformEffects }),
    ports: (http) => ({ platformApi: createPlatformApi(http) }),
  },
  sessionManifest,
  navigationManifest,
  tourManifest,
  {
    key: 'preferences',
    domain: slice(preferencesArea),
    effects: namedEffects({ preferences: preferencesEffects }),
  },
  notificationsManifest,
  adminManifest,
  serviceStatusManifest,
  searchManifest,
  packagesManifest,
  releaseBundlesManifest,
  quickSetupManifest,
  setMeUpManifest,
  gettingStartedManifest,
  contactManifest,
  personalizationManifest,
  supportBundlesManifest,
  repositoriesManifest,
  artifactsManifest,
  securityManifest,
  buildsManifest,
  overviewManifest,
  integrationsManifest,
  tokensManifest,
  xrayManifest,
  educationManifest,
]
