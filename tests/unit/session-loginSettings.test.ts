// The login page's settings from the platform's answers: required and optional parts, defaults,
// and the one rule for the addresses a browser may be sent to.
import { describe, expect, it } from 'vitest'
import { left, right } from 'fp-ts/Either'
import { isLeavableUrl, loginSettingsOf, type LoginDataAnswers } from '../../domain/session/loginSettings'
import type { Failure } from '../../domain/shared/failure'

const down: Failure = { kind: 'status', status: 500, message: 'down' }
const answers: LoginDataAnswers = {
  related: right({
    forgotPassword: true,
    rememberMeEnabled: false,
    passwordAutocompleteEnabled: true,
    ssoProviderLink: 'https://idp.example/sso',
    samlProviders: [
      { name: 'SAML', url: 'https://idp.example/saml' },
      { name: 'bad', url: 'javascript:alert(1)' },
    ],
    anonAccessEnabled: false,
  }),
  visualMode: right({ loginIsExternal: true, isProvidersHidden: true }),
  userPlugins: right(false),
  realms: right([{ realm: 'saml', enabled: true }]),
  loginDialog: right({ content: 'Hi', permanent: true }),
  samlLogoutUrl: right('https://idp.example/logout'),
  samlRegistrationId: right('reg'),
  oauthProviders: right([
    { name: 'GitHub', type: 'Git Hub!', url: 'https://github.example/oauth' },
    { name: 'Local', type: 'oidc', url: '/ui/api/v1/auth/sso/oidc/login' },
    { name: 'Creds', type: 'oidc', url: 'https://user:pw@idp.example/' },
  ]),
  autoRedirect: right(true),
}

describe('loginSettingsOf', () => {
  it('takes every answer, dropping provider links a browser must not follow', () => {
    expect(loginSettingsOf(answers)).toEqual(
      right({
        failures: [],
        settings: {
          samlLogoutUrl: 'https://idp.example/logout',
          forgotPassword: true,
          passwordAutocompleteEnabled: true,
          rememberMeEnabled: false,
          ssoProviderLinksSAML: [{ name: 'SAML', url: 'https://idp.example/saml' }],
          ssoProviderLink: 'https://idp.example/sso',
          realms: [{ realm: 'saml', enabled: true }],
          samlRegistrationId: 'reg',
          oauthProviders: [
            { name: 'GitHub', type: 'Git Hub!', url: 'https://github.example/oauth', icon: 'github' },
            { name: 'Local', type: 'oidc', url: '/ui/api/v1/auth/sso/oidc/login', icon: 'oidc' },
          ],
          loginDialogSettingsContent: { content: 'Hi', permanent: true },
          loginViewMode: { mode: 'external', isProvidersHidden: true },
          authUserPlugin: false,
          autoRedirectLogin: true,
          anonAccessEnabled: false,
        },
      }),
    )
  })

  it('without the login-related data there are no settings', () => {
    expect(loginSettingsOf({ ...answers, related: left(down) })).toEqual(left(down))
  })

  it('each optional part falls back to its default and its failure is named, in order', () => {
    const failed = loginSettingsOf({
      ...answers,
      visualMode: left(down),
      userPlugins: left(down),
      realms: left(down),
      loginDialog: left(down),
      samlLogoutUrl: left(down),
      samlRegistrationId: left(down),
      oauthProviders: left(down),
      autoRedirect: left(down),
    })
    if (failed._tag === 'Left') throw new Error('refused')
    expect(failed.right.settings).toMatchObject({
      samlLogoutUrl: '',
      realms: [],
      samlRegistrationId: '',
      oauthProviders: [],
      loginDialogSettingsContent: null,
      loginViewMode: { mode: 'internal', isProvidersHidden: false },
      authUserPlugin: true,
      autoRedirectLogin: false,
    })
    expect(failed.right.failures.map((f) => f.part)).toEqual([
      'visualMode',
      'samlLogoutUrl',
      'realms',
      'samlRegistrationId',
      'oauthProviders',
      'loginDialog',
      'userPlugins',
      'autoRedirect',
    ])
  })

  it('an SSO link that is not leavable becomes empty', () => {
    const related = { ...(answers.related as { right: object }).right, ssoProviderLink: '\'EF"3JXI' }
    const loaded = loginSettingsOf({ ...answers, related: right(related as never) })
    expect(loaded._tag === 'Right' && loaded.right.settings.ssoProviderLink).toBe('')
  })
})

describe('isLeavableUrl', () => {
  it.each([
    ['https://idp.example/sso', true],
    ['http://idp.example:8090/auth', true],
    ['/ui/api/v1/auth/sso/oidc/logout', true],
    ['//evil.example/x', false],
    ['javascript:alert(1)', false],
    [' JaVaScRiPt:alert(1)', false],
    ['data:text/html,x', false],
    ['https://user:pw@idp.example/', false],
    ['https://user@idp.example/', false],
    ['not a url', false],
    ['', false],
  ])('%s → %s', (url, leavable) => {
    expect(isLeavableUrl(url)).toBe(leavable)
  })
})
