// The words of Administration → Security: page titles, field labels and hints, by page and
// field name, and the form rules' problems (the domain's specs, rules and events carry names and
// message keys, not prose).
import type { SecurityMessage, SecurityPage } from '../../domain/security'
import { formText } from '../shared/formMessages'
import { LDAP_URL_MESSAGE } from '../../domain/security/words'

/** A security page's form problem in words (domain/security/rules.ts's keys). */
export function securityText(message: SecurityMessage): string {
  switch (message.key) {
    case 'wholeNumberRange':
      return `Enter a whole number from ${message.min} to ${message.max}`
    case 'mustHold':
      return `The value must hold ${message.text}`
    case 'invalidLdapUrl':
      return LDAP_URL_MESSAGE
    case 'onlyWithSaml':
      return 'Only with SAML enabled'
    case 'headerName':
      return 'A header name of letters, digits, dashes and underscores'
    case 'notAnAddress':
      return `${message.text} is not an IP address: one proxy address a line`
    case 'tooMany':
      return `At most ${message.max} addresses`
    default:
      return formText(message)
  }
}

export const PAGE_TITLES: Readonly<Record<SecurityPage, string>> = {
  general: 'General',
  saml: 'SAML',
  oauth: 'OAuth',
  ldap: 'LDAP',
  crowd: 'Crowd / JIRA',
  httpsso: 'HTTP SSO',
}

export const PAGE_DESCRIPTIONS: Readonly<Record<SecurityPage, string>> = {
  general: 'Password rules, account locking and what anonymous visitors see.',
  saml: 'Sign people in through a SAML 2.0 identity provider. Register the service provider addresses below at the identity provider.',
  oauth: 'Sign people in through an OpenID Connect provider (authorization code flow with PKCE).',
  ldap: 'Directory settings for signing in with LDAP accounts.',
  crowd: 'Directory settings for signing in with Atlassian Crowd or JIRA accounts.',
  httpsso:
    'Sign in the person a reverse proxy in front of the platform has already authenticated and names in a request header.',
}

/** Said on the LDAP page: the reference platform keeps the settings but binds to no directory. */
export const DIRECTORY_NOTE =
  'This platform stores and checks these settings, but does not sign anyone in through the directory yet.'
/** Said on the SAML page while the platform has no base URL, before the link to set it. */
export const SP_NEEDS_BASE_URL =
  "The identity provider needs this platform's addresses, and they are made from its base URL, which is not set yet."

/** Said on the Crowd page: what its settings serve (the single sign-on, not passwords). */
export const CROWD_NOTE =
  "With Crowd enabled, a browser that carries Crowd's single sign-on cookie signs in at /ui/login/sso/crowd, checked with the Crowd server as this application. Crowd passwords are not taken on the login form."

/** Said on the HTTP SSO page: a header is only as trustworthy as the path it came by. */
export const HTTP_SSO_NOTE =
  "With HTTP SSO enabled, a browser that opens /ui/login/sso/http through one of the trusted proxies is signed in as the person the proxy names. The header is believed only from the proxies' own addresses, so the platform's port must be reachable through them alone."

type Label = { readonly label: string; readonly hint?: string }

export const FIELD_LABELS: Readonly<Record<SecurityPage, Readonly<Record<string, Label>>>> = {
  general: {
    hideUnauthorizedResources: { label: 'Hide existence of unauthorized resources' },
    passwordMinLength: { label: 'Minimum password length' },
    passwordRequireUppercase: { label: 'Require an uppercase letter' },
    passwordRequireDigit: { label: 'Require a digit' },
    passwordRequireSpecial: { label: 'Require a special character' },
    passwordExpirationEnabled: { label: 'Passwords expire' },
    passwordExpirationDays: { label: 'Password expires every (days)' },
    userLockEnabled: { label: 'Lock a user after failed sign-in attempts' },
    userLockMaxAttempts: { label: 'Failed attempts before locking' },
  },
  saml: {
    enabled: { label: 'Enable SAML integration' },
    providerName: { label: 'Provider name', hint: 'Shown on the login page button.' },
    idpSsoUrl: { label: 'SAML login URL', hint: "The identity provider's single sign-on address." },
    idpSloUrl: {
      label: 'SAML logout URL',
      hint: "The identity provider's single logout address (optional).",
    },
    idpIssuer: {
      label: 'Identity provider entity ID',
      hint: 'Answers from another issuer are refused (optional).',
    },
    idpCertificate: {
      label: 'Identity provider certificate',
      hint: 'PEM, from -----BEGIN CERTIFICATE-----.',
    },
    spEntityId: { label: 'Service provider entity ID', hint: 'Empty: the metadata address below.' },
    binding: { label: 'Request binding' },
    usernameAttribute: { label: 'Username attribute', hint: 'Empty: the NameID.' },
    emailAttribute: { label: 'Email attribute' },
    groupsAttribute: { label: 'Groups attribute' },
    autoCreateUsers: { label: 'Create users on first sign-in' },
    autoRedirect: { label: 'Auto redirect login to SAML' },
    loginIsExternal: { label: 'Offer only SAML on the login page' },
  },
  oauth: {
    enabled: { label: 'Enable OAuth (OpenID Connect)' },
    providerName: { label: 'Provider name', hint: 'Shown on the login page button.' },
    issuerUrl: { label: 'Issuer URL', hint: 'Its /.well-known/openid-configuration is read.' },
    clientId: { label: 'Client ID' },
    clientSecret: { label: 'Client secret' },
    scopes: { label: 'Scopes', hint: 'Space-separated; openid is always asked for.' },
    usernameClaim: { label: 'Username claim' },
    emailClaim: { label: 'Email claim' },
    groupsClaim: { label: 'Groups claim', hint: 'Groups named in it that exist here become memberships.' },
    autoCreateUsers: { label: 'Create users on first sign-in' },
    autoRedirect: { label: 'Auto redirect login to this provider' },
  },
  ldap: {
    enabled: { label: 'Enable LDAP' },
    url: { label: 'LDAP URL', hint: 'ldap://host:389/dc=example,dc=com or ldaps://…' },
    userDnPattern: {
      label: 'User DN pattern',
      hint: '{0} stands for the username, e.g. uid={0},ou=people.',
    },
    searchBase: { label: 'Search base' },
    searchFilter: { label: 'Search filter', hint: 'e.g. (uid={0}); used when no DN pattern is given.' },
    searchSubTree: { label: 'Search sub-tree' },
    managerDn: { label: 'Manager DN' },
    managerPassword: { label: 'Manager password' },
    emailAttribute: { label: 'Email attribute' },
    autoCreateUsers: { label: 'Create users on first sign-in' },
  },
  crowd: {
    enabled: { label: 'Enable Crowd / JIRA integration' },
    serverUrl: { label: 'Server URL' },
    applicationName: { label: 'Application name' },
    applicationPassword: { label: 'Application password' },
    sessionValidationMinutes: {
      label: 'Session validation interval (minutes)',
      hint: 'How long a Crowd sign-in is trusted before Crowd is asked again; 0 asks on every request.',
    },
    useDefaultProxy: { label: 'Use the default proxy' },
    autoCreateUsers: { label: 'Create users on first sign-in' },
  },
  httpsso: {
    enabled: { label: 'Enable HTTP SSO' },
    remoteUserHeader: {
      label: 'Remote user header',
      hint: 'The request header the proxy names the signed-in person in, e.g. X-Remote-User.',
    },
    trustedProxies: {
      label: 'Trusted proxy addresses',
      hint: 'One IP address a line, as the platform sees the proxy connect (at most 20).',
    },
    autoCreateUsers: { label: 'Create users on first sign-in' },
  },
}

export const BINDING_LABELS: Readonly<Record<string, string>> = {
  redirect: 'HTTP-Redirect',
  post: 'HTTP-POST',
}
