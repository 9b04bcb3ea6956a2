// Written by `npm run areas` from areas.list.ts: do not edit (a unit test checks it is current).
import { busArea } from './bus'
import { platformArea } from './platform/decider'
import { sessionArea } from './session/decider'
import { navigationArea } from './navigation/decider'
import { tourArea } from './tour/decider'
import { preferencesArea } from './preferences/decider'
import { notificationsArea } from './notifications/decider'
import { adminArea } from './admin/decider'
import { serviceStatusArea } from './serviceStatus/decider'
import { searchArea } from './search/decider'
import { packagesArea } from './packages/decider'
import { releaseBundlesArea } from './releaseBundles/decider'
import { quickSetupArea } from './quickSetup/decider'
import { setMeUpArea } from './setMeUp/decider'
import { gettingStartedArea } from './gettingStarted/decider'
import { contactArea } from './contact/decider'
import { personalizationArea } from './personalization/decider'
import { supportBundlesArea } from './supportBundles/decider'
import { repositoriesArea } from './repositories/decider'
import { artifactsArea } from './artifacts/decider'
import { securityArea } from './security/decider'
import { buildsArea } from './builds/decider'
import { overviewArea } from './overview/decider'
import { integrationsArea } from './integrations/decider'
import { tokensArea } from './tokens/decider'
import { xrayArea } from './xray/decider'
import { educationArea } from './education/decider'

/** Every area, in the order their `evolve` runs for each event (and their policies). */
export const sliceAreas = [
  busArea,
  platformArea,
  sessionArea,
  navigationArea,
  tourArea,
  preferencesArea,
  notificationsArea,
  adminArea,
  serviceStatusArea,
  searchArea,
  packagesArea,
  releaseBundlesArea,
  quickSetupArea,
  setMeUpArea,
  gettingStartedArea,
  contactArea,
  personalizationArea,
  supportBundlesArea,
  repositoriesArea,
  artifactsArea,
  securityArea,
  buildsArea,
  overviewArea,
  integrationsArea,
  tokensArea,
  xrayArea,
  educationArea,
] as const
