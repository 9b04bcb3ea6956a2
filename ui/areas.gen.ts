// Written by `npm run areas` from areas.list.ts: do not edit (a unit test checks it is current).
import type { AreaManifest } from './areaManifest'
import { busManifest } from './bus/manifest'
import { platformManifest } from './platform/manifest'
import { sessionManifest } from './session/manifest'
import { navigationManifest } from './navigation/manifest'
import { tourManifest } from './tour/manifest'
import { preferencesManifest } from './preferences/manifest'
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

/** Every area as the browser composes it, in the order of the domain’s. */
export const areaManifests: ReadonlyArray<AreaManifest> = [
  busManifest,
  platformManifest,
  sessionManifest,
  navigationManifest,
  tourManifest,
  preferencesManifest,
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
