import * as t from 'io-ts'
import { map } from 'fp-ts/Either'
import { pipe } from 'fp-ts/function'
import type { SecurityApi } from '../ports'
import type { HttpClient } from './client'
import { PAGE_SPECS, linesOf } from '../../domain/security/rules'
import type { SecurityPage, SettingsValues } from '../../domain/security/types'

const s = t.string
const b = t.boolean
const n = t.number

const General = t.type({
  hideUnauthorizedResources: b,
  passwordMinLength: n,
  passwordRequireUppercase: b,
  passwordRequireDigit: b,
  passwordRequireSpecial: b,
  passwordExpirationEnabled: b,
  passwordExpirationDays: n,
  userLockEnabled: b,
  userLockMaxAttempts: n,
  anonymousAccess: b,
})
const Saml = t.type({
  enabled: b,
  providerName: s,
  idpSsoUrl: s,
  idpSloUrl: s,
  idpIssuer: s,
  idpCertificate: s,
  spEntityId: s,
  binding: t.keyof({ redirect: null, post: null }),
  usernameAttribute: s,
  emailAttribute: s,
  groupsAttribute: s,
  autoCreateUsers: b,
  autoRedirect: b,
  loginIsExternal: b,
  serviceProvider: t.type({ entityId: s, acsUrl: s, sloUrl: s, metadataUrl: s }),
  certificate: t.union([t.null, t.type({ subject: s, validTo: s, fingerprint256: s })]),
})
const OAuth = t.type({
  enabled: b,
  providerName: s,
  issuerUrl: s,
  clientId: s,
  clientSecretSet: b,
  scopes: s,
  usernameClaim: s,
  emailClaim: s,
  groupsClaim: s,
  autoCreateUsers: b,
  autoRedirect: b,
})
const Ldap = t.type({
  enabled: b,
  url: s,
  userDnPattern: s,
  searchBase: s,
  searchFilter: s,
  searchSubTree: b,
  managerDn: s,
  managerPasswordSet: b,
  emailAttribute: s,
  autoCreateUsers: b,
})
const Crowd = t.type({
  enabled: b,
  serverUrl: s,
  applicationName: s,
  applicationPasswordSet: b,
  sessionValidationMinutes: n,
  useDefaultProxy: b,
  autoCreateUsers: b,
})
const HttpSso = t.type({
  enabled: b,
  remoteUserHeader: s,
  trustedProxies: t.array(s),
  autoCreateUsers: b,
})
const Discovery = t.type({
  issuer: s,
  authorizationEndpoint: s,
  tokenEndpoint: s,
  jwksUri: s,
  endSessionEndpoint: s,
})

const PAGES: Readonly<
  Record<SecurityPage, { readonly path: string; readonly codec: t.Decoder<unknown, object> }>
> = {
  general: { path: '/ui/admin/security', codec: General },
  saml: { path: '/ui/admin/saml', codec: Saml },
  oauth: { path: '/ui/admin/oidc', codec: OAuth },
  ldap: { path: '/ui/admin/ldap', codec: Ldap },
  crowd: { path: '/ui/admin/crowd', codec: Crowd },
  httpsso: { path: '/ui/admin/httpsso', codec: HttpSso },
}

/**
 * Nested answers (the SP's addresses, the certificate) as `outer.inner` keys; null ones left out;
 * lists (HTTP SSO's proxies) as one entry a line.
 */
function flatten(value: object, prefix = ''): SettingsValues {
  const out: Record<string, string | boolean | number> = {}
  for (const [key, v] of Object.entries(value)) {
    if (typeof v === 'string' || typeof v === 'boolean' || typeof v === 'number') out[prefix + key] = v
    else if (Array.isArray(v)) out[prefix + key] = v.map(String).join('\n')
    else if (v !== null && typeof v === 'object') Object.assign(out, flatten(v as object, `${prefix}${key}.`))
  }
  return out
}

/** Administration → Security's calls to the platform (see server/API.md). */
export function createSecurityApi(http: HttpClient): SecurityApi {
  return {
    async load(page) {
      const { path, codec } = PAGES[page]
      return pipe(
        await http.request(path, codec),
        map((a) => flatten(a)),
      )
    },
    async save(page, values, secret) {
      const { path, codec } = PAGES[page]
      const secretField = PAGE_SPECS[page].secret
      // A list field travels as an array (the form holds it one entry a line).
      const lists = PAGE_SPECS[page].fields.filter(
        (f) => f.kind === 'lines' && typeof values[f.name] === 'string',
      )
      const withLists = {
        ...values,
        ...Object.fromEntries(lists.map((f) => [f.name, linesOf(String(values[f.name]))])),
      }
      const body = secretField && secret ? { ...withLists, [secretField]: secret } : withLists
      return pipe(
        await http.request(path, codec, { method: 'PUT', body }),
        map((a) => flatten(a)),
      )
    },
    async test(page, target) {
      // Only OAuth has a connection test: the issuer's discovery document.
      void page
      return pipe(
        await http.request('/ui/admin/oidc/test', Discovery, { method: 'POST', body: { issuerUrl: target } }),
        map((a) => ({ ...a })),
      )
    },
  }
}
