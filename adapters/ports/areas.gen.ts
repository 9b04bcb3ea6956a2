// Written by `npm run areas` from areas.list.ts: do not edit (a unit test checks it is current).
import type { PlatformApi } from './platform'
import type { SessionApi } from './session'
import type { NavigationApi } from './navigation'
import type { AdminApi } from './admin'
import type { ServiceStatusApi } from './serviceStatus'
import type { PackagesApi } from './packages'
import type { ReleaseBundlesApi } from './releaseBundles'
import type { SetMeUpApi } from './setMeUp'
import type { GettingStartedApi } from './gettingStarted'
import type { ContactApi } from './contact'
import type { PersonalizationApi } from './personalization'
import type { SupportBundlesApi } from './supportBundles'
import type { RepositoriesApi } from './repositories'
import type { ArtifactsApi } from './artifacts'
import type { SecurityApi } from './security'
import type { BuildsApi } from './builds'
import type { OverviewApi } from './overview'
import type { IntegrationsApi } from './integrations'
import type { TokensApi } from './tokens'
import type { XrayApi } from './xray'
import type { EducationApi } from './education'

export type * from './platform'
export type * from './session'
export type * from './navigation'
export type * from './admin'
export type * from './serviceStatus'
export type * from './packages'
export type * from './releaseBundles'
export type * from './setMeUp'
export type * from './gettingStarted'
export type * from './contact'
export type * from './personalization'
export type * from './supportBundles'
export type * from './repositories'
export type * from './artifacts'
export type * from './security'
export type * from './builds'
export type * from './overview'
export type * from './integrations'
export type * from './tokens'
export type * from './xray'
export type * from './education'

/** Each area’s API port, under its area’s name (`Ports` in adapters/ports.ts has them all). */
export interface AreaApis {
  readonly platformApi: PlatformApi
  readonly sessionApi: SessionApi
  readonly navigationApi: NavigationApi
  readonly adminApi: AdminApi
  readonly serviceStatusApi: ServiceStatusApi
  readonly packagesApi: PackagesApi
  readonly releaseBundlesApi: ReleaseBundlesApi
  readonly setMeUpApi: SetMeUpApi
  readonly gettingStartedApi: GettingStartedApi
  readonly contactApi: ContactApi
  readonly personalizationApi: PersonalizationApi
  readonly supportBundlesApi: SupportBundlesApi
  readonly repositoriesApi: RepositoriesApi
  readonly artifactsApi: ArtifactsApi
  readonly securityApi: SecurityApi
  readonly buildsApi: BuildsApi
  readonly overviewApi: OverviewApi
  readonly integrationsApi: IntegrationsApi
  readonly tokensApi: TokensApi
  readonly xrayApi: XrayApi
  readonly educationApi: EducationApi
}
