/**
 * OpenID Connect sign-in (start, callback, logout) and its admin settings (Administration →
 * OAuth). The browser only ever carries the binding cookie and the provider's one-time code;
 * tokens stay on the server and are dropped once the ID token's claims are checked.
 */
import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../context'
import { errors } from '../auth/schemas'
import { mandatory } from '../auth/validation'
import { signIn } from '../auth/signIn'
import { endSession, pruneSessions } from '../auth/sessions'
import { badRequest } from '../admin/common'
import { authorizationStart, completeAuthorization, endSessionUrl, testDiscovery } from './oidcClient'
import {
  oidcReady,
  publicOidcSettings,
  readOidcSettings,
  writeOidcSettings,
  type OidcSettings,
} from './oidcSettings'
import { LOGIN_PAGE, oidcCallbackPath, loginWithError, postLoginTarget, publicOrigin } from './origin'
import { startPendingSignIn, takePendingSignIn } from './pendingSignIns'
import { ssoUser } from './ssoUsers'

const claimName = { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_:./-]+$' } as const
const settingsProperties = {
  enabled: { type: 'boolean' },
  providerName: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9._ -]+$' },
  issuerUrl: { type: 'string', maxLength: 2048, pattern: '^(https?://[^\\s<>"]+)?$' },
  clientId: { type: 'string', maxLength: 200 },
  clientSecret: { type: 'string', maxLength: 500 },
  scopes: { type: 'string', maxLength: 500, pattern: '^[A-Za-z0-9_:./ -]*$' },
  usernameClaim: claimName,
  emailClaim: claimName,
  groupsClaim: { ...claimName, minLength: 0 },
  autoCreateUsers: { type: 'boolean' },
  autoRedirect: { type: 'boolean' },
} as const
const { clientSecret: _secret, ...publicProperties } = settingsProperties
const publicSettingsSchema = {
  type: 'object',
  properties: { ...publicProperties, clientSecretSet: { type: 'boolean' } },
  required: [...Object.keys(publicProperties), 'clientSecretSet'],
} as const

const str = (value: unknown): string => (typeof value === 'string' ? value : '')

export function registerOidcRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get<{ Querystring: { redirectTo?: string } }>(
    '/ui/auth/sso/oidc/start',
    {
      schema: {
        summary: 'Starts an OpenID Connect sign-in: redirects the browser to the provider',
        querystring: {
          type: 'object',
          properties: { redirectTo: { type: 'string', maxLength: 2048 } },
          additionalProperties: false,
        },
        response: { 302: { type: 'null' } },
      },
    },
    async (request, reply) => {
      const settings = await readOidcSettings(ctx.sql)
      if (!oidcReady(settings)) return reply.redirect(loginWithError('not_configured'))
      const redirectUri = (await publicOrigin(ctx, request)) + oidcCallbackPath()
      let start
      try {
        start = await authorizationStart(settings, redirectUri)
      } catch {
        return reply.redirect(loginWithError('unavailable'))
      }
      await startPendingSignIn(ctx, request, reply, {
        kind: 'oidc',
        state: start.state,
        nonce: start.nonce,
        codeVerifier: start.codeVerifier,
        redirectTo: postLoginTarget(request.query.redirectTo),
      })
      return reply.redirect(start.url.href)
    },
  )

  app.get(
    '/ui/auth/sso/oidc/callback',
    {
      schema: {
        summary: "The provider's answer: signs the user in and redirects to the console",
        response: { 302: { type: 'null' } },
      },
    },
    async (request, reply) => {
      const settings = await readOidcSettings(ctx.sql)
      const pending = await takePendingSignIn(ctx, request, reply, 'oidc')
      if (!pending) return reply.redirect(loginWithError('state'))
      if (!oidcReady(settings)) return reply.redirect(loginWithError('not_configured'))
      const origin = await publicOrigin(ctx, request)
      const answer = await completeAuthorization(settings, new URL(request.url, origin), pending)
      if ('failure' in answer) {
        request.log.warn({ sso: 'oidc', failure: answer.failure }, 'OpenID Connect sign-in refused')
        return reply.redirect(loginWithError(answer.failure))
      }
      const claims = answer.claims
      const groupsClaim = settings.groupsClaim ? claims[settings.groupsClaim] : undefined
      const user = await ssoUser(
        ctx,
        {
          realm: 'oauth',
          provider: settings.providerName,
          name: str(claims[settings.usernameClaim]),
          email: str(claims[settings.emailClaim]),
          groups: Array.isArray(groupsClaim)
            ? groupsClaim.filter((g): g is string => typeof g === 'string')
            : undefined,
        },
        { autoCreate: settings.autoCreateUsers },
      )
      if (typeof user === 'string') return reply.redirect(loginWithError(user))
      await pruneSessions(ctx)
      await signIn(ctx, request, reply, user, false)
      return reply.redirect(pending.redirectTo)
    },
  )

  app.get(
    '/ui/auth/sso/oidc/logout',
    {
      schema: {
        summary: 'Signs out here, then at the provider (its end-session endpoint), back to the login page',
        response: { 302: { type: 'null' } },
      },
    },
    async (request, reply) => {
      await endSession(ctx, request, reply)
      const settings = await readOidcSettings(ctx.sql)
      const back = (await publicOrigin(ctx, request)) + LOGIN_PAGE
      if (!oidcReady(settings)) return reply.redirect(LOGIN_PAGE)
      try {
        const url = await endSessionUrl(settings, back)
        return reply.redirect(url ? url.href : LOGIN_PAGE)
      } catch {
        return reply.redirect(LOGIN_PAGE)
      }
    },
  )

  app.get(
    '/ui/admin/oidc',
    {
      schema: {
        summary: 'The OpenID Connect provider settings (admins); the client secret is never answered',
        response: { 200: publicSettingsSchema, ...errors(401, 403) },
      },
    },
    async (request) => {
      ctx.requireAdmin(request)
      return publicOidcSettings(await readOidcSettings(ctx.sql))
    },
  )

  app.put<{ Body: Partial<OidcSettings> }>(
    '/ui/admin/oidc',
    {
      schema: {
        summary:
          'Change the OpenID Connect provider settings (admins); an empty or absent secret keeps the stored one',
        body: { type: 'object', properties: settingsProperties, additionalProperties: false },
        response: { 200: publicSettingsSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      ctx.requireAdmin(request)
      const current = await readOidcSettings(ctx.sql)
      const { clientSecret, ...rest } = request.body
      const next: OidcSettings = { ...current, ...rest, clientSecret: clientSecret || current.clientSecret }
      if (next.enabled && !next.issuerUrl) badRequest(mandatory('issuerUrl', ' when the provider is enabled'))
      if (next.enabled && !next.clientId) badRequest(mandatory('clientId', ' when the provider is enabled'))
      await writeOidcSettings(ctx, next)
      return publicOidcSettings(next)
    },
  )

  app.post<{ Body: { issuerUrl: string } }>(
    '/ui/admin/oidc/test',
    {
      schema: {
        summary: "Test connection: fetches the provider's discovery document (admins)",
        body: {
          type: 'object',
          properties: { issuerUrl: { ...settingsProperties.issuerUrl, minLength: 1 } },
          required: ['issuerUrl'],
          additionalProperties: false,
        },
        response: {
          200: {
            type: 'object',
            properties: {
              issuer: { type: 'string' },
              authorizationEndpoint: { type: 'string' },
              tokenEndpoint: { type: 'string' },
              jwksUri: { type: 'string' },
              endSessionEndpoint: { type: 'string' },
            },
            required: ['issuer', 'authorizationEndpoint', 'tokenEndpoint', 'jwksUri', 'endSessionEndpoint'],
          },
          ...errors(400, 401, 403),
        },
      },
    },
    async (request) => {
      ctx.requireAdmin(request)
      try {
        return await testDiscovery(request.body.issuerUrl)
      } catch (error) {
        const why = error instanceof Error ? error.message : 'unknown error'
        return badRequest(`issuerUrl: The discovery document could not be fetched (${why.slice(0, 200)})`)
      }
    },
  )
}
