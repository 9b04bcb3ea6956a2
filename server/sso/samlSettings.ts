/**
 * The SAML 2.0 identity provider the platform signs people in through (Administration →
 * Security → SAML), stored as one JSON document in `settings`. The IdP's certificate is public
 * (it only verifies signatures), so the admin API answers it.
 */
import { X509Certificate } from 'node:crypto'
import type { Sql } from '../db/sql'
import { DEFAULT_SAML_PROVIDER_NAME } from '../admin/generalConfig'
import { readSettingOver, writeSetting, type SettingsStore } from '../platform/store'

export type SamlBinding = 'redirect' | 'post'

export interface SamlSettings {
  readonly enabled: boolean
  /** Shown on the login page's button. */
  readonly providerName: string
  /** The IdP's single sign-on address (where the AuthnRequest goes). */
  readonly idpSsoUrl: string
  /** The IdP's single logout address; empty: signing out ends the platform session only. */
  readonly idpSloUrl: string
  /** The IdP's entity id; when set, answers from another issuer are refused. */
  readonly idpIssuer: string
  /** PEM X.509 certificate whose key signs the IdP's assertions. */
  readonly idpCertificate: string
  /** This platform's entity id (the audience assertions must name); empty: the metadata address. */
  readonly spEntityId: string
  /** How the AuthnRequest reaches the IdP: HTTP-Redirect or HTTP-POST. */
  readonly binding: SamlBinding
  /** The attribute holding the user name; empty: the NameID. */
  readonly usernameAttribute: string
  readonly emailAttribute: string
  /** An attribute listing group names; those naming platform groups become memberships. */
  readonly groupsAttribute: string
  /** Create the platform user on first sign-in; otherwise only existing SAML users may sign in. */
  readonly autoCreateUsers: boolean
  /** The login page sends people straight to the IdP (`?local=true` still shows the form). */
  readonly autoRedirect: boolean
  /** The login page offers SAML only (the console's external login view). */
  readonly loginIsExternal: boolean
}

export const DEFAULT_SAML_SETTINGS: SamlSettings = {
  enabled: false,
  providerName: DEFAULT_SAML_PROVIDER_NAME,
  idpSsoUrl: '',
  idpSloUrl: '',
  idpIssuer: '',
  idpCertificate: '',
  spEntityId: '',
  binding: 'redirect',
  usernameAttribute: '',
  emailAttribute: 'email',
  groupsAttribute: 'groups',
  autoCreateUsers: true,
  autoRedirect: false,
  loginIsExternal: false,
}

const KEY = 'saml'

export function readSamlSettings(sql: Sql): Promise<SamlSettings> {
  return readSettingOver(sql, KEY, DEFAULT_SAML_SETTINGS)
}

export function writeSamlSettings(store: SettingsStore, value: SamlSettings): Promise<void> {
  return writeSetting(store, KEY, value)
}

/** Usable for sign-in: enabled, with the IdP's address and certificate. */
export function samlReady(settings: SamlSettings): boolean {
  return settings.enabled && settings.idpSsoUrl !== '' && settings.idpCertificate !== ''
}

export interface CertificateInfo {
  readonly subject: string
  readonly validTo: string
  readonly fingerprint256: string
}

/** The certificate's subject, expiry and fingerprint, or undefined when it is not a PEM X.509 certificate. */
export function certificateInfo(pem: string): CertificateInfo | undefined {
  if (!/-----BEGIN CERTIFICATE-----/.test(pem)) return undefined
  try {
    const cert = new X509Certificate(pem)
    return {
      subject: cert.subject.replace(/\n/g, ', '),
      validTo: new Date(cert.validTo).toISOString(),
      fingerprint256: cert.fingerprint256,
    }
  } catch {
    return undefined
  }
}
