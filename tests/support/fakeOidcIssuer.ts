/**
 * A deliberately misbehaving OpenID provider for the relying party's refusal tests: real
 * discovery, JWKS and token endpoint, with ID tokens signed by jose whose claims (nonce,
 * audience, expiry, issuer) or signing key a test sets for the next token. It records the
 * token request, so a test can check the PKCE verifier the platform sent.
 */
import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { exportJWK, generateKeyPair, SignJWT } from 'jose'

export interface NextIdToken {
  nonce: string
  audience?: string
  issuer?: string
  /** Seconds from now; negative for a token already expired. */
  expiresIn?: number
  issuedAt?: number
  /** Signs with a key the JWKS does not hold. */
  foreignKey?: boolean
  claims?: Record<string, unknown>
}

export interface FakeOidcIssuer {
  readonly issuer: string
  readonly clientId: string
  next: NextIdToken | undefined
  lastTokenRequest: URLSearchParams | undefined
  stop(): Promise<void>
}

export async function startFakeOidcIssuer(clientId: string): Promise<FakeOidcIssuer> {
  const { privateKey, publicKey } = await generateKeyPair('RS256')
  const foreign = await generateKeyPair('RS256')
  const kid = 'fake-1'
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const state: FakeOidcIssuer = {
    issuer,
    clientId,
    next: undefined,
    lastTokenRequest: undefined,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.statusCode = status
    res.setHeader('content-type', 'application/json')
    res.end(JSON.stringify(body))
  }
  server.on('request', (req, res) => {
    const path = (req.url ?? '').split('?')[0]
    if (path === '/.well-known/openid-configuration')
      return json(res, 200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        end_session_endpoint: `${issuer}/logout`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
      })
    if (path === '/jwks') return json(res, 200, { keys: [jwk] })
    if (path === '/token' && req.method === 'POST') {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        state.lastTokenRequest = new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
        const next = state.next
        if (!next) return json(res, 400, { error: 'invalid_grant' })
        state.next = undefined
        const now = Math.floor(Date.now() / 1000)
        void new SignJWT({
          nonce: next.nonce,
          preferred_username: 'carol',
          email: 'carol@idp.invalid',
          ...next.claims,
        })
          .setProtectedHeader({ alg: 'RS256', kid })
          .setIssuer(next.issuer ?? issuer)
          .setAudience(next.audience ?? clientId)
          .setSubject('carol')
          .setIssuedAt(next.issuedAt ?? now)
          .setExpirationTime(now + (next.expiresIn ?? 300))
          .sign(next.foreignKey ? foreign.privateKey : privateKey)
          .then((idToken) =>
            json(res, 200, {
              access_token: 'opaque-access',
              token_type: 'Bearer',
              expires_in: 300,
              id_token: idToken,
            }),
          )
      })
      return
    }
    json(res, 404, { error: 'not_found' })
  })
  return state
}
