/**
 * The read side: every query the UI may `ask`, by name. A query is `{ type, ...params }`;
 * its result type comes from its selector.
 */
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
import { repositoriesQueries } from './repositories'
import { artifactsQueries } from './artifacts'
import { securityQueries } from './security'
import { buildsQueries } from './builds'
import { overviewQueries } from './overview'
import { quickSetupQueries } from './quickSetup'
import { setMeUpQueries } from './setMeUp'
import { gettingStartedQueries } from './gettingStarted'
import { contactQueries } from './contact'
import { personalizationQueries } from './personalization'
import { educationQueries } from './education'
import { supportBundlesQueries } from './supportBundles'
import { integrationsQueries } from './integrations'
import { tokensQueries } from './tokens'
import { xrayQueries } from './xray'
import type { AppState } from '../domain/app'

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
  ...repositoriesQueries,
  ...artifactsQueries,
  ...securityQueries,
  ...buildsQueries,
  ...overviewQueries,
  ...quickSetupQueries,
  ...setMeUpQueries,
  ...gettingStartedQueries,
  ...contactQueries,
  ...personalizationQueries,
  ...supportBundlesQueries,
  ...integrationsQueries,
  ...tokensQueries,
  ...xrayQueries,
  ...educationQueries,
}

type Table = typeof queryTable
export type QueryName = keyof Table
export type AppQuery = { [K in QueryName]: { readonly type: K } & Parameters<Table[K]>[1] }[QueryName]
export type QueryResult<Q extends AppQuery> = ReturnType<Table[Q['type']]>

export function runQuery<Q extends AppQuery>(state: AppState, query: Q): QueryResult<Q> {
  const selector = queryTable[query.type] as unknown as (s: AppState, q: Q) => QueryResult<Q>
  return selector(state, query)
}
