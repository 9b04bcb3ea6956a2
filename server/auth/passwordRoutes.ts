/**
 * Forgot, reset and change password. Reset and change end the user's other sessions and
 * sign the person in without remember-me.
 */
import type { FastifyInstance } from 'fastify'
import { HttpError, type ServerContext } from '../context'
import { readGeneralConfig } from '../admin/generalConfig'
import { sendMail } from '../mail/outbox'
import { readBaseUrl } from '../platform/baseUrl'
import { consumeToken, findUsableToken, issueMailToken } from './mailTokens'
import { hashPassword, passwordProblem, verifyPassword } from './passwords'
import { passwordPolicyOf } from '../admin/securityRoutes'
import type { RateLimiter } from './rateLimit'
import { errors, messageSchema, passwordSchema, tokenSchema, userDataSchema } from './schemas'
import { loginKey, signIn } from './signIn'
import { userRecords } from './store'
import { findUserById, findUserByName, findUserByNameOrEmail, type UserRow } from './users'
import { isoNow, type Clock } from '../clock'
import type { Sql } from '../db/sql'

export const FORGOT_PASSWORD_ANSWER =
  'If the account exists and has an email address, a link to reset the password has been sent to it.'

/** Sets a new password and clears the expiry flags; ends every session of the user. */
export async function setPassword(
  { sql, clock }: { readonly sql: Sql; readonly clock: Clock },
  userId: number,
  hash: string,
): Promise<void> {
  await userRecords(sql).setPassword(userId, hash, isoNow(clock))
}

export function registerPasswordRoutes(app: FastifyInstance, ctx: ServerContext, limiter: RateLimiter): void {
  const { config } = ctx

  app.post<{ Body: { user: string } }>(
    '/ui/auth/forgotPassword',
    {
      schema: {
        summary: 'Mail a password reset link (the same answer whether or not the user exists)',
        body: {
          type: 'object',
          properties: { user: { type: 'string', minLength: 1, maxLength: 254 } },
          required: ['user'],
          additionalProperties: false,
        },
        response: { 200: messageSchema, ...errors(400, 403, 429) },
      },
    },
    async (request, reply) => {
      const key = `forgot:${request.ip}`
      await limiter.take(key, reply)
      const general = await readGeneralConfig(ctx.sql, ctx.config)
      if (!general.forgotPasswordEnabled)
        throw new HttpError(403, 'Password reset by email is disabled on this platform', 'DISABLED')
      const user = await findUserByNameOrEmail(ctx.sql, request.body.user.trim())
      if (user && user.email && user.realm === 'internal') {
        const { token } = await issueMailToken(ctx, 'reset', { userId: user.id, email: user.email })
        const link = `${await readBaseUrl(ctx, request)}/ui/login/reset-password?key=${encodeURIComponent(token)}`
        sendMail(
          config.dataDir,
          {
            to: user.email,
            subject: `${general.serverName}: reset your password`,
            text: [
              `Hello ${user.name},`,
              '',
              'Someone (hopefully you) asked to reset the password of this account. To choose a new password, open:',
              '',
              link,
              '',
              'The link works once, within one hour. If you did not ask for it, ignore this message.',
            ].join('\n'),
          },
          new Date(ctx.clock.now()),
        )
      }
      return { message: FORGOT_PASSWORD_ANSWER }
    },
  )

  app.post<{ Querystring: { key: string } }>(
    '/ui/auth/validateKey',
    {
      schema: {
        summary: 'Check a password reset key; answers the user it belongs to',
        querystring: {
          type: 'object',
          properties: { key: tokenSchema },
          required: ['key'],
          additionalProperties: false,
        },
        response: {
          200: { type: 'object', properties: { user: { type: 'string' } }, required: ['user'] },
          ...errors(400),
        },
      },
    },
    async (request) => {
      const token = await findUsableToken(ctx, 'reset', request.query.key)
      const user = token?.user_id != null ? await findUserById(ctx.sql, token.user_id) : undefined
      if (!user) throw new HttpError(400, 'The reset link is invalid, already used or expired', 'INVALID_KEY')
      return { user: user.name }
    },
  )

  app.post<{ Querystring: { key: string }; Body: { user: string; password: string } }>(
    '/ui/auth/resetPassword',
    {
      schema: {
        summary: 'Set a new password with a reset key; signs the person in (no remember-me)',
        querystring: {
          type: 'object',
          properties: { key: tokenSchema },
          required: ['key'],
          additionalProperties: false,
        },
        body: {
          type: 'object',
          properties: { user: { type: 'string', minLength: 1, maxLength: 254 }, password: passwordSchema },
          required: ['user', 'password'],
          additionalProperties: false,
        },
        response: { 200: userDataSchema, ...errors(400) },
      },
    },
    async (request, reply) => {
      const token = await findUsableToken(ctx, 'reset', request.query.key)
      const user = token?.user_id != null ? await findUserById(ctx.sql, token.user_id) : undefined
      if (!token || !user || user.name.toLowerCase() !== request.body.user.toLowerCase())
        throw new HttpError(400, 'The reset link is invalid, already used or expired', 'INVALID_KEY')
      const problem = passwordProblem(request.body.password, await passwordPolicyOf(ctx.sql))
      if (problem) throw new HttpError(400, problem, 'WEAK_PASSWORD')
      const hash = await hashPassword(request.body.password)
      const updated = await ctx.sql.transaction(async (tx): Promise<UserRow | undefined> => {
        const store = { sql: tx, clock: ctx.clock }
        if (!(await consumeToken(store, token.token_hash))) return undefined
        await setPassword(store, user.id, hash)
        return findUserById(tx, user.id)
      })
      if (!updated)
        throw new HttpError(400, 'The reset link is invalid, already used or expired', 'INVALID_KEY')
      return signIn(ctx, request, reply, updated, false)
    },
  )

  app.post<{ Body: { userName: string; oldPassword: string; newPassword: string } }>(
    '/ui/auth/changePassword',
    {
      schema: {
        summary: 'Change a password (also an expired one); signs the person in (no remember-me)',
        body: {
          type: 'object',
          properties: {
            userName: { type: 'string', minLength: 1, maxLength: 254 },
            oldPassword: passwordSchema,
            newPassword: passwordSchema,
          },
          required: ['userName', 'oldPassword', 'newPassword'],
          additionalProperties: false,
        },
        response: { 200: userDataSchema, ...errors(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const { userName, oldPassword, newPassword } = request.body
      const key = loginKey(request, userName)
      await limiter.take(key, reply)
      const user = await findUserByName(ctx.sql, userName)
      if (!user || !(await verifyPassword(oldPassword, user.password_hash)))
        throw new HttpError(401, 'The current password is wrong', 'BAD_CREDENTIALS')
      await limiter.refund(key)
      const problem = passwordProblem(newPassword, await passwordPolicyOf(ctx.sql))
      if (problem) throw new HttpError(400, problem, 'WEAK_PASSWORD')
      if (newPassword === oldPassword)
        throw new HttpError(400, 'The new password must differ from the current one', 'SAME_PASSWORD')
      const hash = await hashPassword(newPassword)
      await ctx.sql.transaction((tx) => setPassword({ sql: tx, clock: ctx.clock }, user.id, hash))
      return signIn(ctx, request, reply, (await findUserById(ctx.sql, user.id)) ?? user, false)
    },
  )
}
