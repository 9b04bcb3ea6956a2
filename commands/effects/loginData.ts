import type { Either } from 'fp-ts/Either'
import type { Ports } from '../../adapters/ports'
import type { Failure } from '../../domain/shared/failure'
import type { LoginDataLoadedData } from '../../domain/session/events'
import { loginSettingsOf } from '../../domain/session/loginSettings'

/** The login page's data: its calls side by side, their answers made settings by the session's rule. */
export async function loadLoginData(ports: Ports): Promise<Either<Failure, LoginDataLoadedData>> {
  const api = ports.sessionApi
  const [
    related,
    visualMode,
    userPlugins,
    realms,
    loginDialog,
    samlLogoutUrl,
    samlRegistrationId,
    oauthProviders,
    autoRedirect,
  ] = await Promise.all([
    api.loginRelatedData(),
    api.visualMode(),
    api.userPlugins(),
    api.realms(),
    api.loginDialog(),
    api.samlLogoutUrl(),
    api.samlRegistrationId(),
    api.oauthProviders(),
    api.autoRedirect(),
  ])
  return loginSettingsOf({
    related,
    visualMode,
    userPlugins,
    realms,
    loginDialog,
    samlLogoutUrl,
    samlRegistrationId,
    oauthProviders,
    autoRedirect,
  })
}
