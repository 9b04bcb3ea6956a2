/**
 * The two sign-ins where someone else has already checked who the person is (spec 000 section
 * 7: "GET crowd and HTTP SSO logins"; the console's `/login/sso/crowd` and `/login/sso/http`):
 *
 * - Crowd SSO: the browser carries Crowd's single sign-on cookie (set when the person signed in
 *   to another application of the same Crowd). The platform asks Crowd, as the application the
 *   Crowd settings name, whether that token is a live session, and for whom.
 * - HTTP SSO: a reverse proxy in front of the platform authenticated the person and names them
 *   in a request header. The header is believed only from the proxies the settings trust, by
 *   the connection's own address (never a forwarded-for header, which a client writes).
 *
 * Either way the user is found, or created when the settings allow, in its own realm (`crowd`,
 * `http-sso`) and signed in as any sign-in is (signIn.ts: a disabled account gets no session, a
 * user who must use MFA gets the pending session). Failures answer a code the console words.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { HttpError, type ServerContext } from '../context'
import { isoNow } from '../clock'
import { errors, userDataSchema } from '../auth/schemas'
import { mandatory } from '../auth/validation'
import { signIn } from '../auth/signIn'
import { sessionRecords } from '../auth/store'
import { badRequest } from '../admin/common'
import { DEFAULT_CROWD, type CrowdSettings } from '../admin/securityRoutes'
import { readSettingOver, writeSetting } from '../platform/store'
import { ssoUser, type SsoIdentity } from './ssoUsers'
import { addressIn, canonicalAddress } from '../addresses'
import { readAll, upstreamRequest, type UpstreamResponse } from '../upstream/fetch'

export const CROWD_LOGIN_PATH = '/ui/auth/crowd/login'
export const HTTP_SSO_LOGIN_PATH = '/ui/auth/httpsso/login'
/** How long Crowd may take to answer one call. */
export const CROWD_TIMEOUT_MS = 5_000

export interface HttpSsoSettings {
  readonly enabled: boolean
  /** The request header the proxy names the person in. */
  readonly remoteUserHeader: string
  /** Addresses of the proxies whose header is believed (the connection's address). */
  readonly trustedProxies: ReadonlyArray<string>
  readonly autoCreateUsers: boolean
}

export const DEFAULT_HTTP_SSO: HttpSsoSettings = {
  enabled: false,
  remoteUserHeader: 'REMOTE_USER',
  trustedProxies: [],
  autoCreateUsers: true,
}

export const readHttpSso = (ctx: Pick<ServerContext, 'sql'>) =>
  readSettingOver(ctx.sql, 'httpSso', DEFAULT_HTTP_SSO)
export const readCrowd = (ctx: Pick<ServerContext, 'sql'>): Promise<CrowdSettings> =>
  readSettingOver(ctx.sql, 'crowd', DEFAULT_CROWD)

const failure = (status: number, code: string, message: string) => new HttpError(status, message, code)

const HEADER = /^[A-Za-z0-9_-]{1,64}$/

export function checkHttpSso(next: HttpSsoSettings): void {
  if (!HEADER.test(next.remoteUserHeader))
    badRequest('remoteUserHeader: A header name of letters, digits, dashes and underscores')
  if (next.enabled && next.trustedProxies.length === 0) badRequest(mandatory('trustedProxies'))
}

/** The user behind an identity, or the code that says why there is none. */
async function userOf(ctx: ServerContext, identity: SsoIdentity, autoCreate: boolean) {
  const user = await ssoUser(ctx, identity, { autoCreate })
  if (user === 'no_account') throw failure(403, 'no_account', 'You have no account on this platform yet')
  if (user === 'conflict')
    throw failure(403, 'conflict', 'An account of another realm already has this username')
  if (user === 'bad_identity')
    throw failure(403, 'bad_identity', 'The username is not one the platform takes')
  return user
}

/** Largest answer read from Crowd (a user's groups, nested included). */
const CROWD_ANSWER_BYTES = 8 * 1024 * 1024

/**
 * One call to Crowd's REST API as the configured application, through the platform's guarded
 * outgoing call (upstream/fetch.ts): never to a link-local or cloud metadata address, named or
 * resolved; redirects are not followed.
 */
async function crowdCall(
  settings: CrowdSettings,
  path: string,
  init: { readonly method?: 'POST'; readonly body?: string } = {},
): Promise<UpstreamResponse> {
  const base = settings.serverUrl.endsWith('/') ? settings.serverUrl : `${settings.serverUrl}/`
  try {
    return await upstreamRequest(new URL(`rest/usermanagement/1/${path}`, base).toString(), {
      ...init,
      redirect: 'manual',
      limits: {
        connectTimeoutMs: CROWD_TIMEOUT_MS,
        readTimeoutMs: CROWD_TIMEOUT_MS,
        maxBytes: CROWD_ANSWER_BYTES,
      },
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      credentials: { kind: 'basic', user: settings.applicationName, password: settings.applicationPassword },
    })
  } catch {
    throw failure(502, 'unavailable', 'Crowd cannot be reached')
  }
}

async function crowdJson<T>(response: UpstreamResponse): Promise<T> {
  if (response.status === 401 || response.status === 403) {
    response.body.destroy()
    throw failure(502, 'provider', 'Crowd refused the application credentials')
  }
  if (response.status < 200 || response.status >= 300) {
    response.body.destroy()
    throw failure(502, 'unavailable', `Crowd answered ${response.status}`)
  }
  let text: string
  try {
    text = (await readAll(response)).toString('utf8')
  } catch {
    throw failure(502, 'unavailable', 'Crowd cannot be reached')
  }
  try {
    return JSON.parse(text) as T
  } catch {
    throw failure(502, 'provider', 'Crowd answered something other than JSON')
  }
}

/** Crowd's answer for the session token this request carries: its user, or why there is none. */
async function crowdSessionUser(
  settings: CrowdSettings,
  request: FastifyRequest,
): Promise<{ readonly name: string; readonly email: string }> {
  const cookie = await crowdJson<{ name?: unknown }>(await crowdCall(settings, 'config/cookie'))
  const cookieName = typeof cookie.name === 'string' && cookie.name !== '' ? cookie.name : 'crowd.token_key'
  const token = request.cookies[cookieName]
  if (!token) throw failure(401, 'no_identity', 'No Crowd single sign-on session came with the request')
  const session = await crowdCall(settings, `session/${encodeURIComponent(token)}?expand=user`, {
    method: 'POST',
    body: JSON.stringify({
      validationFactors: [{ name: 'remote_address', value: canonicalAddress(request.ip) }],
    }),
  })
  // Crowd answers 404 for a token it does not know (expired, signed out) and 400 for factors that do not match.
  if (session.status === 404 || session.status === 400) {
    session.body.destroy()
    throw failure(401, 'expired', 'The Crowd session has ended: sign in to Crowd again')
  }
  const { user } = await crowdJson<{ user?: { name?: unknown; email?: unknown } }>(session)
  return {
    name: typeof user?.name === 'string' ? user.name : '',
    email: typeof user?.email === 'string' ? user.email : '',
  }
}

/** The person Crowd's session token stands for, and their groups (nested included). */
async function crowdIdentity(settings: CrowdSettings, request: FastifyRequest): Promise<SsoIdentity> {
  const { name, email } = await crowdSessionUser(settings, request)
  const groups = await crowdJson<{ groups?: Array<{ name?: unknown }> }>(
    await crowdCall(settings, `user/group/nested?username=${encodeURIComponent(name)}`),
  )
  return {
    realm: 'crowd',
    provider: 'Crowd',
    name,
    email,
    groups: (groups.groups ?? []).flatMap((g) => (typeof g.name === 'string' ? [g.name] : [])),
  }
}

/** A session as the request's sign-in check reads it. */
export interface CheckedSession {
  readonly idHash: string
  readonly userName: string
  readonly realm: string
  readonly createdAt: string
  readonly ssoCheckedAt: string | null
}

/**
 * Keeps a Crowd session honest: once the Crowd settings' session validation interval has passed
 * since it was last confirmed (0: on every request), Crowd is asked again about the token the
 * browser carries, and the session ends when Crowd no longer knows it, names someone else, or
 * Crowd single sign-on was switched off. A Crowd that cannot be reached ends nobody's session
 * (an outage of Crowd is not a sign-out); it is asked again after the next interval. Sessions of
 * other realms pass unchecked. Answers whether the session still stands.
 */
export function crowdSessionCheck(ctx: Pick<ServerContext, 'sql' | 'clock'>) {
  // Requests of one page arrive together: one question to Crowd per session at a time.
  const asking = new Map<string, Promise<boolean>>()
  const ask = async (session: CheckedSession, request: FastifyRequest): Promise<boolean> => {
    const settings = await readCrowd(ctx)
    let stands: boolean
    if (!settings.enabled || !settings.serverUrl) stands = false
    else {
      try {
        stands = (await crowdSessionUser(settings, request)).name === session.userName
      } catch (error) {
        stands = !(error instanceof HttpError && error.statusCode === 401)
      }
    }
    if (!stands) {
      await sessionRecords(ctx.sql).remove(session.idHash)
      return false
    }
    await sessionRecords(ctx.sql).markSsoChecked(session.idHash, isoNow(ctx.clock))
    return true
  }
  return async (session: CheckedSession, request: FastifyRequest): Promise<boolean> => {
    if (session.realm !== 'crowd') return true
    const settings = await readCrowd(ctx)
    const last = Date.parse(session.ssoCheckedAt ?? session.createdAt)
    if (settings.enabled && ctx.clock.now() - last < settings.sessionValidationMinutes * 60_000) return true
    const pending = asking.get(session.idHash)
    if (pending) return pending
    const answer = ask(session, request).finally(() => asking.delete(session.idHash))
    asking.set(session.idHash, answer)
    return answer
  }
}

export function registerDirectoryLoginRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const answers = { 200: userDataSchema, ...errors(401, 403, 502) }

  app.get(
    CROWD_LOGIN_PATH,
    {
      schema: {
        summary: "Signs in with Crowd's single sign-on cookie, checked with the Crowd server",
        response: answers,
      },
    },
    async (request, reply) => {
      const settings = await readCrowd(ctx)
      if (!settings.enabled || !settings.serverUrl)
        throw failure(403, 'not_configured', 'Crowd single sign-on is not set up on this platform')
      const identity = await crowdIdentity(settings, request)
      const user = await userOf(ctx, identity, settings.autoCreateUsers)
      return signIn(ctx, request, reply, user, false)
    },
  )

  app.get(
    HTTP_SSO_LOGIN_PATH,
    {
      schema: {
        summary: 'Signs in the person a trusted reverse proxy names in its header',
        response: answers,
      },
    },
    async (request, reply) => {
      const settings = await readHttpSso(ctx)
      if (!settings.enabled)
        throw failure(403, 'not_configured', 'HTTP single sign-on is not set up on this platform')
      if (!addressIn(request.socket.remoteAddress, settings.trustedProxies))
        throw failure(403, 'untrusted_proxy', 'The request did not come through a trusted proxy')
      const header = request.headers[settings.remoteUserHeader.toLowerCase()]
      const name = (Array.isArray(header) ? '' : (header ?? '')).trim()
      if (!name) throw failure(401, 'no_identity', 'The proxy named nobody')
      const user = await userOf(
        ctx,
        { realm: 'http-sso', provider: 'HTTP SSO', name, email: '', groups: undefined },
        settings.autoCreateUsers,
      )
      return signIn(ctx, request, reply, user, false)
    },
  )

  const settingsProperties = {
    enabled: { type: 'boolean' },
    remoteUserHeader: { type: 'string', maxLength: 64 },
    trustedProxies: {
      type: 'array',
      maxItems: 20,
      items: { type: 'string', minLength: 2, maxLength: 45, pattern: '^[0-9A-Fa-f:.]+$' },
    },
    autoCreateUsers: { type: 'boolean' },
  } as const
  const settingsAnswer = {
    type: 'object',
    properties: settingsProperties,
    required: Object.keys(settingsProperties),
  } as const

  app.get(
    '/ui/admin/httpsso',
    {
      schema: {
        summary: 'HTTP SSO settings (admins)',
        response: { 200: settingsAnswer, ...errors(401, 403) },
      },
    },
    async (request) => {
      ctx.requireAdmin(request)
      return readHttpSso(ctx)
    },
  )

  app.put<{ Body: Partial<HttpSsoSettings> }>(
    '/ui/admin/httpsso',
    {
      schema: {
        summary: 'Change the HTTP SSO settings (admins); fields left out keep their value',
        body: { type: 'object', properties: settingsProperties, additionalProperties: false },
        response: { 200: settingsAnswer, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      ctx.requireAdmin(request)
      const next = { ...(await readHttpSso(ctx)), ...request.body }
      checkHttpSso(next)
      await writeSetting(ctx, 'httpSso', next)
      return next
    },
  )
}
