import * as t from 'io-ts'
import { map } from 'fp-ts/Either'
import type { SessionApi } from '../ports'
import { UserDataC } from '../../domain/session/events'
import type { HttpClient } from './client'

const LoginRelated = t.intersection([
  t.type({ forgotPassword: t.boolean, canRememberMe: t.boolean, passwordAutocompleteEnabled: t.boolean }),
  t.partial({
    ssoProviderLink: t.string,
    samlAuthenticationData: t.type({ providerName: t.string, url: t.string }),
    anonAccessEnabled: t.boolean,
    userRegistration: t.boolean,
  }),
])
const VisualMode = t.type({ loginIsExternal: t.boolean, isProvidersHidden: t.boolean })
const UserPlugins = t.type({ isUserPluginEnabled: t.boolean })
const Realms = t.array(t.type({ realm: t.string, enabled: t.boolean }))
const LoginDialog = t.type({ content: t.string, permanent: t.boolean })
const SamlLogout = t.type({ logoutUrl: t.string })
const SamlRegistration = t.type({ samlRegistrationId: t.string })
const OAuthProviders = t.array(t.type({ name: t.string, type: t.string, url: t.string }))
const AutoRedirect = t.type({ isAutoRedirectLogin: t.boolean })
const Enrollment = t.type({ secret: t.string, otpauthUrl: t.string })
const CliCode = t.type({ code: t.string })
/** The access service's sign-in and MFA calls (the console makes them when the platform names it). */
const ACCESS_AUTH = '/access/api/v1/authentication'

/** The console's own sign-in calls: a 2xx from one means a new session (adapters/browser/pageAnswers.ts). */
export const SIGN_IN_PATHS = {
  login: '/ui/auth/login',
  mfaVerify: '/ui/auth/mfa/verify',
  crowd: '/ui/auth/crowd/login',
  httpSso: '/ui/auth/httpsso/login',
} as const
/** The console's sign-out call. */
export const SIGN_OUT_PATH = '/ui/auth/logout'
// Only the lifetime is read: a token in the answer is never decoded, kept or recorded.
const IdentityToken = t.type({ expiresIn: t.number })

/** The names of the account screens' calls (account.ts makes them). */
export const ACCOUNT_CALLS = [
  'forgotPassword',
  'validateKey',
  'resetPassword',
  'changePassword',
  'register',
  'invitation',
  'acceptInvitation',
  'unlockProfile',
  'updateProfile',
  'apiKey',
] as const satisfies ReadonlyArray<keyof SessionApi>

export type AccountCall = (typeof ACCOUNT_CALLS)[number]
export type AccountApi = Pick<SessionApi, AccountCall>

// The default SAML provider name of spec 000 section 9.
const DEFAULT_SAML_PROVIDER = 'SAML SSO'

/**
 * The session area's calls to the platform (see server/API.md, "Auth and session") but the
 * account screens' (account.ts, which the browser loads with the first of them).
 */
export function createSessionApi(http: HttpClient): Omit<SessionApi, AccountCall> {
  return {
    loginRelatedData: async () =>
      map((a: t.TypeOf<typeof LoginRelated>) => ({
        forgotPassword: a.forgotPassword,
        rememberMeEnabled: a.canRememberMe,
        passwordAutocompleteEnabled: a.passwordAutocompleteEnabled,
        ssoProviderLink: a.ssoProviderLink ?? '',
        samlProviders: a.samlAuthenticationData
          ? [
              {
                name: a.samlAuthenticationData.providerName || DEFAULT_SAML_PROVIDER,
                url: a.samlAuthenticationData.url,
              },
            ]
          : [],
        anonAccessEnabled: a.anonAccessEnabled === true,
        registrationEnabled: a.userRegistration === true,
      }))(await http.request('/ui/auth/loginRelatedData', LoginRelated)),
    visualMode: () => http.request('/ui/auth/visualMode', VisualMode),
    userPlugins: async () =>
      map((a: t.TypeOf<typeof UserPlugins>) => a.isUserPluginEnabled)(
        await http.request('/ui/auth/userPlugins', UserPlugins),
      ),
    realms: () => http.request('/ui/auth/realms', Realms),
    loginDialog: () => http.request('/ui/auth/loginDialog', LoginDialog),
    samlLogoutUrl: async () =>
      map((a: t.TypeOf<typeof SamlLogout>) => a.logoutUrl)(
        await http.request('/ui/auth/samlLogoutUrl', SamlLogout),
      ),
    samlRegistrationId: async () =>
      map((a: t.TypeOf<typeof SamlRegistration>) => a.samlRegistrationId)(
        await http.request('/ui/auth/samlRegistrationId', SamlRegistration),
      ),
    oauthProviders: () => http.request('/ui/auth/oauthProviders', OAuthProviders),
    autoRedirect: async () =>
      map((a: t.TypeOf<typeof AutoRedirect>) => a.isAutoRedirectLogin)(
        await http.request('/ui/auth/autoRedirect', AutoRedirect),
      ),
    current: () => http.request('/ui/auth/current', UserDataC),
    login: ({ user, password, rememberMe }) =>
      http.request(SIGN_IN_PATHS.login, UserDataC, {
        method: 'POST',
        query: { _spring_security_remember_me: rememberMe },
        body: { user, password, type: 'login' },
      }),
    accessLogin: ({ user, password, rememberMe }) =>
      http.request(`${ACCESS_AUTH}/login`, UserDataC, {
        method: 'POST',
        body: { username: user, password, 'remember-me': rememberMe },
      }),
    ssoLogin: (kind) =>
      http.request(kind === 'crowd' ? SIGN_IN_PATHS.crowd : SIGN_IN_PATHS.httpSso, UserDataC),
    logout: () => http.send(SIGN_OUT_PATH, { method: 'POST' }),
    mfaEnrollment: (service) =>
      http.request(service === 'access' ? `${ACCESS_AUTH}/mfa/enroll` : '/ui/auth/mfa/enroll', Enrollment),
    verifyOtp: (otp, service) =>
      http.request(service === 'access' ? `${ACCESS_AUTH}/mfa/verify` : SIGN_IN_PATHS.mfaVerify, UserDataC, {
        method: 'POST',
        body: { otp },
      }),
    registerCliSession: (input) =>
      http.request('/ui/auth/cli/session', CliCode, { method: 'POST', body: input }),
    identify: async (name) =>
      map((a: t.TypeOf<typeof IdentityToken>) => ({ expiresIn: a.expiresIn }))(
        await http.request(`/ui/userIdentifyToken/${encodeURIComponent(name)}`, IdentityToken, {
          method: 'POST',
        }),
      ),
  }
}
