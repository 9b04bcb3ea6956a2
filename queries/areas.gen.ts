// Written by `npm run areas` from areas.list.ts: do not edit (a unit test checks it is current).
import { busQueries } from './bus'
import { platformQueries } from './platform'
import { sessionQueries } from './session'
import { navigationQueries } from './navigation'
import { tourQueries } from './tour'
import { preferencesQueries } from './preferences'
import { notificationsQueries } from './notifications'
import { adminQueries } from './admin'
import { serviceStatusQueries } from './serviceStatus'
import { searchQueries } from './search'
import { packagesQueries } from './packages'
import { releaseBundlesQueries } from './releaseBundles'
import { quickSetupQueries } from './quickSetup'
import { setMeUpQueries } from './setMeUp'
import { gettingStartedQueries } from './gettingStarted'
import { contactQueries } from './contact'
import { personalizationQueries } from './personalization'
import { supportBundlesQueries } from './supportBundles'
import { repositoriesQueries } from './repositories'
import { artifactsQueries } from './artifacts'
import { securityQueries } from './security'
import { buildsQueries } from './builds'
import { overviewQueries } from './overview'
import { integrationsQueries } from './integrations'
import { tokensQueries } from './tokens'
import { xrayQueries } from './xray'
import { educationQueries } from './education'

/** Every area’s queries, by name. */
export const queryTable = {
  ...busQueries,
  ...platformQueries,
  ...sessionQueries,
  ...navigationQueries,
  ...tourQueries,
  ...preferencesQueries,
  ...notificationsQueries,
  ...adminQueries,
  ...serviceStatusQueries,
  ...searchQueries,
  ...packagesQueries,
  ...releaseBundlesQueries,
  ...quickSetupQueries,
  ...setMeUpQueries,
  ...gettingStartedQueries,
  ...contactQueries,
  ...personalizationQueries,
  ...supportBundlesQueries,
  ...repositoriesQueries,
  ...artifactsQueries,
  ...securityQueries,
  ...buildsQueries,
  ...overviewQueries,
  ...integrationsQueries,
  ...tokensQueries,
  ...xrayQueries,
  ...educationQueries,
}
