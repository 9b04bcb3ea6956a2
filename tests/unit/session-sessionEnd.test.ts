// How a session ends: where a sign-out leaves for, and what the idle-session check's answer means.
import { describe, expect, it } from 'vitest'
import { OIDC_LOGOUT_PATH, providerSignOutOf, sessionCheckOutcome } from '../../domain/session/sessionEnd'
import { user } from '../support/fixtures'

describe('providerSignOutOf', () => {
  const saml = 'https://idp.example/saml/logout'
  it.each([
    ['a SAML session leaves for the SAML logout address', 'saml', saml, saml],
    ['a SAML session without a logout address stays', 'saml', '', undefined],
    [
      'a SAML logout address the browser must not follow is ignored',
      'saml',
      'javascript:alert(1)',
      undefined,
    ],
    ['a SAML logout address carrying credentials is ignored', 'saml', 'https://u:p@idp.example/', undefined],
    ['an OpenID Connect session leaves for the platform sign-out', 'oauth', saml, OIDC_LOGOUT_PATH],
    ['an internal session stays', 'internal', saml, undefined],
    ['an LDAP session stays', 'ldap', saml, undefined],
  ])('%s', (_name, realm, samlLogoutUrl, expected) => {
    expect(providerSignOutOf(user({ realm }), { samlLogoutUrl })).toBe(expected)
  })

  it("an OpenID Connect session leaves for the platform's OIDC sign-out address (server/API.md)", () => {
    // The platform's route `/ui/auth/sso/oidc/logout`, under the API's `/ui/api/v1`.
    expect(providerSignOutOf(user({ realm: 'oauth' }), { samlLogoutUrl: '' })).toBe(
      '/ui/api/v1/ui/auth/sso/oidc/logout',
    )
  })

  it('nobody signed in stays', () => {
    expect(providerSignOutOf(null, { samlLogoutUrl: saml })).toBeUndefined()
  })
})

describe('sessionCheckOutcome', () => {
  const signedIn = { status: 'signedIn', user: user({ name: 'developer' }) }
  it.each([
    ['the same user: confirmed', signedIn, user({ name: 'developer', admin: true }), 'confirmed'],
    ['the anonymous user: expired', signedIn, user({ name: 'anonymous', anonymous: true }), 'expired'],
    ['another user: expired', signedIn, user({ name: 'admin' }), 'expired'],
    [
      'an anonymous answer under the same name: expired',
      signedIn,
      user({ name: 'developer', anonymous: true }),
      'expired',
    ],
    ['signed out meanwhile: moot', { status: 'signedOut', user: null }, user(), 'moot'],
    [
      'signing out meanwhile (the user still held): moot',
      { status: 'signingOut', user: user({ name: 'developer' }) },
      user({ name: 'developer' }),
      'moot',
    ],
    [
      'signed in as someone else meanwhile: moot',
      { status: 'signedIn', user: user({ name: 'admin' }) },
      user({ name: 'admin' }),
      'moot',
    ],
  ])('%s', (_name, now, answer, kind) => {
    expect(sessionCheckOutcome('developer', now, answer)).toBe(kind)
  })
})
