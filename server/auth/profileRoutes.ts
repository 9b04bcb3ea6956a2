/**
 * The signed-in user's own profile: identity tokens, profile unlock (password confirmed
 * again) and the API key behind the X-JFrog-Reauthentication header.
 */
import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { hashToken } from '../context'
import { HttpError, type ServerContext } from '../context'
import { hashPassword, passwordProblem, verifyPassword } from './passwords'
import { passwordPolicyOf } from '../admin/securityRoutes'
import type { RateLimiter } from './rateLimit'
import { emailSchema, errors, passwordSchema, userDataSchema } from './schemas'
import { findSession } from './sessions'
import { loginKey } from './signIn'
import { findUserById, findUserByName, userData } from './users'
import { isoNow } from '../clock'
import { authStore } from './store'

export const IDENTITY_TOKEN_SECONDS = 60 * 60
export const PROFILE_UNLOCK_MS = 10 * 60 * 1000
export const REAUTH_HEADER = 'x-jfrog-reauthentication'

/** `Basic base64(user:password)`; the base64 must survive a round trip (the spec's rule). */
export function parseBasic(header: string | undefined): { user: string; password: string } | undefined {
  const match = /^Basic ([A-Za-z0-9+/]+={0,2})$/.exec(header?.trim() ?? '')
  if (!match?.[1]) return undefined
  const decoded = Buffer.from(match[1], 'base64')
  if (decoded.toString('base64').replace(/=+$/, '') !== match[1].replace(/=+$/, '')) return undefined
  const text = decoded.toString('utf8')
  const colon = text.indexOf(':')
  if (colon <= 0) return undefined
  return { user: text.slice(0, colon), password: text.slice(colon + 1) }
}

/**
 * The re-authentication an API key needs. A local user gives the password again. An OAuth user
 * has none the platform knows (the provider signed them in, spec 001: "OAuth users are detected
 * from the user's realm"): the header names the signed-in user with an empty password, and the
 * session itself, started by the provider, is the proof. A password given for an OAuth user, or
 * an empty one for anyone else, fails.
 */
async function reauthenticated(user: { realm: string; password_hash: string }, password: string) {
  if (user.realm === 'oauth') return password === ''
  return password !== '' && (await verifyPassword(password, user.password_hash))
}

export function registerProfileRoutes(app: FastifyInstance, ctx: ServerContext, limiter: RateLimiter): void {
  const store = authStore(ctx.sql)

  app.post<{ Params: { name: string } }>(
    '/ui/userIdentifyToken/:name',
    {
      schema: {
        summary: 'Issue an identity token for the user (oneself, or anyone for admins)',
        params: {
          type: 'object',
          properties: { name: { type: 'string', minLength: 1, maxLength: 64 } },
          required: ['name'],
        },
        response: {
          200: { type: 'object', properties: { expiresIn: { type: 'integer' } }, required: ['expiresIn'] },
          ...errors(401, 403, 404),
        },
      },
    },
    async (request) => {
      const me = ctx.requireUser(request)
      const target = await findUserByName(ctx.sql, request.params.name)
      if (!me.admin && target?.id !== me.id)
        throw new HttpError(403, 'You may only identify as yourself', 'FORBIDDEN')
      if (!target) throw new HttpError(404, 'No such user', 'NOT_FOUND')
      const now = ctx.clock.now()
      await store.issueIdentityToken(
        {
          id: randomBytes(16).toString('hex'),
          tokenHash: hashToken(randomBytes(32).toString('base64url')),
          userId: target.id,
          kind: 'identity',
          createdAt: new Date(now).toISOString(),
          expiresAt: new Date(now + IDENTITY_TOKEN_SECONDS * 1000).toISOString(),
        },
        new Date(now).toISOString(),
      )
      return { expiresIn: IDENTITY_TOKEN_SECONDS }
    },
  )

  app.post<{ Body: { password: string } }>(
    '/ui/userProfile',
    {
      schema: {
        summary: 'Unlock the profile for ten minutes by confirming the password',
        body: {
          type: 'object',
          properties: { password: passwordSchema },
          required: ['password'],
          additionalProperties: false,
        },
        response: {
          200: {
            type: 'object',
            properties: { unlocked: { type: 'boolean' }, unlockedUntil: { type: 'string' } },
            required: ['unlocked'],
          },
          ...errors(400, 401, 429),
        },
      },
    },
    async (request, reply) => {
      const me = ctx.requireUser(request)
      const session = await findSession(ctx, request)
      const user = await findUserById(ctx.sql, me.id)
      const key = loginKey(request, me.name)
      await limiter.take(key, reply)
      if (!session || !user || !(await verifyPassword(request.body.password, user.password_hash)))
        throw new HttpError(401, 'Wrong password', 'BAD_CREDENTIALS')
      await limiter.refund(key)
      const until = new Date(ctx.clock.now() + PROFILE_UNLOCK_MS).toISOString()
      await store.unlockSession(session.id_hash, until)
      return { unlocked: true, unlockedUntil: until }
    },
  )

  app.put<{ Body: { email?: string; password?: string } }>(
    '/ui/userProfile',
    {
      schema: {
        summary:
          "Change one's own email and/or password; the profile must be unlocked (POST /ui/userProfile) and updatable",
        body: {
          type: 'object',
          properties: { email: emailSchema, password: passwordSchema },
          additionalProperties: false,
          minProperties: 1,
        },
        response: { 200: userDataSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const me = ctx.requireUser(request)
      const session = await findSession(ctx, request)
      const user = await findUserById(ctx.sql, me.id)
      if (!session || !user) throw new HttpError(401, 'Authentication is required', 'UNAUTHORIZED')
      if (user.profile_updatable !== 1)
        throw new HttpError(403, 'This profile cannot be changed here', 'PROFILE_NOT_UPDATABLE')
      if (!session.unlocked_until || session.unlocked_until <= isoNow(ctx.clock))
        throw new HttpError(403, 'Unlock the profile with your password first', 'PROFILE_LOCKED')
      const { email, password } = request.body
      const problem =
        password === undefined ? undefined : passwordProblem(password, await passwordPolicyOf(ctx.sql))
      if (problem) throw new HttpError(400, `Invalid request: password: ${problem}`, 'VALIDATION')
      const hash = password === undefined ? undefined : await hashPassword(password)
      await store.updateProfile(user.id, session.id_hash, {
        ...(email !== undefined ? { email } : {}),
        ...(hash !== undefined ? { passwordHash: hash } : {}),
        at: isoNow(ctx.clock),
      })
      const updated = await findUserById(ctx.sql, me.id)
      if (!updated) throw new HttpError(401, 'Authentication is required', 'UNAUTHORIZED')
      return userData(ctx, updated)
    },
  )

  app.get(
    '/ui/userApiKey',
    {
      schema: {
        summary:
          "The signed-in user's API key; needs X-JFrog-Reauthentication: Basic base64(user:password), or Basic base64(user:) for an OAuth-realm user",
        headers: {
          type: 'object',
          properties: { [REAUTH_HEADER]: { type: 'string', maxLength: 1024 } },
        },
        response: {
          200: { type: 'object', properties: { apiKey: { type: 'string' } }, required: ['apiKey'] },
          ...errors(401, 429),
        },
      },
    },
    async (request, reply) => {
      const me = ctx.requireUser(request)
      const header = request.headers[REAUTH_HEADER]
      const credentials = parseBasic(typeof header === 'string' ? header : undefined)
      const key = loginKey(request, me.name)
      await limiter.take(key, reply)
      const user = await findUserById(ctx.sql, me.id)
      const ok =
        credentials !== undefined &&
        user !== undefined &&
        credentials.user.toLowerCase() === user.name.toLowerCase() &&
        (await reauthenticated(user, credentials.password))
      if (!ok || !user) {
        throw new HttpError(
          401,
          'Re-authentication failed: wrong user or password',
          'REAUTHENTICATION_FAILED',
        )
      }
      await limiter.refund(key)
      // The key is shown to its owner again later, so it is kept as issued (like the platform does).
      const apiKey = await store.apiKeyOf(user.id, `AKC${randomBytes(36).toString('base64url')}`)
      return { apiKey }
    },
  )
}
