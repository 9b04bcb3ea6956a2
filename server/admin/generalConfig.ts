/**
 * The instance's general configuration (server name, base URL, login page settings, SAML and
 * OAuth providers), stored as one JSON document in `settings`. Defaults come from the server
 * configuration; an admin changes it through `PUT /ui/admin/generalConfig`.
 */
import type { ServerConfig } from '../config'
import type { Sql } from '../db/sql'
import { readSetting, writeSetting, type SettingsStore } from '../platform/store'

export interface OAuthProvider {
  readonly name: string
  readonly type: string
  readonly url: string
}

export interface GeneralConfig {
  readonly serverName: string
  /** Empty: links use this server's own address. */
  readonly baseUrl: string
  readonly customMessage: string
  readonly allowUserRegistration: boolean
  readonly forgotPasswordEnabled: boolean
  readonly rememberMeEnabled: boolean
  readonly passwordAutocompleteEnabled: boolean
  readonly userPluginsEnabled: boolean
  readonly loginDialog: { readonly content: string; readonly permanent: boolean }
  readonly saml: {
    readonly enabled: boolean
    readonly providerName: string
    readonly loginUrl: string
    readonly logoutUrl: string
    readonly registrationId: string
    readonly autoRedirect: boolean
    /** Only SSO login is offered (the console's external login view). */
    readonly loginIsExternal: boolean
  }
  readonly oauthProviders: readonly OAuthProvider[]
  readonly oauthProvidersHidden: boolean
  /** Read-only mode: nothing that changes the content (deploy, publish, repositories) is allowed. */
  readonly readOnlyMode: boolean
  /** A logo at an address of the admin's choosing (empty: none); an uploaded logo goes first. */
  readonly logoUrl: string
  /** Where `/user/my-jfrog-redirect` sends users: the account portal (empty: none is set). */
  readonly accountPortalUrl: string
}

export const DEFAULT_SAML_PROVIDER_NAME = 'SAML SSO'

export function defaultGeneralConfig(config: ServerConfig): GeneralConfig {
  return {
    serverName: config.serverName,
    baseUrl: '',
    customMessage: '',
    allowUserRegistration: false,
    forgotPasswordEnabled: true,
    rememberMeEnabled: true,
    passwordAutocompleteEnabled: true,
    userPluginsEnabled: true,
    loginDialog: { content: '', permanent: false },
    saml: {
      enabled: false,
      providerName: DEFAULT_SAML_PROVIDER_NAME,
      loginUrl: '',
      logoutUrl: '',
      registrationId: '',
      autoRedirect: false,
      loginIsExternal: false,
    },
    oauthProviders: [],
    oauthProvidersHidden: false,
    readOnlyMode: false,
    logoUrl: '',
    accountPortalUrl: '',
  }
}

const KEY = 'generalConfig'

export async function readGeneralConfig(sql: Sql, config: ServerConfig): Promise<GeneralConfig> {
  return over(
    defaultGeneralConfig(config),
    await readSetting<Partial<GeneralConfig> | undefined>(sql, KEY, undefined),
  )
}

function over(defaults: GeneralConfig, stored: Partial<GeneralConfig> | undefined): GeneralConfig {
  if (!stored) return defaults
  // Stored documents may predate newer fields: defaults fill them in.
  return {
    ...defaults,
    ...stored,
    loginDialog: { ...defaults.loginDialog, ...stored.loginDialog },
    saml: { ...defaults.saml, ...stored.saml },
  }
}

export function writeGeneralConfig(store: SettingsStore, value: GeneralConfig): Promise<void> {
  return writeSetting(store, KEY, value)
}
