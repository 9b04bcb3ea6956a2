/**
 * What each security settings page holds and the rules its form must pass before it is sent,
 * each problem a message key (the generic ones of spec 000 section 5 and the page's own,
 * SecurityMessage), worded by the security pages (ui/security/messages.ts). The platform checks
 * the same again; its refusal names the field (`field: message`, the platform's words), which
 * `problemsOfRefusal` reads.
 */
import { isLeft } from 'fp-ts/Either'
import { invalidUrl, mandatory, validateUrl } from '../shared/forms'
import type { FormMessage } from '../shared/messages'
import type { Failure } from '../shared/failure'
import type { SecurityPage, SettingsValues } from './types'

/** `lines`: a list, one entry a line (the platform takes it as an array). */
export type FieldKind = 'text' | 'url' | 'secret' | 'switch' | 'number' | 'multiline' | 'lines' | 'choice'

export interface FieldSpec {
  readonly name: string
  readonly kind: FieldKind
  /** Mandatory when the page's `enabled` switch is on (or always, for pages without one). */
  readonly required?: boolean
  readonly min?: number
  readonly max?: number
  /** URL schemes accepted (default http and https). */
  readonly schemes?: ReadonlyArray<string>
  readonly choices?: ReadonlyArray<string>
  /** The value must hold this text (a placeholder such as `{0}`). */
  readonly mustHold?: string
  /** The switch of the page this field is a detail of: off, the field does not apply. */
  readonly onlyWith?: string
}

export interface PageSpec {
  readonly fields: ReadonlyArray<FieldSpec>
  /** The write-only field: sent only when typed, answered as `<name>Set`. */
  readonly secret?: string
  /** The field a connection test is made against. */
  readonly testField?: string
}

const sw = (name: string): FieldSpec => ({ name, kind: 'switch' })

export const PAGE_SPECS: Readonly<Record<SecurityPage, PageSpec>> = {
  general: {
    fields: [
      sw('hideUnauthorizedResources'),
      { name: 'passwordMinLength', kind: 'number', required: true, min: 4, max: 64 },
      sw('passwordRequireUppercase'),
      sw('passwordRequireDigit'),
      sw('passwordRequireSpecial'),
      sw('passwordExpirationEnabled'),
      {
        name: 'passwordExpirationDays',
        kind: 'number',
        required: true,
        min: 1,
        max: 999,
        onlyWith: 'passwordExpirationEnabled',
      },
      sw('userLockEnabled'),
      {
        name: 'userLockMaxAttempts',
        kind: 'number',
        required: true,
        min: 1,
        max: 100,
        onlyWith: 'userLockEnabled',
      },
    ],
  },
  saml: {
    fields: [
      sw('enabled'),
      { name: 'providerName', kind: 'text', required: true },
      { name: 'idpSsoUrl', kind: 'url', required: true },
      { name: 'idpSloUrl', kind: 'url' },
      { name: 'idpIssuer', kind: 'text' },
      { name: 'idpCertificate', kind: 'multiline', required: true, mustHold: '-----BEGIN CERTIFICATE-----' },
      { name: 'spEntityId', kind: 'text' },
      { name: 'binding', kind: 'choice', choices: ['redirect', 'post'] },
      { name: 'usernameAttribute', kind: 'text' },
      { name: 'emailAttribute', kind: 'text' },
      { name: 'groupsAttribute', kind: 'text' },
      sw('autoCreateUsers'),
      sw('autoRedirect'),
      sw('loginIsExternal'),
    ],
  },
  oauth: {
    fields: [
      sw('enabled'),
      { name: 'providerName', kind: 'text', required: true },
      { name: 'issuerUrl', kind: 'url', required: true },
      { name: 'clientId', kind: 'text', required: true },
      { name: 'clientSecret', kind: 'secret' },
      { name: 'scopes', kind: 'text' },
      { name: 'usernameClaim', kind: 'text', required: true },
      { name: 'emailClaim', kind: 'text', required: true },
      { name: 'groupsClaim', kind: 'text' },
      sw('autoCreateUsers'),
      sw('autoRedirect'),
    ],
    secret: 'clientSecret',
    testField: 'issuerUrl',
  },
  ldap: {
    fields: [
      sw('enabled'),
      { name: 'url', kind: 'url', required: true, schemes: ['ldap:', 'ldaps:'] },
      { name: 'userDnPattern', kind: 'text', mustHold: '{0}' },
      { name: 'searchBase', kind: 'text' },
      { name: 'searchFilter', kind: 'text', mustHold: '{0}' },
      sw('searchSubTree'),
      { name: 'managerDn', kind: 'text' },
      { name: 'managerPassword', kind: 'secret' },
      { name: 'emailAttribute', kind: 'text' },
      sw('autoCreateUsers'),
    ],
    secret: 'managerPassword',
  },
  crowd: {
    fields: [
      sw('enabled'),
      { name: 'serverUrl', kind: 'url', required: true },
      { name: 'applicationName', kind: 'text', required: true },
      { name: 'applicationPassword', kind: 'secret' },
      { name: 'sessionValidationMinutes', kind: 'number', min: 0, max: 1440 },
      sw('useDefaultProxy'),
      sw('autoCreateUsers'),
    ],
    secret: 'applicationPassword',
  },
  httpsso: {
    fields: [
      sw('enabled'),
      { name: 'remoteUserHeader', kind: 'text', required: true },
      { name: 'trustedProxies', kind: 'lines', required: true },
      sw('autoCreateUsers'),
    ],
  },
}

/** How many proxies HTTP SSO may trust (the platform's bound too). */
export const MAX_TRUSTED_PROXIES = 20
const HEADER_NAME = /^[A-Za-z0-9_-]{1,64}$/
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/

/** A proxy's address as the connection shows it: IPv4 dotted or IPv6, no name, port or range. */
export function isAddress(text: string): boolean {
  if (IPV4.test(text)) return true
  if (!text.includes(':') || !/^[0-9A-Fa-f:.]{2,45}$/.test(text)) return false
  try {
    return new URL(`http://[${text}]/`).hostname !== ''
  } catch {
    return false
  }
}

/** A `lines` field's entries: one a line, blanks left out. */
export const linesOf = (text: string): ReadonlyArray<string> =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')

/** The security pages' problems: the generic form keys and the pages' own. */
export type SecurityMessage =
  | FormMessage
  | { readonly key: 'wholeNumberRange'; readonly min: number; readonly max: number }
  | { readonly key: 'mustHold'; readonly text: string }
  | { readonly key: 'invalidLdapUrl' }
  | { readonly key: 'onlyWithSaml' }
  | { readonly key: 'headerName' }
  | { readonly key: 'notAnAddress'; readonly text: string }
  | { readonly key: 'tooMany'; readonly max: number }

const INVALID_LDAP_URL: SecurityMessage = { key: 'invalidLdapUrl' }

const text = (values: SettingsValues, name: string): string => {
  const v = values[name]
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : ''
}

function urlProblem(value: string, schemes: ReadonlyArray<string> | undefined): SecurityMessage | undefined {
  if (!schemes) return isLeft(validateUrl(value)) ? invalidUrl : undefined
  try {
    const url = new URL(value.trim())
    return schemes.includes(url.protocol) && url.hostname !== '' ? undefined : INVALID_LDAP_URL
  } catch {
    return INVALID_LDAP_URL
  }
}

/**
 * The form's problems by field (empty when it may be sent). `secretSet`: the platform already
 * holds the page's secret, so an empty secret field keeps it.
 */
export function validateSecuritySettings(
  page: SecurityPage,
  values: SettingsValues,
  options: { readonly secretTyped: boolean } = { secretTyped: false },
): Readonly<Record<string, SecurityMessage>> {
  const spec = PAGE_SPECS[page]
  const problems: Record<string, SecurityMessage> = {}
  const hasSwitch = spec.fields.some((f) => f.name === 'enabled')
  const on = !hasSwitch || values.enabled === true
  for (const field of spec.fields) {
    const value = text(values, field.name).trim()
    if (field.kind === 'switch' || field.kind === 'secret') continue
    if (value === '') {
      if (field.required && on) problems[field.name] = mandatory
      continue
    }
    if (field.kind === 'url') {
      const problem = urlProblem(value, field.schemes)
      if (problem) problems[field.name] = problem
    } else if (field.kind === 'number') {
      const n = Number(value)
      const min = field.min ?? 0
      const max = field.max ?? Number.MAX_SAFE_INTEGER
      if (!/^\d+$/.test(value) || n < min || n > max)
        problems[field.name] = { key: 'wholeNumberRange', min, max }
    } else if (field.kind === 'choice') {
      if (!(field.choices ?? []).includes(value)) problems[field.name] = mandatory
    } else if (field.mustHold && !value.includes(field.mustHold)) {
      problems[field.name] = { key: 'mustHold', text: field.mustHold }
    }
  }
  // Page rules beyond single fields.
  if (
    page === 'ldap' &&
    on &&
    text(values, 'userDnPattern').trim() === '' &&
    text(values, 'searchFilter').trim() === ''
  )
    problems.userDnPattern ??= mandatory
  if (
    page === 'ldap' &&
    text(values, 'managerDn').trim() !== '' &&
    !options.secretTyped &&
    values.managerPasswordSet !== true
  )
    problems.managerPassword = mandatory
  if (page === 'crowd' && on && !options.secretTyped && values.applicationPasswordSet !== true)
    problems.applicationPassword = mandatory
  if (page === 'saml' && values.autoRedirect === true && !on) problems.autoRedirect = { key: 'onlyWithSaml' }
  if (page === 'httpsso') {
    // The header is read whether or not HTTP SSO is on: it is never left empty.
    const header = text(values, 'remoteUserHeader').trim()
    if (header === '') problems.remoteUserHeader = mandatory
    else if (!HEADER_NAME.test(header)) problems.remoteUserHeader = { key: 'headerName' }
    const proxies = linesOf(text(values, 'trustedProxies'))
    const wrong = proxies.find((p) => !isAddress(p))
    if (wrong !== undefined) problems.trustedProxies = { key: 'notAnAddress', text: wrong }
    else if (proxies.length > MAX_TRUSTED_PROXIES)
      problems.trustedProxies = { key: 'tooMany', max: MAX_TRUSTED_PROXIES }
  }
  return problems
}

/** Form values as the platform takes them: numbers as numbers, read-only facts left out. */
export function settingsToSend(page: SecurityPage, values: SettingsValues): SettingsValues {
  const spec = PAGE_SPECS[page]
  const out: Record<string, string | boolean | number> = {}
  for (const field of spec.fields) {
    if (field.kind === 'secret') continue
    const v = values[field.name]
    if (v === undefined) continue
    out[field.name] =
      field.kind === 'number'
        ? Number(v)
        : field.kind === 'switch'
          ? v === true
          : field.kind === 'lines'
            ? linesOf(String(v)).join('\n')
            : String(v).trim()
  }
  return out
}

/** The platform's refusal `field: message` as a problem of that field; others have none. */
export function problemsOfRefusal(failure: Failure): Readonly<Record<string, string>> {
  if (failure.kind !== 'status') return {}
  const match = /^([A-Za-z][A-Za-z0-9]*): (.+)$/.exec(failure.message.trim())
  return match && match[1] && match[2] ? { [match[1]]: match[2] } : {}
}
