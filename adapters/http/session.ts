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
const KeyUser = t.type({ user: t.string })
const Invitation = t.type({ email: t.string })
const CliCode = t.type({ code: t.string })
// Only the lifetime is read: a token in the answer is never decoded, kept or recorded.
const IdentityToken = t.type({ expiresIn: t.number })
const Unlocked = t.type({ unlocked: t.literal(true), unlockedUntil: t.string })
const ApiKey = t.type({ apiKey: t.string })

/** `Basic base64(user:password)` of UTF-8 text (btoa alone takes only Latin-1). */
function basic(user: string, password: string): string {
  const bytes = new TextEncoder().encode(`${user}:${password}`)
  let binary = ''
  for (const b of bytes) binary += String.fromCharCode(b)
  return `Basic ${btoa(binary)}`
}

// The default SAML provider name of spec 000 section 9.
const DEFAULT_SAML_PROVIDER = 'SAML SSO'

/** The session area's calls to the platform (see server/API.md, "Auth and session"). */
export function createSessionApi(http: HttpClient): SessionApi {
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
      http.request('/ui/auth/login', UserDataC, {
        method: 'POST',
        query: { _spring_security_remember_me: rememberMe },
        body: { user, password, type: 'login' },
      }),
    logout: () => http.send('/ui/auth/logout', { method: 'POST' }),
    mfaEnrollment: () => http.request('/ui/auth/mfa/enroll', Enrollment),
    verifyOtp: (otp) => http.request('/ui/auth/mfa/verify', UserDataC, { method: 'POST', body: { otp } }),
    forgotPassword: (user) => http.send('/ui/auth/forgotPassword', { method: 'POST', body: { user } }),
    validateKey: (key) => http.request('/ui/auth/validateKey', KeyUser, { method: 'POST', query: { key } }),
    resetPassword: ({ key, user, password }) =>
      http.request('/ui/auth/resetPassword', UserDataC, {
        method: 'POST',
        query: { key },
        body: { user, password },
      }),
    changePassword: (input) =>
      http.request('/ui/auth/changePassword', UserDataC, { method: 'POST', body: input }),
    register: (input) => http.request('/ui/auth/register', UserDataC, { method: 'POST', body: input }),
    invitation: (token) => http.request('/ui/auth/invitation', Invitation, { query: { token } }),
    acceptInvitation: (input) =>
      http.request('/ui/auth/invitation/accept', UserDataC, { method: 'POST', body: input }),
    registerCliSession: (input) =>
      http.request('/ui/auth/cli/session', CliCode, { method: 'POST', body: input }),
    unlockProfile: async (password) =>
      map((a: t.TypeOf<typeof Unlocked>) => ({ unlockedUntil: a.unlockedUntil }))(
        await http.request('/ui/userProfile', Unlocked, { method: 'POST', body: { password } }),
      ),
    updateProfile: (changes) => http.request('/ui/userProfile', UserDataC, { method: 'PUT', body: changes }),
    apiKey: async (user, password) =>
      map((a: t.TypeOf<typeof ApiKey>) => a.apiKey)(
        await http.request('/ui/userApiKey', ApiKey, {
          headers: { 'X-JFrog-Reauthentication': basic(user, password) },
        }),
      ),
    identify: async (name) =>
      map((a: t.TypeOf<typeof IdentityToken>) => ({ expiresIn: a.expiresIn }))(
        await http.request(`/ui/userIdentifyToken/${encodeURIComponent(name)}`, IdentityToken, {
          method: 'POST',
        }),
      ),
  }
}
