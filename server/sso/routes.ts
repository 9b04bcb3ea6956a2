import type { RouteModule } from '../context'
import { scoped } from '../auth/validation'
import { registerOidcRoutes } from '../sso/oidcRoutes'
import { registerSamlRoutes } from '../sso/samlRoutes'
import { registerDirectoryLoginRoutes } from './directoryLogins'

// Single sign-on through identity providers (OpenID Connect, SAML, Crowd, a reverse proxy's
// HTTP SSO) and their admin settings,
// under /ui/api/v1. See server/API.md, "Single sign-on".
const routes: RouteModule = async (app, ctx) => {
  await scoped(app, ctx, (scope) => {
    registerOidcRoutes(scope, ctx)
    registerSamlRoutes(scope, ctx)
    registerDirectoryLoginRoutes(scope, ctx)
  })
}

export default routes
