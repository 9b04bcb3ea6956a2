/**
 * The OpenID Connect provider the platform signs people in through (Administration → OAuth),
 * stored as one JSON document in `settings`. The client secret is write-only: the admin API
 * answers only whether one is set.
 */
import type { Sql } from '../db/sql'
import { readSettingOver, writeSetting, type SettingsStore } from '../platform/store'

export interface OidcSettings {
  readonly enabled: boolean
  /** Shown on the login page's button. */
  readonly providerName: string
  readonly issuerUrl: string
  readonly clientId: string
  readonly clientSecret: string
  /** Space-separated; `openid` is always asked for. */
  readonly scopes: string
  readonly usernameClaim: string
  readonly emailClaim: string
  /** A claim holding a list of group names; those that name platform groups become memberships. */
  readonly groupsClaim: string
  /** Create the platform user on first sign-in; otherwise only existing SSO users may sign in. */
  readonly autoCreateUsers: boolean
  /** The login page sends people straight to this provider (`?local=true` still shows the form). */
  readonly autoRedirect: boolean
}

export type PublicOidcSettings = Omit<OidcSettings, 'clientSecret'> & { readonly clientSecretSet: boolean }

export const DEFAULT_OIDC_SETTINGS: OidcSettings = {
  enabled: false,
  providerName: 'OpenID Connect',
  issuerUrl: '',
  clientId: '',
  clientSecret: '',
  scopes: 'openid profile email groups',
  usernameClaim: 'preferred_username',
  emailClaim: 'email',
  groupsClaim: 'groups',
  autoCreateUsers: true,
  autoRedirect: false,
}

const KEY = 'oidc'

export function readOidcSettings(sql: Sql): Promise<OidcSettings> {
  return readSettingOver(sql, KEY, DEFAULT_OIDC_SETTINGS)
}

export function writeOidcSettings(store: SettingsStore, value: OidcSettings): Promise<void> {
  return writeSetting(store, KEY, value)
}

export function publicOidcSettings(settings: OidcSettings): PublicOidcSettings {
  const { clientSecret, ...rest } = settings
  return { ...rest, clientSecretSet: clientSecret !== '' }
}

/** Usable for sign-in: enabled and every field the flow needs is there. */
export function oidcReady(settings: OidcSettings): boolean {
  return settings.enabled && settings.issuerUrl !== '' && settings.clientId !== ''
}
