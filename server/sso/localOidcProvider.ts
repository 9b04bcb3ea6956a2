/**
 * A real OpenID provider on loopback (oidc-provider, a certified implementation) for trying
 * single sign-on without an outside identity provider: `IDP=oidc npm start`, and the tests.
 * It has a few users with passwords, asks for consent (which can be denied), issues signed ID
 * tokens with the users' groups, requires PKCE and offers RP-initiated logout. The client and
 * its redirect URIs are registered exactly.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider, { type Configuration } from 'oidc-provider'

export { LOCAL_IDP_USERS, type LocalIdpUser } from './localIdpUsers'
import { LOCAL_IDP_USERS, type LocalIdpUser } from './localIdpUsers'

export interface LocalOidcProviderOptions {
  readonly port?: number
  readonly clientId: string
  readonly clientSecret: string
  readonly redirectUris: readonly string[]
  readonly postLogoutRedirectUris: readonly string[]
  readonly users?: readonly LocalIdpUser[]
}

export interface LocalOidcProvider {
  readonly issuer: string
  stop(): Promise<void>
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title></head>
<body><main><h1>${escape(title)}</h1>${body}</main></body></html>`
}

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > 16_384) throw new Error('form too large')
    chunks.push(chunk as Buffer)
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
}

export async function startLocalOidcProvider(options: LocalOidcProviderOptions): Promise<LocalOidcProvider> {
  const users = options.users ?? LOCAL_IDP_USERS
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const issuer = `http://127.0.0.1:${port}`

  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' })
  const configuration: Configuration = {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [...options.redirectUris],
        post_logout_redirect_uris: [...options.postLogoutRedirectUris],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    jwks: { keys: [{ ...signingKey, kid: randomBytes(8).toString('hex'), use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: {
      openid: ['sub'],
      profile: ['preferred_username', 'name'],
      email: ['email'],
      groups: ['groups'],
    },
    // The platform reads the identity from the ID token alone, not from the userinfo endpoint.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, id) => {
      const user = users.find((u) => u.username === id)
      if (!user) return undefined
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          preferred_username: user.username,
          name: user.username,
          email: user.email,
          groups: [...user.groups],
        }),
      }
    },
  }
  const provider = new Provider(issuer, configuration)
  const handle = provider.callback()

  const interaction = async (req: IncomingMessage, res: ServerResponse, uid: string, action: string) => {
    const details = await provider.interactionDetails(req, res)
    if (details.uid !== uid) throw new Error('interaction mismatch')
    const action$ = `/interaction/${escape(uid)}`
    if (req.method === 'GET' && action === '') {
      res.setHeader('content-type', 'text/html; charset=utf-8')
      if (details.prompt.name === 'login') {
        res.end(loginPage(action$, ''))
      } else {
        res.end(
          page(
            'Authorize the platform',
            `<p>The platform asks for your profile, email address and groups.</p>
<form method="post" action="${action$}/confirm"><button type="submit">Allow</button></form>
<form method="post" action="${action$}/abort"><button type="submit">Deny</button></form>`,
          ),
        )
      }
      return
    }
    if (req.method !== 'POST') throw new Error('method not allowed')
    if (action === '/login') {
      const form = await formBody(req)
      const user = users.find((u) => u.username === form.get('username'))
      if (!user || user.password !== form.get('password')) {
        res.statusCode = 401
        res.setHeader('content-type', 'text/html; charset=utf-8')
        res.end(loginPage(action$, 'Wrong user name or password'))
        return
      }
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: user.username } },
        {
          mergeWithLastSubmission: false,
        },
      )
      return
    }
    if (action === '/confirm') {
      const { prompt, params, session, grantId } = details
      const grant = grantId
        ? await provider.Grant.find(grantId)
        : new provider.Grant({ accountId: session?.accountId, clientId: String(params.client_id) })
      if (!grant) throw new Error('grant not found')
      const missing = prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] }
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '))
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims)
      await provider.interactionFinished(
        req,
        res,
        { consent: { grantId: await grant.save() } },
        {
          mergeWithLastSubmission: true,
        },
      )
      return
    }
    if (action === '/abort') {
      await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The user denied the request' },
        { mergeWithLastSubmission: false },
      )
      return
    }
    throw new Error('no such interaction step')
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/'
    const match = /^\/interaction\/([A-Za-z0-9_-]+)(\/login|\/confirm|\/abort)?$/.exec(path)
    if (!match) {
      void handle(req, res)
      return
    }
    interaction(req, res, match[1] ?? '', match[2] ?? '').catch(() => {
      if (res.headersSent) return res.end()
      res.statusCode = 400
      res.setHeader('content-type', 'text/html; charset=utf-8')
      res.end(
        page(
          'Sign-in failed',
          '<p>This sign-in request is no longer valid. Start again from the platform.</p>',
        ),
      )
    })
  })

  return {
    issuer,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

function loginPage(action: string, error: string): string {
  return page(
    'Sign in to the local identity provider',
    `${error ? `<p role="alert">${escape(error)}</p>` : ''}
<form method="post" action="${action}/login">
<p><label>User name <input name="username" autocomplete="username" required></label></p>
<p><label>Password <input name="password" type="password" autocomplete="current-password" required></label></p>
<p><button type="submit">Sign in</button></p>
</form>
<form method="post" action="${action}/abort"><button type="submit">Cancel</button></form>`,
  )
}
