/**
 * Administration → Security: the general security settings, and the LDAP and Crowd / JIRA
 * directory settings. Each is one JSON document in `settings`; secrets (the LDAP manager
 * password, the Crowd application password) are write-only: the API answers whether one is set.
 *
 * The reference platform signs nobody in through LDAP; Crowd's settings serve its single sign-on
 * (server/sso/directoryLogins.ts), not password logins.
 */
import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../context'
import type { Sql } from '../db/sql'
import { errors } from '../auth/schemas'
import { mandatory } from '../auth/validation'
import { URL_MESSAGE } from '../../domain/shared/forms'
import { LDAP_URL_MESSAGE } from '../../domain/security/words'
import { badRequest } from './common'
import type { PasswordPolicy } from '../auth/passwords'
import { readSettingOver, writeSetting } from '../platform/store'

export interface SecurityGeneral {
  readonly hideUnauthorizedResources: boolean
  readonly passwordMinLength: number
  readonly passwordRequireUppercase: boolean
  readonly passwordRequireDigit: boolean
  readonly passwordRequireSpecial: boolean
  readonly passwordExpirationEnabled: boolean
  readonly passwordExpirationDays: number
  readonly userLockEnabled: boolean
  readonly userLockMaxAttempts: number
}

export interface LdapSettings {
  readonly enabled: boolean
  readonly url: string
  readonly userDnPattern: string
  readonly searchBase: string
  readonly searchFilter: string
  readonly searchSubTree: boolean
  readonly managerDn: string
  readonly managerPassword: string
  readonly emailAttribute: string
  readonly autoCreateUsers: boolean
}

export interface CrowdSettings {
  readonly enabled: boolean
  readonly serverUrl: string
  readonly applicationName: string
  readonly applicationPassword: string
  readonly sessionValidationMinutes: number
  readonly useDefaultProxy: boolean
  readonly autoCreateUsers: boolean
}

export const DEFAULT_SECURITY_GENERAL: SecurityGeneral = {
  hideUnauthorizedResources: false,
  passwordMinLength: 8,
  passwordRequireUppercase: false,
  passwordRequireDigit: false,
  passwordRequireSpecial: false,
  passwordExpirationEnabled: false,
  passwordExpirationDays: 60,
  userLockEnabled: true,
  userLockMaxAttempts: 5,
}

export const DEFAULT_LDAP: LdapSettings = {
  enabled: false,
  url: '',
  userDnPattern: '',
  searchBase: '',
  searchFilter: '',
  searchSubTree: true,
  managerDn: '',
  managerPassword: '',
  emailAttribute: 'mail',
  autoCreateUsers: true,
}

export const DEFAULT_CROWD: CrowdSettings = {
  enabled: false,
  serverUrl: '',
  applicationName: '',
  applicationPassword: '',
  sessionValidationMinutes: 0,
  useDefaultProxy: false,
  autoCreateUsers: true,
}

export const readSecurityGeneral = (sql: Sql) =>
  readSettingOver(sql, 'securityGeneral', DEFAULT_SECURITY_GENERAL)

/** The LDAP settings as stored (the manager password with them). */
export const readLdap = (sql: Sql): Promise<LdapSettings> => readSettingOver(sql, 'ldap', DEFAULT_LDAP)

/** The password rules every password the platform sets must pass (sign-up, reset, change, admin). */
export async function passwordPolicyOf(sql: Sql): Promise<PasswordPolicy> {
  const general = await readSecurityGeneral(sql)
  return {
    minLength: general.passwordMinLength,
    requireUppercase: general.passwordRequireUppercase,
    requireDigit: general.passwordRequireDigit,
    requireSpecial: general.passwordRequireSpecial,
  }
}

function isUrl(text: string, protocols: ReadonlyArray<string>): boolean {
  try {
    const url = new URL(text)
    return protocols.includes(url.protocol) && url.hostname !== ''
  } catch {
    return false
  }
}

const int = (minimum: number, maximum: number) => ({ type: 'integer', minimum, maximum }) as const
const text = (max: number) => ({ type: 'string', maxLength: max }) as const
const bool = { type: 'boolean' } as const

const generalProperties = {
  hideUnauthorizedResources: bool,
  passwordMinLength: int(4, 64),
  passwordRequireUppercase: bool,
  passwordRequireDigit: bool,
  passwordRequireSpecial: bool,
  passwordExpirationEnabled: bool,
  passwordExpirationDays: int(1, 999),
  userLockEnabled: bool,
  userLockMaxAttempts: int(1, 100),
} as const

const ldapProperties = {
  enabled: bool,
  url: text(2048),
  userDnPattern: text(500),
  searchBase: text(500),
  searchFilter: text(500),
  searchSubTree: bool,
  managerDn: text(500),
  managerPassword: text(500),
  emailAttribute: { type: 'string', maxLength: 100, pattern: '^[A-Za-z0-9_.-]*$' },
  autoCreateUsers: bool,
} as const

const crowdProperties = {
  enabled: bool,
  serverUrl: text(2048),
  applicationName: { type: 'string', maxLength: 100, pattern: '^[A-Za-z0-9._-]*$' },
  applicationPassword: text(500),
  sessionValidationMinutes: int(0, 1440),
  useDefaultProxy: bool,
  autoCreateUsers: bool,
} as const

const answer = (properties: Record<string, unknown>, secret?: string) => {
  const publicProperties = Object.fromEntries(Object.entries(properties).filter(([k]) => k !== secret))
  const all = secret ? { ...publicProperties, [`${secret}Set`]: bool } : publicProperties
  return { type: 'object', properties: all, required: Object.keys(all) } as const
}

/** A secret-bearing document as the console sees it: whether the secret is set, never its value. */
function withoutSecret<T extends object, K extends keyof T & string>(value: T, secret: K) {
  const { [secret]: hidden, ...rest } = value
  return { ...rest, [`${secret}Set`]: hidden !== '' }
}

export function checkLdap(next: LdapSettings): void {
  if (next.url && !isUrl(next.url, ['ldap:', 'ldaps:'])) badRequest(`url: ${LDAP_URL_MESSAGE}`)
  if (!next.enabled) return
  if (!next.url) badRequest(mandatory('url'))
  if (!next.userDnPattern && !next.searchFilter)
    badRequest(mandatory('userDnPattern', ' (or give a search filter)'))
  if (next.userDnPattern && !next.userDnPattern.includes('{0}'))
    badRequest('userDnPattern: The pattern must hold {0} where the username goes')
  if (next.searchFilter && !next.searchFilter.includes('{0}'))
    badRequest('searchFilter: The filter must hold {0} where the username goes')
  if (next.managerDn && !next.managerPassword) badRequest(mandatory('managerPassword'))
}

export function checkCrowd(next: CrowdSettings): void {
  if (next.serverUrl && !isUrl(next.serverUrl, ['http:', 'https:'])) badRequest(`serverUrl: ${URL_MESSAGE}`)
  if (!next.enabled) return
  if (!next.serverUrl) badRequest(mandatory('serverUrl'))
  if (!next.applicationName) badRequest(mandatory('applicationName'))
  if (!next.applicationPassword) badRequest(mandatory('applicationPassword'))
}

export function registerSecurityRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { sql, config } = ctx
  const generalAnswer = {
    type: 'object',
    properties: { ...generalProperties, anonymousAccess: bool },
    required: [...Object.keys(generalProperties), 'anonymousAccess'],
  } as const

  app.get(
    '/ui/admin/security',
    {
      schema: {
        summary: 'General security settings (admins); anonymousAccess is read-only (ANONYMOUS_ACCESS)',
        response: { 200: generalAnswer, ...errors(401, 403) },
      },
    },
    async (request) => {
      ctx.requireAdmin(request)
      return { ...(await readSecurityGeneral(sql)), anonymousAccess: config.anonymousAccess }
    },
  )

  app.put<{ Body: Partial<SecurityGeneral> }>(
    '/ui/admin/security',
    {
      schema: {
        summary: 'Change the general security settings (admins); fields left out keep their value',
        body: { type: 'object', properties: generalProperties, additionalProperties: false },
        response: { 200: generalAnswer, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      ctx.requireAdmin(request)
      const next = { ...(await readSecurityGeneral(sql)), ...request.body }
      await writeSetting(ctx, 'securityGeneral', next)
      return { ...next, anonymousAccess: config.anonymousAccess }
    },
  )

  app.get(
    '/ui/admin/ldap',
    {
      schema: {
        summary: 'LDAP settings (admins); the manager password is never answered',
        response: { 200: answer(ldapProperties, 'managerPassword'), ...errors(401, 403) },
      },
    },
    async (request) => {
      ctx.requireAdmin(request)
      return withoutSecret(await readLdap(sql), 'managerPassword')
    },
  )

  app.put<{ Body: Partial<LdapSettings> }>(
    '/ui/admin/ldap',
    {
      schema: {
        summary: 'Change the LDAP settings (admins); an empty or absent password keeps the stored one',
        body: { type: 'object', properties: ldapProperties, additionalProperties: false },
        response: { 200: answer(ldapProperties, 'managerPassword'), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      ctx.requireAdmin(request)
      const current = await readLdap(sql)
      const { managerPassword, ...rest } = request.body
      // No manager DN, no manager password to keep.
      const next: LdapSettings = {
        ...current,
        ...rest,
        managerPassword: managerPassword || current.managerPassword,
      }
      const stored = next.managerDn ? next : { ...next, managerPassword: '' }
      checkLdap(stored)
      await writeSetting(ctx, 'ldap', stored)
      return withoutSecret(stored, 'managerPassword')
    },
  )

  app.get(
    '/ui/admin/crowd',
    {
      schema: {
        summary: 'Crowd / JIRA settings (admins); the application password is never answered',
        response: { 200: answer(crowdProperties, 'applicationPassword'), ...errors(401, 403) },
      },
    },
    async (request) => {
      ctx.requireAdmin(request)
      return withoutSecret(await readSettingOver(sql, 'crowd', DEFAULT_CROWD), 'applicationPassword')
    },
  )

  app.put<{ Body: Partial<CrowdSettings> }>(
    '/ui/admin/crowd',
    {
      schema: {
        summary:
          'Change the Crowd / JIRA settings (admins); an empty or absent password keeps the stored one',
        body: { type: 'object', properties: crowdProperties, additionalProperties: false },
        response: { 200: answer(crowdProperties, 'applicationPassword'), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      ctx.requireAdmin(request)
      const current = await readSettingOver(sql, 'crowd', DEFAULT_CROWD)
      const { applicationPassword, ...rest } = request.body
      const next: CrowdSettings = {
        ...current,
        ...rest,
        applicationPassword: applicationPassword || current.applicationPassword,
      }
      checkCrowd(next)
      await writeSetting(ctx, 'crowd', next)
      return withoutSecret(next, 'applicationPassword')
    },
  )
}
