/**
 * The platform as a SAML 2.0 service provider, through `@node-saml/node-saml`: AuthnRequests
 * (HTTP-Redirect or HTTP-POST), the assertion consumer (signature against the IdP's
 * certificate, audience, time conditions, InResponseTo of a request this platform issued and
 * not answered yet), single logout, and the SP metadata.
 */
import {
  SAML,
  SamlStatusError,
  ValidateInResponseTo,
  type CacheProvider,
  type Profile,
} from '@node-saml/node-saml'
import { generateServiceProviderMetadata } from '@node-saml/node-saml'
import type { Sql } from '../db/sql'
import { isoNow, type Clock } from '../clock'
import { ssoStore } from './store'
import { PENDING_SIGN_IN_MS } from './pendingSignIns'
import { ssoPath } from './origin'
import type { SamlSettings } from './samlSettings'

export const samlAcsPath = () => ssoPath('/saml/acs')
export const samlSloPath = () => ssoPath('/saml/slo')
export const samlMetadataPath = () => ssoPath('/saml/metadata')
export const samlStartPath = () => ssoPath('/saml/start')
export const samlLogoutPath = () => ssoPath('/saml/logout')

const NAME_ID_UNSPECIFIED = 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified'
/** Clocks of the IdP and the platform may differ a little; not more. */
const CLOCK_SKEW_MS = 60_000

export const spEntityIdOf = (settings: SamlSettings, origin: string) =>
  settings.spEntityId || origin + samlMetadataPath()

/**
 * Request ids issued to the IdP, kept in SQLite so every cluster node accepts the answer and a
 * restart does not lose sign-ins in flight. node-saml removes an id once it is answered.
 */
function requestStore(sql: Sql, clock: Clock): CacheProvider {
  const store = ssoStore(sql)
  return {
    async saveAsync(key, value) {
      const now = clock.now()
      await store.saveSamlRequest(
        key,
        value,
        new Date(now).toISOString(),
        new Date(now + PENDING_SIGN_IN_MS).toISOString(),
      )
      return { value, createdAt: now }
    },
    async getAsync(key) {
      return (await store.samlRequestCreated(key, isoNow(clock))) ?? null
    },
    async removeAsync(key) {
      if (key === null) return null
      return (await store.removeSamlRequest(key)) ?? null
    },
  }
}

export function serviceProvider(
  { sql, clock }: { readonly sql: Sql; readonly clock: Clock },
  settings: SamlSettings,
  origin: string,
): SAML {
  const entityId = spEntityIdOf(settings, origin)
  return new SAML({
    entryPoint: settings.idpSsoUrl,
    issuer: entityId,
    audience: entityId,
    callbackUrl: origin + samlAcsPath(),
    logoutUrl: settings.idpSloUrl || settings.idpSsoUrl,
    logoutCallbackUrl: origin + samlSloPath(),
    idpCert: settings.idpCertificate,
    ...(settings.idpIssuer ? { idpIssuer: settings.idpIssuer } : {}),
    // The assertion must carry the IdP's signature; many IdPs sign only the assertion.
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: PENDING_SIGN_IN_MS,
    cacheProvider: requestStore(sql, clock),
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    identifierFormat: NAME_ID_UNSPECIFIED,
    disableRequestedAuthnContext: true,
    ...(settings.binding === 'post'
      ? { authnRequestBinding: 'HTTP-POST', skipRequestCompression: true }
      : { authnRequestBinding: 'HTTP-Redirect' }),
  })
}

export function serviceProviderMetadata(settings: SamlSettings, origin: string): string {
  return generateServiceProviderMetadata({
    issuer: spEntityIdOf(settings, origin),
    callbackUrl: origin + samlAcsPath(),
    logoutCallbackUrl: origin + samlSloPath(),
    identifierFormat: NAME_ID_UNSPECIFIED,
    wantAssertionsSigned: true,
  })
}

export type SamlFailure =
  'denied' | 'state' | 'replayed' | 'audience' | 'expired' | 'signature' | 'issuer' | 'provider'

/** Why node-saml refused an answer, as a code the login page explains. */
export function classifySamlError(error: unknown): SamlFailure {
  if (error instanceof SamlStatusError) return 'denied'
  const message = error instanceof Error ? error.message : ''
  if (/signature/i.test(message)) return 'signature'
  if (/audience/i.test(message)) return 'audience'
  if (/expired|not yet valid|no valid subject confirmation/i.test(message)) return 'expired'
  if (/InResponseTo/i.test(message)) return 'state'
  if (/issuer/i.test(message)) return 'issuer'
  return 'provider'
}

/** The assertion's ID and when it stops being valid, from the verified assertion. */
export function assertionIdentity(
  profile: Profile,
  nowMs: number,
): { readonly id: string; readonly notOnOrAfter: string } | undefined {
  const xml = profile.getAssertionXml?.() ?? ''
  const root = /<(?:[A-Za-z0-9_-]+:)?Assertion\b[^>]*>/.exec(xml)?.[0] ?? ''
  const id = /\sID="([^"]+)"/.exec(root)?.[1]
  if (!id) return undefined
  const conditions = /<(?:[A-Za-z0-9_-]+:)?Conditions\b[^>]*\sNotOnOrAfter="([^"]+)"/.exec(xml)?.[1]
  const until = conditions && !Number.isNaN(Date.parse(conditions)) ? Date.parse(conditions) : nowMs
  // Kept at least as long as node-saml would accept the assertion (its clock skew included).
  return { id, notOnOrAfter: new Date(Math.max(until, nowMs) + CLOCK_SKEW_MS).toISOString() }
}

/**
 * An assertion is used once: its ID is recorded until it expires, and a second use is refused
 * even inside a new, validly answered request.
 */
export function recordAssertion(
  { sql, clock }: { readonly sql: Sql; readonly clock: Clock },
  assertion: { readonly id: string; readonly notOnOrAfter: string },
): Promise<boolean> {
  return ssoStore(sql).recordAssertion(assertion.id, assertion.notOnOrAfter, isoNow(clock))
}

/** A profile value as text (attributes arrive as a string or a list of them). */
export function attributeText(profile: Profile, name: string): string {
  const value = profile[name]
  if (typeof value === 'string') return value
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0]
  return ''
}

export function attributeList(profile: Profile, name: string): readonly string[] | undefined {
  const value = profile[name]
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string')
  return undefined
}
