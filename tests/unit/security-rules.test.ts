// The security settings pages' rules as an administrator meets them: which fields each page
// sends, which are mandatory while the page is on, the number ranges, the URL schemes, the
// placeholders a pattern must hold, the rules across fields, and the platform's refusal.
import { describe, expect, it } from 'vitest'
import { problemsOfRefusal, settingsToSend, validateSecuritySettings } from '../../domain/security/rules'

const mandatory = { key: 'mandatory' }

const GENERAL = {
  hideUnauthorizedResources: true,
  passwordMinLength: '12',
  passwordRequireUppercase: true,
  passwordRequireDigit: false,
  passwordRequireSpecial: true,
  passwordExpirationEnabled: true,
  passwordExpirationDays: '90',
  userLockEnabled: true,
  userLockMaxAttempts: '5',
}
const SAML = {
  enabled: true,
  providerName: 'SSO',
  idpSsoUrl: 'https://idp.example/sso',
  idpSloUrl: 'https://idp.example/slo',
  idpIssuer: 'idp',
  idpCertificate: '-----BEGIN CERTIFICATE-----\nMIIC\n-----END CERTIFICATE-----',
  spEntityId: 'console',
  binding: 'post',
  usernameAttribute: 'uid',
  emailAttribute: 'mail',
  groupsAttribute: 'groups',
  autoCreateUsers: true,
  autoRedirect: true,
  loginIsExternal: false,
}
const OAUTH = {
  enabled: true,
  providerName: 'Okta',
  issuerUrl: 'https://idp.example',
  clientId: 'console',
  scopes: 'openid',
  usernameClaim: 'preferred_username',
  emailClaim: 'email',
  groupsClaim: 'groups',
  autoCreateUsers: true,
  autoRedirect: false,
}
const LDAP = {
  enabled: true,
  url: 'ldaps://ldap.example:636',
  userDnPattern: 'uid={0},ou=people',
  searchBase: 'ou=people',
  searchFilter: '(uid={0})',
  searchSubTree: true,
  managerDn: 'cn=reader',
  emailAttribute: 'mail',
  autoCreateUsers: false,
}
const CROWD = {
  enabled: true,
  serverUrl: 'https://crowd.example',
  applicationName: 'console',
  sessionValidationMinutes: '5',
  useDefaultProxy: false,
  autoCreateUsers: true,
}

describe('what each page sends', () => {
  it('every field of the page, numbers as numbers, switches as booleans, text trimmed', () => {
    expect(settingsToSend('general', GENERAL)).toEqual({
      ...GENERAL,
      passwordMinLength: 12,
      passwordExpirationDays: 90,
      userLockMaxAttempts: 5,
    })
    expect(settingsToSend('saml', { ...SAML, providerName: '  SSO ' })).toEqual(SAML)
    expect(settingsToSend('oauth', { ...OAUTH, clientSecret: 'typed', clientSecretSet: true })).toEqual(OAUTH)
    expect(settingsToSend('ldap', { ...LDAP, managerPassword: 'typed', managerPasswordSet: true })).toEqual(
      LDAP,
    )
    expect(settingsToSend('crowd', { ...CROWD, applicationPassword: 'typed' })).toEqual({
      ...CROWD,
      sessionValidationMinutes: 5,
    })
  })

  it('a switch is on only when true; fields not given are not sent', () => {
    expect(settingsToSend('oauth', { enabled: 'yes', autoRedirect: 1 })).toEqual({
      enabled: false,
      autoRedirect: false,
    })
  })

  it('whole pages that hold are valid', () => {
    expect(validateSecuritySettings('general', GENERAL)).toEqual({})
    expect(validateSecuritySettings('saml', SAML)).toEqual({})
    expect(validateSecuritySettings('oauth', { ...OAUTH, clientSecretSet: true })).toEqual({})
    expect(validateSecuritySettings('ldap', { ...LDAP, managerPasswordSet: true })).toEqual({})
    expect(validateSecuritySettings('crowd', { ...CROWD, applicationPasswordSet: true })).toEqual({})
  })
})

describe('mandatory fields', () => {
  it('while a page is on, each of its mandatory fields left blank says so', () => {
    expect(validateSecuritySettings('general', {})).toEqual({
      passwordMinLength: mandatory,
      passwordExpirationDays: mandatory,
      userLockMaxAttempts: mandatory,
    })
    expect(validateSecuritySettings('saml', { enabled: true })).toEqual({
      providerName: mandatory,
      idpSsoUrl: mandatory,
      idpCertificate: mandatory,
    })
    expect(validateSecuritySettings('oauth', { enabled: true })).toEqual({
      providerName: mandatory,
      issuerUrl: mandatory,
      clientId: mandatory,
      usernameClaim: mandatory,
      emailClaim: mandatory,
    })
    expect(validateSecuritySettings('ldap', { enabled: true })).toEqual({
      url: mandatory,
      userDnPattern: mandatory,
    })
    expect(validateSecuritySettings('crowd', { enabled: true })).toEqual({
      serverUrl: mandatory,
      applicationName: mandatory,
      applicationPassword: mandatory,
    })
  })

  it('a page switched off asks for nothing', () => {
    for (const page of ['saml', 'oauth', 'ldap', 'crowd'] as const)
      expect(validateSecuritySettings(page, { enabled: false }), page).toEqual({})
  })

  it('blank means only whitespace; a number typed where text is expected is text', () => {
    expect(validateSecuritySettings('oauth', { ...OAUTH, clientId: '   ', clientSecretSet: true })).toEqual({
      clientId: mandatory,
    })
    expect(validateSecuritySettings('oauth', { ...OAUTH, clientId: 42, clientSecretSet: true })).toEqual({})
  })
})

describe('values', () => {
  it('numbers are whole and within each field’s range', () => {
    const general = (over: Record<string, string>) =>
      validateSecuritySettings('general', { ...GENERAL, ...over })
    const range = (min: number, max: number) => ({ key: 'wholeNumberRange', min, max })
    expect(
      general({ passwordMinLength: '4', passwordExpirationDays: '1', userLockMaxAttempts: '1' }),
    ).toEqual({})
    expect(
      general({ passwordMinLength: '64', passwordExpirationDays: '999', userLockMaxAttempts: '100' }),
    ).toEqual({})
    expect(
      general({ passwordMinLength: '65', passwordExpirationDays: '0', userLockMaxAttempts: '101' }),
    ).toEqual({
      passwordMinLength: range(4, 64),
      passwordExpirationDays: range(1, 999),
      userLockMaxAttempts: range(1, 100),
    })
    for (const bad of ['4.5', '-5', '1e1', 'ten', '5 5'])
      expect(general({ passwordMinLength: bad }), bad).toEqual({ passwordMinLength: range(4, 64) })
    const crowd = (minutes: string) =>
      validateSecuritySettings('crowd', {
        ...CROWD,
        applicationPasswordSet: true,
        sessionValidationMinutes: minutes,
      })
    expect(crowd('0')).toEqual({})
    expect(crowd('1440')).toEqual({})
    expect(crowd('1441')).toEqual({ sessionValidationMinutes: range(0, 1440) })
    expect(crowd('')).toEqual({})
  })

  it('URLs: http(s) with a host, except the directory’s ldap(s)', () => {
    expect(validateSecuritySettings('saml', { ...SAML, idpSsoUrl: 'idp.example/sso' })).toEqual({
      idpSsoUrl: { key: 'invalidUrl' },
    })
    expect(validateSecuritySettings('saml', { ...SAML, idpSloUrl: 'ftp://idp.example' })).toEqual({
      idpSloUrl: { key: 'invalidUrl' },
    })
    expect(validateSecuritySettings('saml', { ...SAML, idpSloUrl: '' })).toEqual({})
    expect(
      validateSecuritySettings('crowd', {
        ...CROWD,
        applicationPasswordSet: true,
        serverUrl: 'crowd.example',
      }),
    ).toEqual({ serverUrl: { key: 'invalidUrl' } })
    expect(
      validateSecuritySettings('oauth', { ...OAUTH, clientSecretSet: true, issuerUrl: 'ftp://idp' }),
    ).toEqual({
      issuerUrl: { key: 'invalidUrl' },
    })
    const ldap = (url: string) => validateSecuritySettings('ldap', { ...LDAP, managerPasswordSet: true, url })
    expect(ldap('ldap://ldap.example')).toEqual({})
    expect(ldap(' ldaps://ldap.example ')).toEqual({})
    for (const bad of ['https://ldap.example', 'ldap://', 'ldap.example', 'ldap:///dc=x'])
      expect(ldap(bad), bad).toEqual({ url: { key: 'invalidLdapUrl' } })
  })

  it('a choice must be one offered; patterns must hold their placeholder', () => {
    expect(validateSecuritySettings('saml', { ...SAML, binding: 'redirect' })).toEqual({})
    expect(validateSecuritySettings('saml', { ...SAML, binding: 'soap' })).toEqual({ binding: mandatory })
    expect(
      validateSecuritySettings('ldap', { ...LDAP, managerPasswordSet: true, userDnPattern: 'uid=x' }),
    ).toEqual({
      userDnPattern: { key: 'mustHold', text: '{0}' },
    })
  })
})

describe('rules across fields', () => {
  it('the directory needs a user DN pattern or a search filter, either one', () => {
    const ldap = (over: Record<string, string | boolean>) =>
      validateSecuritySettings('ldap', { ...LDAP, managerPasswordSet: true, ...over })
    expect(ldap({ userDnPattern: '' })).toEqual({})
    expect(ldap({ searchFilter: '' })).toEqual({})
    expect(ldap({ userDnPattern: ' ', searchFilter: ' ' })).toEqual({ userDnPattern: mandatory })
    expect(ldap({ enabled: false, userDnPattern: '', searchFilter: '' })).toEqual({})
  })

  it('a manager DN needs its password: stored already, or typed now', () => {
    expect(validateSecuritySettings('ldap', LDAP)).toEqual({ managerPassword: mandatory })
    expect(validateSecuritySettings('ldap', LDAP, { secretTyped: true })).toEqual({})
    expect(validateSecuritySettings('ldap', { ...LDAP, managerPasswordSet: true })).toEqual({})
    expect(validateSecuritySettings('ldap', { ...LDAP, managerDn: ' ' })).toEqual({})
  })

  it('the crowd application password is needed only while crowd is on and none is stored', () => {
    expect(validateSecuritySettings('crowd', CROWD)).toEqual({ applicationPassword: mandatory })
    expect(validateSecuritySettings('crowd', CROWD, { secretTyped: true })).toEqual({})
    expect(validateSecuritySettings('crowd', { ...CROWD, enabled: false })).toEqual({})
  })

  it('HTTP SSO: a header a proxy can send, and proxies named by IP address, one a line', () => {
    const http = (over: Record<string, string | boolean>) =>
      validateSecuritySettings('httpsso', {
        enabled: true,
        remoteUserHeader: 'REMOTE_USER',
        trustedProxies: '10.0.0.5',
        autoCreateUsers: true,
        ...over,
      })
    expect(http({})).toEqual({})
    expect(http({ trustedProxies: ' 10.0.0.5 \n\n::1\r\n::ffff:10.0.0.6\nfe80::1' })).toEqual({})
    expect(http({ trustedProxies: '' })).toEqual({ trustedProxies: mandatory })
    expect(http({ enabled: false, trustedProxies: '' })).toEqual({})
    for (const bad of ['proxy.example', '10.0.0.256', '10.0.0.0/8', '10.0.0.5:8080', '1::2::3', ':'])
      expect(http({ trustedProxies: `::1\n${bad}` }), bad).toEqual({
        trustedProxies: { key: 'notAnAddress', text: bad },
      })
    const many = Array.from({ length: 21 }, (_, i) => `10.0.0.${i}`).join('\n')
    expect(http({ trustedProxies: many })).toEqual({ trustedProxies: { key: 'tooMany', max: 20 } })
    expect(http({ enabled: false, remoteUserHeader: ' ' })).toEqual({ remoteUserHeader: mandatory })
    for (const bad of ['X User', 'X:User', 'Ü', 'x'.repeat(65)])
      expect(http({ remoteUserHeader: bad }), bad).toEqual({ remoteUserHeader: { key: 'headerName' } })
    expect(
      settingsToSend('httpsso', {
        enabled: true,
        remoteUserHeader: ' X-User ',
        trustedProxies: ' 10.0.0.5 \n\n::1 ',
        autoCreateUsers: false,
      }),
    ).toEqual({
      enabled: true,
      remoteUserHeader: 'X-User',
      trustedProxies: '10.0.0.5\n::1',
      autoCreateUsers: false,
    })
  })

  it('redirecting to the identity provider needs SAML on', () => {
    expect(validateSecuritySettings('saml', { enabled: false, autoRedirect: true })).toEqual({
      autoRedirect: { key: 'onlyWithSaml' },
    })
    expect(validateSecuritySettings('saml', { enabled: false, autoRedirect: false })).toEqual({})
    expect(validateSecuritySettings('oauth', { enabled: false, autoRedirect: true })).toEqual({})
  })
})

describe("the platform's refusal", () => {
  it('names a field as `field: message`, spaces around it ignored', () => {
    expect(
      problemsOfRefusal({ kind: 'status', status: 400, message: '  idpSsoUrl: Enter a valid URL \n' }),
    ).toEqual({
      idpSsoUrl: 'Enter a valid URL',
    })
    for (const message of ['1url: bad', 'url:bad', 'url: ', 'the url: bad', 'url-x: bad'])
      expect(problemsOfRefusal({ kind: 'status', status: 400, message }), message).toEqual({})
    expect(problemsOfRefusal({ kind: 'decode', message: 'url: bad' })).toEqual({})
  })
})
