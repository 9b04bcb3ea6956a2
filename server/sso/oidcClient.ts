/**
 * The platform as an OpenID Connect relying party, through openid-client: discovery (cached
 * per issuer and client), the authorization URL with PKCE, state and nonce, the code exchange
 * with the ID token's checks (issuer, audience, expiry, nonce, signature from the provider's
 * JWKS), and the end-session URL. Failures become short codes the login page explains; the
 * provider's tokens never leave this module except as the verified claims.
 */
import * as client from 'openid-client'
import type { OidcSettings } from './oidcSettings'

const DISCOVERY_TIMEOUT_S = 10
const cache = new Map<string, Promise<client.Configuration>>()

/**
 * Plain http only to a provider on this machine (the local provider of `IDP=oidc npm start`).
 * The ID token's signature is always checked against the provider's JWKS, even though it came
 * straight from the token endpoint (openid-client would otherwise trust the channel).
 */
function discoveryOptions(issuer: URL): client.DiscoveryRequestOptions {
  const insecure = issuer.protocol === 'http:'
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname)
  if (insecure && !loopback) throw new Error('The issuer URL must use https (http only on this machine)')
  return {
    timeout: DISCOVERY_TIMEOUT_S,
    execute: [client.enableNonRepudiationChecks, ...(insecure ? [client.allowInsecureRequests] : [])],
  }
}

export async function discover(
  settings: Pick<OidcSettings, 'issuerUrl' | 'clientId' | 'clientSecret'>,
): Promise<client.Configuration> {
  const key = JSON.stringify([settings.issuerUrl, settings.clientId, settings.clientSecret])
  const cached = cache.get(key)
  if (cached) return cached
  const issuer = new URL(settings.issuerUrl)
  const found = client.discovery(
    issuer,
    settings.clientId,
    settings.clientSecret || undefined,
    settings.clientSecret ? client.ClientSecretBasic(settings.clientSecret) : client.None(),
    discoveryOptions(issuer),
  )
  cache.set(key, found)
  // A failed discovery is not remembered: the provider may be back on the next try.
  found.catch(() => cache.delete(key))
  return found
}

export interface AuthorizationStart {
  readonly url: URL
  readonly state: string
  readonly nonce: string
  readonly codeVerifier: string
}

export async function authorizationStart(
  settings: OidcSettings,
  redirectUri: string,
): Promise<AuthorizationStart> {
  const config = await discover(settings)
  const codeVerifier = client.randomPKCECodeVerifier()
  const state = client.randomState()
  const nonce = client.randomNonce()
  const scopes = new Set(['openid', ...settings.scopes.split(/\s+/).filter(Boolean)])
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: [...scopes].join(' '),
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  })
  return { url, state, nonce, codeVerifier }
}

export type OidcFailure =
  'denied' | 'state' | 'nonce' | 'audience' | 'issuer' | 'expired' | 'signature' | 'provider'

/** The ID token's verified claims, or why the answer was refused. */
export async function completeAuthorization(
  settings: OidcSettings,
  callbackUrl: URL,
  expected: { readonly state: string; readonly nonce: string; readonly codeVerifier: string },
): Promise<{ readonly claims: Readonly<Record<string, unknown>> } | { readonly failure: OidcFailure }> {
  try {
    const config = await discover(settings)
    const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: expected.codeVerifier,
      expectedState: expected.state,
      expectedNonce: expected.nonce,
      idTokenExpected: true,
    })
    const claims = tokens.claims()
    if (!claims) return { failure: 'provider' }
    return { claims: { ...claims } }
  } catch (error) {
    return { failure: classify(error) }
  }
}

function classify(error: unknown): OidcFailure {
  if (error instanceof client.AuthorizationResponseError)
    return error.error === 'access_denied' ? 'denied' : 'provider'
  if (!(error instanceof Error)) return 'provider'
  // openid-client wraps the failed check (oauth4webapi's error, whose cause names the claim).
  const inner = error.cause instanceof Error ? error.cause : error
  const code = (error as { code?: unknown }).code
  const detail = inner.cause
  const claim =
    typeof detail === 'object' && detail !== null ? (detail as { claim?: unknown }).claim : undefined
  if (/"state"/.test(inner.message)) return 'state'
  if (code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED') return 'expired'
  if (code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED') {
    if (claim === 'nonce') return 'nonce'
    if (claim === 'aud' || claim === 'azp') return 'audience'
    if (claim === 'iss') return 'issuer'
  }
  if (/signature/i.test(inner.message) || code === 'OAUTH_KEY_SELECTION_FAILED') return 'signature'
  return 'provider'
}

export async function endSessionUrl(
  settings: OidcSettings,
  postLogoutRedirectUri: string,
): Promise<URL | undefined> {
  const config = await discover(settings)
  if (!config.serverMetadata().end_session_endpoint) return undefined
  return client.buildEndSessionUrl(config, {
    client_id: settings.clientId,
    post_logout_redirect_uri: postLogoutRedirectUri,
  })
}

/** "Test connection": the discovery document's essentials, fetched fresh. */
export async function testDiscovery(issuerUrl: string): Promise<{
  readonly issuer: string
  readonly authorizationEndpoint: string
  readonly tokenEndpoint: string
  readonly jwksUri: string
  readonly endSessionEndpoint: string
}> {
  const issuer = new URL(issuerUrl)
  const config = await client.discovery(
    issuer,
    'connection-test',
    undefined,
    client.None(),
    discoveryOptions(issuer),
  )
  const meta = config.serverMetadata()
  return {
    issuer: meta.issuer,
    authorizationEndpoint: meta.authorization_endpoint ?? '',
    tokenEndpoint: meta.token_endpoint ?? '',
    jwksUri: meta.jwks_uri ?? '',
    endSessionEndpoint: meta.end_session_endpoint ?? '',
  }
}
