/**
 * Self-registration (when the admin allows it), invitations with single-use tokens, and
 * CLI login sessions.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { hashToken } from '../context'
import { HttpError, type ServerContext } from '../context'
import { readGeneralConfig } from '../admin/generalConfig'
import { insertUser } from './accounts'
import { consumeToken, findUsableToken } from './mailTokens'
import { hashPassword, passwordProblem } from './passwords'
import { passwordPolicyOf } from '../admin/securityRoutes'
import type { Sql } from '../db/sql'
import type { RateLimiter } from './rateLimit'
import { emailSchema, errors, nameSchema, passwordSchema, tokenSchema, userDataSchema } from './schemas'
import { signIn } from './signIn'
import type { UserRow } from './users'
import { isoNow } from '../clock'
import { authStore } from './store'
import { tokenStore } from '../tokens/store'

const cliSession = { type: 'string', minLength: 8, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' } as const

export const CLI_SESSION_MS = 5 * 60 * 1000
const CLI_TOKEN_DAYS = 365
const DAY_MS = 24 * 60 * 60 * 1000

async function requirePassword(sql: Sql, password: string): Promise<void> {
  const problem = passwordProblem(password, await passwordPolicyOf(sql))
  if (problem) throw new HttpError(400, problem, 'WEAK_PASSWORD')
}

export function registerRegistrationRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  limiter: RateLimiter,
): void {
  const store = authStore(ctx.sql)

  app.post<{ Body: { user: string; email: string; password: string } }>(
    '/ui/auth/register',
    {
      schema: {
        summary: 'Create an account (when registration is enabled); signs the person in',
        body: {
          type: 'object',
          properties: { user: nameSchema, email: emailSchema, password: passwordSchema },
          required: ['user', 'email', 'password'],
          additionalProperties: false,
        },
        response: { 201: userDataSchema, ...errors(400, 403, 409) },
      },
    },
    async (request, reply) => {
      if (!(await readGeneralConfig(ctx.sql, ctx.config)).allowUserRegistration)
        throw new HttpError(403, 'Registration is disabled on this platform', 'REGISTRATION_DISABLED')
      const { user: name, email, password } = request.body
      await requirePassword(ctx.sql, password)
      const passwordHash = await hashPassword(password)
      const user = await ctx.sql.transaction((tx) =>
        insertUser({ sql: tx, clock: ctx.clock }, { name, email, passwordHash }),
      )
      return reply.status(201).send(await signIn(ctx, request, reply, user, false))
    },
  )

  // Spec 000 section 7's "POST verify token": the token goes in the body, never in the URL, so
  // it stays out of access logs, proxies and the browser's history (audit row 000-7.7).
  app.post<{ Body: { token: string } }>(
    '/ui/auth/invitation',
    {
      schema: {
        summary: 'Verify an invitation token: the address it was sent to; 404 when unknown, used or expired',
        body: {
          type: 'object',
          properties: { token: tokenSchema },
          required: ['token'],
          additionalProperties: false,
        },
        response: {
          200: { type: 'object', properties: { email: { type: 'string' } }, required: ['email'] },
          ...errors(400, 404),
        },
      },
    },
    async (request) => {
      const token = await findUsableToken(ctx, 'invitation', request.body.token)
      if (!token) throw new HttpError(404, 'The invitation is unknown, already used or expired', 'NOT_FOUND')
      return { email: token.email }
    },
  )

  app.post<{ Body: { token: string; user: string; password: string } }>(
    '/ui/auth/invitation/accept',
    {
      schema: {
        summary: 'Accept an invitation: creates the account and signs in; the token works once',
        body: {
          type: 'object',
          properties: { token: tokenSchema, user: nameSchema, password: passwordSchema },
          required: ['token', 'user', 'password'],
          additionalProperties: false,
        },
        response: { 201: userDataSchema, ...errors(400, 404, 409) },
      },
    },
    async (request, reply) => {
      const { token: tokenText, user: name, password } = request.body
      const token = await findUsableToken(ctx, 'invitation', tokenText)
      if (!token) throw new HttpError(404, 'The invitation is unknown, already used or expired', 'NOT_FOUND')
      await requirePassword(ctx.sql, password)
      const passwordHash = await hashPassword(password)
      // Both or neither: a taken name leaves the invitation usable.
      const user = await ctx.sql.transaction(async (tx): Promise<UserRow> => {
        const store = { sql: tx, clock: ctx.clock }
        if (!(await consumeToken(store, token.token_hash)))
          throw new HttpError(404, 'The invitation is unknown, already used or expired', 'NOT_FOUND')
        return insertUser(store, { name, email: token.email, passwordHash })
      })
      return reply.status(201).send(await signIn(ctx, request, reply, user, false))
    },
  )

  app.post<{ Body: { session: string; clientName: string; code?: string } }>(
    '/ui/auth/cli/session',
    {
      schema: {
        summary:
          "Approve a CLI's login session (signed in) with the CLI's own code, or answer a code to type into the CLI",
        body: {
          type: 'object',
          properties: {
            session: cliSession,
            clientName: { type: 'string', minLength: 1, maxLength: 100 },
            // The code the CLI sent the browser (jfClientCode): the CLI posts it back for its token.
            code: { type: 'string', minLength: 1, maxLength: 64 },
          },
          required: ['session', 'clientName'],
          additionalProperties: false,
        },
        response: {
          201: { type: 'object', properties: { code: { type: 'string' } }, required: ['code'] },
          ...errors(400, 401, 409),
        },
      },
    },
    async (request, reply) => {
      const user = ctx.requireUser(request)
      const { session, clientName } = request.body
      const code = request.body.code ?? randomBytes(6).toString('hex')
      const now = ctx.clock.now()
      const approved = await store.approveCliSession(
        { id: session, clientName, userId: user.id, codeHash: hashToken(code) },
        new Date(now).toISOString(),
        new Date(now + CLI_SESSION_MS).toISOString(),
      )
      if (!approved) throw new HttpError(409, 'This CLI session was already approved', 'CONFLICT')
      return reply.status(201).send({ code })
    },
  )

  registerCliLoginResponse(app, ctx, limiter)
}

/** Where the CLI posts its session and code back for its token (the specification's path). */
export const CLI_LOGIN_RESPONSE = '/access/api/v2/authentication/jfrog_client_login/response'

export function registerCliLoginResponse(
  app: FastifyInstance,
  ctx: ServerContext,
  limiter: RateLimiter,
): void {
  const store = authStore(ctx.sql)
  app.post<{ Body: { session: string; code: string } }>(
    CLI_LOGIN_RESPONSE,
    {
      schema: {
        summary: 'The CLI exchanges its approved session and code for a token, once',
        body: {
          type: 'object',
          properties: { session: cliSession, code: { type: 'string', minLength: 1, maxLength: 64 } },
          required: ['session', 'code'],
          additionalProperties: false,
        },
        response: {
          200: {
            type: 'object',
            properties: {
              token_id: { type: 'string' },
              access_token: { type: 'string' },
              expires_in: { type: 'integer' },
            },
            required: ['token_id', 'access_token', 'expires_in'],
          },
          ...errors(400, 429),
        },
      },
    },
    async (request, reply) => {
      // A token in the answer: no cache, shared or the client's own, may keep it.
      reply.header('Cache-Control', 'no-store')
      const { session, code } = request.body
      const key = `cli:${session}`
      await limiter.take(key, reply)
      const row = await store.usableCliSession(session, isoNow(ctx.clock))
      const matches = row && timingSafeEqual(Buffer.from(row.code_hash), Buffer.from(hashToken(code)))
      if (!row || !matches) {
        throw new HttpError(
          400,
          'The CLI session is unknown, expired, already used, or the code is wrong',
          'INVALID_SESSION',
        )
      }
      const now = ctx.clock.now()
      // The longest life the admins allow a client token, a year at most.
      const policy = await tokenStore(ctx.sql).policy()
      const days = Math.min(CLI_TOKEN_DAYS, policy.maxDays)
      const tokenId = randomBytes(16).toString('hex')
      const accessToken = randomBytes(32).toString('base64url')
      const issued = await store.exchangeCliSession(session, {
        id: tokenId,
        tokenHash: hashToken(accessToken),
        userId: row.user_id,
        // Every repository, read and deploy: the user's own rights, as the CLI acts for them.
        grant: {
          description: `${row.client_name} login`,
          expiresAt: new Date(now + days * DAY_MS).toISOString(),
          scope: { repositories: null, access: 'deploy' },
        },
        createdAt: new Date(now).toISOString(),
      })
      if (!issued) throw new HttpError(400, 'The CLI session was already used', 'INVALID_SESSION')
      return { token_id: tokenId, access_token: accessToken, expires_in: (days * DAY_MS) / 1000 }
    },
  )
}
