/**
 * The account screens' calls to the platform (password reset and change, registration,
 * invitations, profile, API key): the rest of the session API (session.ts). The browser loads
 * them with the first of them (adapters/browser/browserPorts.ts).
 */
import * as t from 'io-ts'
import { map } from 'fp-ts/Either'
import { UserDataC } from '../../domain/session/events'
import type { HttpClient } from './client'
import type { AccountApi } from './session'

const KeyUser = t.type({ user: t.string })
const Invitation = t.type({ email: t.string })
const Unlocked = t.type({ unlocked: t.literal(true), unlockedUntil: t.string })
const ApiKey = t.type({ apiKey: t.string })

/** `Basic base64(user:password)` of UTF-8 text (btoa alone takes only Latin-1). */
function basic(user: string, password: string): string {
  const bytes = new TextEncoder().encode(`${user}:${password}`)
  let binary = ''
  for (const b of bytes) binary += String.fromCharCode(b)
  return `Basic ${btoa(binary)}`
}

export function createAccountApi(http: HttpClient): AccountApi {
  return {
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
    // POST with the token in the body (spec 000 section 7, "POST verify token"): it stays out of URLs.
    invitation: (token) =>
      http.request('/ui/auth/invitation', Invitation, { method: 'POST', body: { token } }),
    acceptInvitation: (input) =>
      http.request('/ui/auth/invitation/accept', UserDataC, { method: 'POST', body: input }),
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
  }
}
