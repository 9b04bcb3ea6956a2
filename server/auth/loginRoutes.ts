/**
 * Login, logout, the current user and the data the login page needs.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ServerContext } from '../context'
import { HttpError } from '../context'
import { readGeneralConfig } from '../admin/generalConfig'
import { readCrowd, readHttpSso } from '../sso/directoryLogins'
import { oidcReady, readOidcSettings } from '../sso/oidcSettings'
import { oidcStartPath, publicOrigin } from '../sso/origin'
import { samlLoginOptions } from '../sso/samlLogin'
import { ACCESS_API, accessErrors, inAccessShape } from './accessShape'
import { verifyPassword } from './passwords'
import { createRateLimiter, type RateLimiter } from './rateLimit'
import { errors, passwordSchema, userDataSchema } from './schemas'
import { endSession, findSession, pruneSessions } from './sessions'
import { loginKey, signIn } from './signIn'
import { anonymousUserData, findUserById, findUserByName, userData } from './users'

/** The access service's sign-in (spec 000 section 7: "POST access login (username, password, remember-me)"). */
export const ACCESS_LOGIN_PATH = `${ACCESS_API}/login`

/** Failed logins one client address may make across all accounts, as a multiple of the per-account limit. */
export const ADDRESS_LIMIT_FACTOR = 10

export function registerLoginRoutes(app: FastifyInstance, ctx: ServerContext, limiter: RateLimiter): void {
  const { config } = ctx
  // Password spraying (one guess for many accounts) is bounded per address as well.
  const addressLimiter = createRateLimiter(ctx, {
    max: config.rateLimit.max * ADDRESS_LIMIT_FACTOR,
    windowMs: config.rateLimit.windowMs,
  })

  /** A sign-in by name and password, whichever of the two login calls carries it. */
  async function passwordLogin(
    request: FastifyRequest,
    reply: FastifyReply,
    name: string,
    password: string,
    rememberAsked: boolean,
  ) {
    const key = loginKey(request, name)
    const addressKey = `login-address:${request.ip}`
    // Taken before the password is checked, so parallel guesses cannot slip past the count.
    await limiter.take(key, reply)
    try {
      await addressLimiter.take(addressKey, reply)
    } catch (refused) {
      await limiter.refund(key)
      throw refused
    }
    const user = await findUserByName(ctx.sql, name)
    const ok = await verifyPassword(password, user?.password_hash)
    if (!user || !ok) throw new HttpError(401, 'Wrong username or password', 'BAD_CREDENTIALS')
    await limiter.refund(key)
    await addressLimiter.refund(addressKey)
    if (user.credentials_expired === 1)
      throw new HttpError(403, 'Your credentials have expired: change your password', 'CREDENTIALS_EXPIRED')
    if (user.password_expired === 1)
      throw new HttpError(403, 'Your password has expired: change it to sign in', 'PASSWORD_EXPIRED')
    const remember = rememberAsked && (await readGeneralConfig(ctx.sql, ctx.config)).rememberMeEnabled
    await pruneSessions(ctx)
    return signIn(ctx, request, reply, user, remember)
  }

  app.post<{
    Body: { user: string; password: string; type: 'login' }
    Querystring: { _spring_security_remember_me?: boolean }
  }>(
    '/ui/auth/login',
    {
      schema: {
        summary: 'Sign in with username and password',
        querystring: {
          type: 'object',
          properties: { _spring_security_remember_me: { type: 'boolean' } },
          additionalProperties: false,
        },
        body: {
          type: 'object',
          properties: {
            user: { type: 'string', minLength: 1, maxLength: 254 },
            password: passwordSchema,
            type: { type: 'string', enum: ['login'] },
          },
          required: ['user', 'password', 'type'],
          additionalProperties: false,
        },
        response: { 200: userDataSchema, ...errors(400, 401, 403, 429) },
      },
    },
    async (request, reply) =>
      passwordLogin(
        request,
        reply,
        request.body.user,
        request.body.password,
        request.query._spring_security_remember_me === true,
      ),
  )

  app.post<{ Body: { username: string; password: string; 'remember-me'?: boolean } }>(
    ACCESS_LOGIN_PATH,
    {
      schema: {
        summary:
          "The access service's sign-in: the platform login's checks, its failures as `errors: [{code, message}]`",
        body: {
          type: 'object',
          properties: {
            username: { type: 'string', minLength: 1, maxLength: 254 },
            password: passwordSchema,
            'remember-me': { type: 'boolean' },
          },
          required: ['username', 'password'],
          additionalProperties: false,
        },
        response: { 200: userDataSchema, ...accessErrors(400, 401, 403, 429) },
      },
    },
    async (request, reply) =>
      inAccessShape(reply, () =>
        passwordLogin(
          request,
          reply,
          request.body.username,
          request.body.password,
          request.body['remember-me'] === true,
        ),
      ),
  )

  app.post(
    '/ui/auth/logout',
    {
      schema: {
        summary: 'Sign out (ends the session, clears the cookie)',
        response: { 204: { type: 'null' } },
      },
    },
    async (request, reply) => {
      await endSession(ctx, request, reply)
      return reply.status(204).send()
    },
  )

  app.get(
    '/ui/auth/current',
    { schema: { summary: 'The signed-in user, or the anonymous user', response: { 200: userDataSchema } } },
    async (request) => {
      const session = await findSession(ctx, request)
      const user = session?.stage === 'full' ? await findUserById(ctx.sql, session.user_id) : undefined
      return user ? userData(ctx, user) : anonymousUserData(config)
    },
  )

  const loginRelatedData = {
    schema: {
      summary: 'What the login page offers',
      response: {
        200: {
          type: 'object',
          properties: {
            forgotPassword: { type: 'boolean' },
            canRememberMe: { type: 'boolean' },
            passwordAutocompleteEnabled: { type: 'boolean' },
            anonAccessEnabled: { type: 'boolean' },
            userRegistration: { type: 'boolean' },
            ssoProviderLink: { type: 'string' },
            samlAuthenticationData: {
              type: 'object',
              properties: { providerName: { type: 'string' }, url: { type: 'string' } },
              required: ['providerName', 'url'],
            },
          },
          required: ['forgotPassword', 'canRememberMe', 'passwordAutocompleteEnabled', 'anonAccessEnabled'],
        },
      },
    },
  }
  const loginRelatedHandler = async (request: FastifyRequest) => {
    const general = await readGeneralConfig(ctx.sql, ctx.config)
    const saml = await samlLoginOptions(ctx, request)
    const oidc = await readOidcSettings(ctx.sql)
    const oidcAutoRedirect = !saml.enabled && oidcReady(oidc) && oidc.autoRedirect
    return {
      forgotPassword: general.forgotPasswordEnabled,
      canRememberMe: general.rememberMeEnabled,
      passwordAutocompleteEnabled: general.passwordAutocompleteEnabled,
      // The console's guards need it: anonymous visitors go to login unless this is on.
      anonAccessEnabled: config.anonymousAccess,
      // The login page offers the registration screen only where people may register.
      userRegistration: general.allowUserRegistration,
      ...(saml.enabled
        ? {
            ssoProviderLink: saml.loginUrl,
            samlAuthenticationData: { providerName: saml.providerName, url: saml.loginUrl },
          }
        : oidcAutoRedirect
          ? // Where the login page's auto-redirect sends the browser.
            { ssoProviderLink: (await publicOrigin(ctx, request)) + oidcStartPath() }
          : {}),
    }
  }
  app.get('/ui/auth/loginRelatedData', loginRelatedData, loginRelatedHandler)
  // The specification names both methods for this call.
  app.post('/ui/auth/loginRelatedData', loginRelatedData, loginRelatedHandler)

  app.get(
    '/ui/auth/visualMode',
    {
      schema: {
        summary: 'Internal or external (SSO-only) login view',
        response: {
          200: {
            type: 'object',
            properties: { loginIsExternal: { type: 'boolean' }, isProvidersHidden: { type: 'boolean' } },
            required: ['loginIsExternal', 'isProvidersHidden'],
          },
        },
      },
    },
    async (request) => {
      const general = await readGeneralConfig(ctx.sql, ctx.config)
      const saml = await samlLoginOptions(ctx, request)
      return {
        loginIsExternal: saml.enabled && saml.loginIsExternal,
        isProvidersHidden: general.oauthProvidersHidden,
      }
    },
  )

  app.get(
    '/ui/auth/userPlugins',
    {
      schema: {
        summary: 'Whether user plugins are enabled',
        response: {
          200: {
            type: 'object',
            properties: { isUserPluginEnabled: { type: 'boolean' } },
            required: ['isUserPluginEnabled'],
          },
        },
      },
    },
    async () => ({ isUserPluginEnabled: (await readGeneralConfig(ctx.sql, ctx.config)).userPluginsEnabled }),
  )

  app.get(
    '/ui/auth/realms',
    {
      schema: {
        summary: 'Authentication realms and whether each is enabled',
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              properties: { realm: { type: 'string' }, enabled: { type: 'boolean' } },
              required: ['realm', 'enabled'],
            },
          },
        },
      },
    },
    async (request) => {
      const general = await readGeneralConfig(ctx.sql, ctx.config)
      return [
        { realm: 'internal', enabled: true },
        { realm: 'saml', enabled: (await samlLoginOptions(ctx, request)).enabled },
        {
          realm: 'oauth',
          enabled: general.oauthProviders.length > 0 || oidcReady(await readOidcSettings(ctx.sql)),
        },
        // No LDAP server is asked on the reference platform.
        { realm: 'ldap', enabled: false },
        { realm: 'crowd', enabled: (await readCrowd(ctx)).enabled },
        { realm: 'http-sso', enabled: (await readHttpSso(ctx)).enabled },
      ]
    },
  )

  app.get(
    '/ui/auth/loginDialog',
    {
      schema: {
        summary: 'The custom login dialog (plain text)',
        response: {
          200: {
            type: 'object',
            properties: { content: { type: 'string' }, permanent: { type: 'boolean' } },
            required: ['content', 'permanent'],
          },
        },
      },
    },
    async () => (await readGeneralConfig(ctx.sql, ctx.config)).loginDialog,
  )

  app.get(
    '/ui/auth/samlLogoutUrl',
    {
      schema: {
        summary: 'Where a SAML session signs out (empty when SAML is off)',
        response: {
          200: { type: 'object', properties: { logoutUrl: { type: 'string' } }, required: ['logoutUrl'] },
        },
      },
    },
    async (request) => {
      const saml = await samlLoginOptions(ctx, request)
      return { logoutUrl: saml.enabled ? saml.logoutUrl : '' }
    },
  )

  app.get(
    '/ui/auth/samlRegistrationId',
    {
      schema: {
        summary: 'The SAML SSO registration id (empty when SAML is off)',
        response: {
          200: {
            type: 'object',
            properties: { samlRegistrationId: { type: 'string' } },
            required: ['samlRegistrationId'],
          },
        },
      },
    },
    async (request) => {
      const saml = await samlLoginOptions(ctx, request)
      return { samlRegistrationId: saml.enabled ? saml.registrationId : '' }
    },
  )

  app.get<{ Querystring: { registrationToken?: string } }>(
    '/ui/auth/oauthProviders',
    {
      schema: {
        summary: 'OAuth providers offered on the login page',
        querystring: {
          type: 'object',
          properties: { registrationToken: { type: 'string', maxLength: 200 } },
          additionalProperties: false,
        },
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              properties: { name: { type: 'string' }, type: { type: 'string' }, url: { type: 'string' } },
              required: ['name', 'type', 'url'],
            },
          },
        },
      },
    },
    async (request) => {
      const { oauthProviders } = await readGeneralConfig(ctx.sql, ctx.config)
      const oidc = await readOidcSettings(ctx.sql)
      const token = request.query.registrationToken
      // With an invitation's registration token the provider learns which invitation it completes.
      const listed = oauthProviders.map((p) => ({
        ...p,
        url: token
          ? `${p.url}${p.url.includes('?') ? '&' : '?'}registrationToken=${encodeURIComponent(token)}`
          : p.url,
      }))
      // The OpenID Connect provider the platform signs in through comes first: its button starts the flow.
      return oidcReady(oidc)
        ? [
            {
              name: oidc.providerName,
              type: 'openid',
              url: (await publicOrigin(ctx, request)) + oidcStartPath(),
            },
            ...listed,
          ]
        : listed
    },
  )

  app.get(
    '/ui/auth/autoRedirect',
    {
      schema: {
        summary: 'Whether the login page sends people straight to SSO',
        response: {
          200: {
            type: 'object',
            properties: { isAutoRedirectLogin: { type: 'boolean' } },
            required: ['isAutoRedirectLogin'],
          },
        },
      },
    },
    async (request) => {
      const saml = await samlLoginOptions(ctx, request)
      const oidc = await readOidcSettings(ctx.sql)
      return {
        isAutoRedirectLogin: saml.enabled ? saml.autoRedirect : oidcReady(oidc) && oidc.autoRedirect,
      }
    },
  )
}
