/**
 * The security area's rules and decider, clause by clause: the generic messages of bad input
 * (spec 000 section 5), a save refused before it is sent, a secret that travels only as a vault
 * reference, stale answers ignored, and the platform's refusal read back onto its field.
 */
import { describe, expect, it } from 'vitest'
import { appSlice } from '../../domain/app'
import { securityArea } from '../../domain/security/decider'
import * as S from '../../domain/security/events'
import {
  problemsOfRefusal,
  settingsToSend,
  validateSecuritySettings,
  type SecurityMessage,
} from '../../domain/security/rules'
import { securityText } from '../../ui/security/messages'
import { foldEvents, spec } from '../support/decider'

const OAUTH = {
  enabled: true,
  providerName: 'Okta',
  issuerUrl: 'https://idp.example.test',
  clientId: 'console',
  scopes: 'openid',
  usernameClaim: 'preferred_username',
  emailClaim: 'email',
  groupsClaim: 'groups',
  autoCreateUsers: true,
  autoRedirect: false,
  clientSecretSet: true,
}

describe('security rules', () => {
  it.each([
    ['oauth', { ...OAUTH, issuerUrl: 'ftp://idp' }, { issuerUrl: { key: 'invalidUrl' } }],
    ['oauth', { ...OAUTH, clientId: ' ' }, { clientId: { key: 'mandatory' } }],
    ['oauth', { ...OAUTH, enabled: false, clientId: '' }, {}],
    [
      'ldap',
      { enabled: true, url: 'http://ldap', userDnPattern: 'uid={0}' },
      { url: { key: 'invalidLdapUrl' } },
    ],
    [
      'ldap',
      { enabled: true, url: 'ldaps://ldap:636', userDnPattern: '', searchFilter: '' },
      { userDnPattern: { key: 'mandatory' } },
    ],
    [
      'ldap',
      { enabled: true, url: 'ldap://ldap', searchFilter: '(uid=x)' },
      { searchFilter: { key: 'mustHold', text: '{0}' } },
    ],
    [
      'ldap',
      { enabled: false, url: '', managerDn: 'cn=reader', managerPasswordSet: false },
      { managerPassword: { key: 'mandatory' } },
    ],
    [
      'crowd',
      { enabled: true, serverUrl: 'https://crowd', applicationName: 'p', applicationPasswordSet: false },
      { applicationPassword: { key: 'mandatory' } },
    ],
    [
      'general',
      { passwordMinLength: '3', passwordExpirationDays: '60', userLockMaxAttempts: '5' },
      { passwordMinLength: { key: 'wholeNumberRange', min: 4, max: 64 } },
    ],
    [
      'saml',
      {
        enabled: true,
        providerName: 'SSO',
        idpSsoUrl: 'https://idp/sso',
        idpCertificate: 'MIIC…',
        binding: 'post',
      },
      { idpCertificate: { key: 'mustHold', text: '-----BEGIN CERTIFICATE-----' } },
    ],
  ] as const)('%s %j → %j', (page, values, problems) => {
    expect(validateSecuritySettings(page, values)).toEqual(problems)
  })

  it('a typed secret counts as the mandatory secret', () => {
    const crowd = {
      enabled: true,
      serverUrl: 'https://crowd',
      applicationName: 'p',
      applicationPasswordSet: false,
    }
    expect(validateSecuritySettings('crowd', crowd, { secretTyped: true })).toEqual({})
  })

  it('sends numbers as numbers and leaves read-only facts and the secret out', () => {
    expect(
      settingsToSend('general', {
        passwordMinLength: '12',
        passwordRequireDigit: true,
        anonymousAccess: true,
      }),
    ).toEqual({ passwordMinLength: 12, passwordRequireDigit: true })
    expect(settingsToSend('oauth', { ...OAUTH, clientSecret: 'x' })).not.toHaveProperty('clientSecretSet')
  })

  it("reads the platform's `field: message` refusal onto that field, and nothing else", () => {
    expect(problemsOfRefusal({ kind: 'status', status: 400, message: 'url: Enter a valid URL' })).toEqual({
      url: 'Enter a valid URL',
    })
    expect(problemsOfRefusal({ kind: 'network', message: 'url: down' })).toEqual({})
    expect(problemsOfRefusal({ kind: 'status', status: 500, message: 'Internal error' })).toEqual({})
  })
})

describe('security decider', () => {
  it('a save with a bad field is rejected before anything is sent', () => {
    spec(appSlice(securityArea))
      .given()
      .when({ type: 'security/Save', page: 'oauth', values: { ...OAUTH, issuerUrl: 'nope' } })
      .rejected(/invalid form: issuerUrl: invalidUrl/)
  })

  it('a good save carries the values to send and only the reference of a typed secret', () => {
    spec(appSlice(securityArea))
      .given()
      .when({ type: 'security/Save', page: 'oauth', values: OAUTH, secretRef: 'vault-1' })
      .then(
        S.SaveRequested({
          page: 'oauth',
          requestId: 'id-1',
          values: settingsToSend('oauth', OAUTH),
          secretRef: 'vault-1',
        }),
      )
  })

  it('a second save while one is under way is rejected', () => {
    spec(appSlice(securityArea))
      .given(S.SaveRequested({ page: 'ldap', requestId: 'r1', values: {}, secretRef: null }))
      .when({ type: 'security/Save', page: 'ldap', values: { enabled: false } })
      .rejected(/under way/)
  })

  it('only the awaited answer counts: a stale load is ignored', () => {
    const state = foldEvents([
      S.LoadRequested({ page: 'crowd', requestId: 'old' }),
      S.LoadRequested({ page: 'crowd', requestId: 'new' }),
      S.Loaded({ page: 'crowd', requestId: 'old', values: { serverUrl: 'https://stale' } }),
    ])
    expect(state.security.pages.crowd.settings).toEqual({ status: 'loading', requestId: 'new' })
  })

  it('a refused save keeps the problems by field; a test needs a target', () => {
    const state = foldEvents([
      S.SaveRequested({ page: 'ldap', requestId: 'r1', values: {}, secretRef: null }),
      S.SaveFailed({
        page: 'ldap',
        requestId: 'r1',
        failure: { kind: 'status', status: 400, message: 'url: bad' },
        problems: { url: 'bad' },
      }),
    ])
    expect(state.security.pages.ldap.problems).toEqual({ url: 'bad' })
    spec(appSlice(securityArea))
      .given()
      .when({ type: 'security/Test', page: 'oauth', target: ' ' })
      .rejected(/nothing to test/)
    spec(appSlice(securityArea))
      .given()
      .when({ type: 'security/Test', page: 'ldap', target: 'ldap://x' })
      .rejected(/no connection test/)
  })
})

describe("the security pages' catalogue", () => {
  it.each<[SecurityMessage, string]>([
    [{ key: 'wholeNumberRange', min: 4, max: 64 }, 'Enter a whole number from 4 to 64'],
    [{ key: 'mustHold', text: '{0}' }, 'The value must hold {0}'],
    [{ key: 'invalidLdapUrl' }, 'Enter a valid URL (ldap:// or ldaps://)'],
    [{ key: 'onlyWithSaml' }, 'Only with SAML enabled'],
    [{ key: 'invalidUrl' }, 'Enter a valid URL'],
    [{ key: 'mandatory' }, 'This field is mandatory'],
  ])('words %o as %s', (message, text) => {
    expect(securityText(message)).toBe(text)
  })
})
