import type { RouteModule } from './context'
import auth from './auth/routes'
import sso from './sso/routes'
import users from './users/routes'
import tokens from './tokens/routes'
import admin from './admin/routes'
import operations from './ops/routes'
import integrations from './integrations/routes'
import metadata from './metadata/routes'
import packages from './packages/routes'
import releaseBundles from './releaseBundles/routes'
import platform from './platform/module'
import navigation from './navigation/routes'
import repositories from './repositories/routes'
import builds from './builds/routes'
import overview from './overview/routes'
import education from './education/routes'
import xray from './xray/routes'
import xrayReports from './xray/reportRoutes'
import xraySbom from './xray/sbomRoutes'
import xrayGit from './xray/gitRoutes'
import remote from './remote/routes'
import containers from './containers/consoleRoutes'
import archives from './archives/routes'

/** Every API route module, registered under /ui/api/v1 in this order. */
export const routeModules: ReadonlyArray<readonly [string, RouteModule]> = [
  ['auth', auth],
  ['sso', sso],
  ['users', users],
  ['tokens', tokens],
  ['admin', admin],
  ['operations', operations],
  ['integrations', integrations],
  ['metadata', metadata],
  ['packages', packages],
  ['releaseBundles', releaseBundles],
  ['platform', platform],
  ['navigation', navigation],
  ['repositories', repositories],
  ['remote', remote],
  ['containers', containers],
  ['archives', archives],
  ['builds', builds],
  ['overview', overview],
  ['education', education],
  ['xray', xray],
  ['xrayReports', xrayReports],
  ['xraySbom', xraySbom],
  ['xrayGit', xrayGit],
]
