/**
 * SAML 2.0 sign-in (start, assertion consumer), the SAML logout address and single logout,
 * the SP metadata, and the admin settings (Administration → Security → SAML). Assertions and
 * NameIDs never leave the server: the browser only carries them from the IdP to the consumer.
 */
import { ssoStore } from './store'
import { createHash, randomBytes } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Profile } from '@node-saml/node-saml'
import type { ServerContext } from '../context'
import { hashToken, HttpError } from '../context'
import { errors } from '../auth/schemas'
import { mandatory } from '../auth/validation'
import { URL_MESSAGE } from '../../domain/shared/forms'
import { signIn } from '../auth/signIn'
import { endSession, pruneSessions, SESSION_MS } from '../auth/sessions'
import { badRequest } from '../admin/common'
import {
  configuredOrigin,
  LOGIN_PAGE,
  loginWithError,
  postLoginTarget,
  SAML_NEEDS_BASE_URL,
  ssoPath,
} from './origin'
import {
  assertionIdentity,
  attributeList,
  attributeText,
  classifySamlError,
  recordAssertion,
  samlAcsPath,
  serviceProvider,
  serviceProviderMetadata,
  samlSloPath,
} from './samlClient'
import {
  certificateInfo,
  readSamlSettings,
  samlReady,
  writeSamlSettings,
  type SamlSettings,
} from './samlSettings'
import { ssoUser } from './ssoUsers'
import { isoNow } from '../clock'

/** Set at SAML sign-in, read by the SAML logout address (see migration 055_saml.sql). */
export const SAML_LOGOUT_COOKIE = 'console_saml'

const httpUrl = { type: 'string', maxLength: 2048 } as const
const attributeName = { type: 'string', maxLength: 200, pattern: '^[A-Za-z0-9_:./-]*$' } as const
const settingsProperties = {
  enabled: { type: 'boolean' },
  providerName: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9._ -]+$' },
  idpSsoUrl: httpUrl,
  idpSloUrl: httpUrl,
  idpIssuer: { type: 'string', maxLength: 1024 },
  idpCertificate: { type: 'string', maxLength: 20_000 },
  spEntityId: { type: 'string', maxLength: 1024 },
  binding: { type: 'string', enum: ['redirect', 'post'] },
  usernameAttribute: attributeName,
  emailAttribute: attributeName,
  groupsAttribute: attributeName,
  autoCreateUsers: { type: 'boolean' },
  autoRedirect: { type: 'boolean' },
  loginIsExternal: { type: 'boolean' },
} as const
const settingsSchema = {
  type: 'object',
  properties: {
    ...settingsProperties,
    // What the IdP's administrator registers: this platform's addresses.
    serviceProvider: {
      type: 'object',
      properties: {
        entityId: { type: 'string' },
        acsUrl: { type: 'string' },
        sloUrl: { type: 'string' },
        metadataUrl: { type: 'string' },
      },
      required: ['entityId', 'acsUrl', 'sloUrl', 'metadataUrl'],
    },
    certificate: {
      type: ['object', 'null'],
      properties: {
        subject: { type: 'string' },
        validTo: { type: 'string' },
        fingerprint256: { type: 'string' },
      },
      required: ['subject', 'validTo', 'fingerprint256'],
    },
  },
  required: [...Object.keys(settingsProperties), 'serviceProvider', 'certificate'],
} as const

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
  } catch {
    return false
  }
}

function publicSettings(settings: SamlSettings, origin: string | undefined) {
  // Without a base URL there are no addresses to give the IdP.
  const sp = origin
    ? serviceProviderAddresses(settings, origin)
    : { entityId: settings.spEntityId, acsUrl: '', sloUrl: '', metadataUrl: '' }
  return { ...settings, serviceProvider: sp, certificate: certificateInfo(settings.idpCertificate) ?? null }
}

function serviceProviderAddresses(settings: SamlSettings, origin: string) {
  const metadataUrl = origin + ssoPath('/saml/metadata')
  return {
    entityId: settings.spEntityId || metadataUrl,
    acsUrl: origin + samlAcsPath(),
    sloUrl: origin + samlSloPath(),
    metadataUrl,
  }
}

/** The settings' own rules beyond the schema; each message names its field. */
export function checkSamlSettings(next: SamlSettings, origin: string | undefined): void {
  if (next.enabled && !origin) badRequest(SAML_NEEDS_BASE_URL)
  for (const field of ['idpSsoUrl', 'idpSloUrl'] as const)
    if (next[field] && !isHttpUrl(next[field])) badRequest(`${field}: ${URL_MESSAGE}`)
  if (next.idpCertificate && !certificateInfo(next.idpCertificate))
    badRequest(
      'idpCertificate: Not a certificate: paste the PEM text, from -----BEGIN CERTIFICATE----- to the end',
    )
  if (next.enabled && !next.idpSsoUrl) badRequest(mandatory('idpSsoUrl'))
  if (next.enabled && !next.idpCertificate) badRequest(mandatory('idpCertificate'))
  if (next.autoRedirect && !next.enabled) badRequest('autoRedirect: Only with SAML enabled')
}

const htmlEscape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * The HTTP-POST binding's page: a form to the IdP sent at once by a script allowed by its hash
 * (and by a button without script).
 */
function autoPostPage(
  action: string,
  fields: Readonly<Record<string, string>>,
): { html: string; csp: string } {
  const script = 'document.forms[0].submit()'
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${htmlEscape(name)}" value="${htmlEscape(value)}">`)
    .join('')
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signing in</title></head>
<body><form method="post" action="${htmlEscape(action)}">${inputs}<noscript><button type="submit">Continue to sign in</button></noscript></form>
<script>${script}</script></body></html>`
  const hash = `sha256-${createHashBase64(script)}`
  return {
    html,
    csp: `default-src 'none'; script-src '${hash}'; form-action ${new URL(action).origin}; base-uri 'none'; frame-ancestors 'none'`,
  }
}

const createHashBase64 = (text: string) => createHash('sha256').update(text).digest('base64')

async function rememberForLogout(
  ctx: ServerContext,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  profile: Profile,
): Promise<void> {
  const token = randomBytes(32).toString('base64url')
  const now = ctx.clock.now()
  await ssoStore(ctx.sql).rememberLogout(
    hashToken(token),
    userId,
    {
      name_id: profile.nameID,
      name_id_format: profile.nameIDFormat ?? '',
      session_index: profile.sessionIndex ?? '',
    },
    new Date(now).toISOString(),
    new Date(now + SESSION_MS).toISOString(),
  )
  reply.setCookie(SAML_LOGOUT_COOKIE, token, {
    path: ssoPath('/saml'),
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: Math.floor(SESSION_MS / 1000),
  })
}

async function takeLogout(ctx: ServerContext, request: FastifyRequest, reply: FastifyReply) {
  const token = request.cookies[SAML_LOGOUT_COOKIE]
  reply.clearCookie(SAML_LOGOUT_COOKIE, { path: ssoPath('/saml'), httpOnly: true, sameSite: 'lax' })
  if (!token) return undefined
  return ssoStore(ctx.sql).takeLogout(hashToken(token), isoNow(ctx.clock))
}

export function registerSamlRoutes(app: FastifyInstance, ctx: ServerContext): void {
  /** The SP's origin: the base URL's only; without one SAML does not run, and says why in the log. */
  const spOrigin = async (request: FastifyRequest) => {
    const origin = await configuredOrigin(ctx)
    if (!origin) request.log.warn({ sso: 'saml' }, SAML_NEEDS_BASE_URL)
    return origin
  }

  // The IdP posts its answer as an HTML form.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 256 * 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)))
    },
  )

  app.get(
    '/ui/auth/sso/saml/metadata',
    {
      schema: {
        summary:
          "This platform's SAML service provider metadata (entity id, assertion consumer, single logout)",
        response: { 200: { type: 'string' } },
      },
    },
    async (_request, reply) => {
      const origin = await configuredOrigin(ctx)
      if (!origin) throw new HttpError(503, SAML_NEEDS_BASE_URL, 'NO_BASE_URL')
      const xml = serviceProviderMetadata(await readSamlSettings(ctx.sql), origin)
      return reply.type('application/samlmetadata+xml; charset=utf-8').send(xml)
    },
  )

  app.get<{ Querystring: { redirectTo?: string } }>(
    '/ui/auth/sso/saml/start',
    {
      schema: {
        summary: 'Starts a SAML sign-in: an AuthnRequest to the IdP (HTTP-Redirect, or an HTTP-POST form)',
        querystring: {
          type: 'object',
          properties: { redirectTo: { type: 'string', maxLength: 2048 } },
          additionalProperties: false,
        },
        response: { 200: { type: 'string' }, 302: { type: 'null' } },
      },
    },
    async (request, reply) => {
      const settings = await readSamlSettings(ctx.sql)
      const origin = await spOrigin(request)
      if (!samlReady(settings) || !origin) return reply.redirect(loginWithError('not_configured'))
      const sp = serviceProvider(ctx, settings, origin)
      // The post-login path rides in RelayState and is checked again when it comes back.
      const relayState = postLoginTarget(request.query.redirectTo)
      if (settings.binding === 'post') {
        const message = await sp.getAuthorizeMessageAsync(relayState, undefined, {})
        const fields = Object.fromEntries(Object.entries(message).map(([k, v]) => [k, String(v)]))
        const page = autoPostPage(settings.idpSsoUrl, fields)
        return reply
          .header('Content-Security-Policy', page.csp)
          .type('text/html; charset=utf-8')
          .send(page.html)
      }
      return reply.redirect(await sp.getAuthorizeUrlAsync(relayState, undefined, {}))
    },
  )

  app.post<{ Body: { SAMLResponse?: string; RelayState?: string } }>(
    '/ui/auth/sso/saml/acs',
    {
      schema: {
        summary:
          "The assertion consumer: the IdP's signed answer (HTTP-POST) signs the user in and redirects to the console",
        body: {
          type: 'object',
          properties: {
            SAMLResponse: { type: 'string', maxLength: 200_000 },
            RelayState: { type: 'string', maxLength: 2048 },
          },
        },
        response: { 302: { type: 'null' } },
      },
    },
    async (request, reply) => {
      const settings = await readSamlSettings(ctx.sql)
      const origin = await spOrigin(request)
      if (!samlReady(settings) || !origin) return reply.redirect(loginWithError('not_configured'))
      const samlResponse = request.body?.SAMLResponse
      if (!samlResponse) return reply.redirect(loginWithError('provider'))
      const sp = serviceProvider(ctx, settings, origin)
      let profile: Profile | null
      try {
        profile = (await sp.validatePostResponseAsync({ SAMLResponse: samlResponse })).profile
      } catch (error) {
        const failure = classifySamlError(error)
        request.log.warn({ sso: 'saml', failure }, 'SAML sign-in refused')
        return reply.redirect(loginWithError(failure))
      }
      const assertion = profile ? assertionIdentity(profile, ctx.clock.now()) : undefined
      if (!profile || !assertion) return reply.redirect(loginWithError('provider'))
      if (!(await recordAssertion(ctx, assertion))) {
        request.log.warn({ sso: 'saml', failure: 'replayed' }, 'SAML assertion used twice')
        return reply.redirect(loginWithError('replayed'))
      }
      const name = settings.usernameAttribute
        ? attributeText(profile, settings.usernameAttribute)
        : profile.nameID
      const user = await ssoUser(
        ctx,
        {
          realm: 'saml',
          provider: settings.providerName,
          name,
          email:
            attributeText(profile, settings.emailAttribute) ||
            (typeof profile.email === 'string' ? profile.email : ''),
          groups: settings.groupsAttribute ? attributeList(profile, settings.groupsAttribute) : undefined,
        },
        { autoCreate: settings.autoCreateUsers },
      )
      if (typeof user === 'string') return reply.redirect(loginWithError(user))
      await pruneSessions(ctx)
      await signIn(ctx, request, reply, user, false)
      await rememberForLogout(ctx, request, reply, user.id, profile)
      return reply.redirect(postLoginTarget(request.body.RelayState))
    },
  )

  app.get(
    '/ui/auth/sso/saml/logout',
    {
      schema: {
        summary:
          "The SAML logout address: ends the platform session, then a LogoutRequest to the IdP's single logout (back to the login page)",
        response: { 302: { type: 'null' } },
      },
    },
    async (request, reply) => {
      await endSession(ctx, request, reply)
      const ticket = await takeLogout(ctx, request, reply)
      const settings = await readSamlSettings(ctx.sql)
      const origin = await spOrigin(request)
      if (!samlReady(settings) || !settings.idpSloUrl || !ticket || !origin) return reply.redirect(LOGIN_PAGE)
      const sp = serviceProvider(ctx, settings, origin)
      try {
        const url = await sp.getLogoutUrlAsync(
          {
            issuer: settings.idpIssuer,
            nameID: ticket.name_id,
            nameIDFormat: ticket.name_id_format,
            ...(ticket.session_index ? { sessionIndex: ticket.session_index } : {}),
          },
          '',
          {},
        )
        return reply.redirect(url)
      } catch (error) {
        request.log.warn({ sso: 'saml', error: String(error) }, 'SAML logout request not built')
        return reply.redirect(LOGIN_PAGE)
      }
    },
  )

  app.get(
    '/ui/auth/sso/saml/slo',
    {
      schema: {
        summary:
          "Single logout (HTTP-Redirect): the IdP's LogoutResponse lands on the login page; its LogoutRequest ends the user's sessions",
        response: { 302: { type: 'null' } },
      },
    },
    async (request, reply) => {
      const settings = await readSamlSettings(ctx.sql)
      const origin = await spOrigin(request)
      if (!samlReady(settings) || !origin) return reply.redirect(LOGIN_PAGE)
      const sp = serviceProvider(ctx, settings, origin)
      const query = request.query as Record<string, string>
      const raw = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : ''
      try {
        const { profile } = await sp.validateRedirectAsync(query, raw)
        if (query.SAMLRequest && profile) {
          // The IdP signs the user out everywhere: every platform session of that SAML user ends.
          await ssoStore(ctx.sql).endSessionsOf(profile.nameID)
          return reply.redirect(await sp.getLogoutResponseUrlAsync(profile, query.RelayState ?? '', {}, true))
        }
      } catch (error) {
        request.log.warn({ sso: 'saml', failure: classifySamlError(error) }, 'SAML logout message refused')
      }
      return reply.redirect(LOGIN_PAGE)
    },
  )

  app.get(
    '/ui/admin/saml',
    {
      schema: {
        summary: "The SAML identity provider settings (admins), with this platform's SP addresses",
        response: { 200: settingsSchema, ...errors(401, 403) },
      },
    },
    async (request) => {
      ctx.requireAdmin(request)
      return publicSettings(await readSamlSettings(ctx.sql), await configuredOrigin(ctx))
    },
  )

  app.put<{ Body: Partial<SamlSettings> }>(
    '/ui/admin/saml',
    {
      schema: {
        summary: 'Change the SAML identity provider settings (admins); fields left out keep their value',
        body: { type: 'object', properties: settingsProperties, additionalProperties: false },
        response: { 200: settingsSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      ctx.requireAdmin(request)
      const next: SamlSettings = { ...(await readSamlSettings(ctx.sql)), ...request.body }
      const trimmed: SamlSettings = { ...next, idpCertificate: next.idpCertificate.trim() }
      checkSamlSettings(trimmed, await configuredOrigin(ctx))
      await writeSamlSettings(ctx, trimmed)
      return publicSettings(trimmed, await configuredOrigin(ctx))
    },
  )
}
