/**
 * TOTP multi-factor authentication (otpauth). A login of a user with `mfa_required` leaves
 * a pending session: ENROLL until a first code is verified, VERIFY afterwards. The access
 * service answers the same two steps (spec 000 section 7, "access enroll"; section 8, "access
 * OTP failure") with its failures as `errors: [{code, message}]`; either login's pending
 * session may take either.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { Secret, TOTP } from 'otpauth'
import { HttpError, type ServerContext } from '../context'
import { readGeneralConfig } from '../admin/generalConfig'
import { ACCESS_API, accessErrors, inAccessShape } from './accessShape'
import type { RateLimiter } from './rateLimit'
import { errors, userDataSchema } from './schemas'
import { completeSession, findSession } from './sessions'
import { userRecords, type SessionRow } from './store'
import { markSignedIn } from './signIn'
import { findUserById, userData, type UserRow } from './users'

const PERIOD_SECONDS = 30

async function totpFor(ctx: ServerContext, user: UserRow, secret: string): Promise<TOTP> {
  return new TOTP({
    issuer: (await readGeneralConfig(ctx.sql, ctx.config)).serverName,
    label: user.name,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  })
}

async function pendingLogin(
  ctx: ServerContext,
  request: FastifyRequest,
): Promise<{ session: SessionRow; user: UserRow }> {
  const session = await findSession(ctx, request)
  const user = session?.stage === 'mfa' ? await findUserById(ctx.sql, session.user_id) : undefined
  if (!session || !user)
    throw new HttpError(403, 'No sign-in is waiting for a one-time code', 'NO_PENDING_LOGIN')
  return { session, user }
}

/** The access service's enrolment and verification of the pending login's code. */
export const ACCESS_MFA_ENROLL_PATH = `${ACCESS_API}/mfa/enroll`
export const ACCESS_MFA_VERIFY_PATH = `${ACCESS_API}/mfa/verify`

const enrollmentSchema = {
  type: 'object',
  properties: { secret: { type: 'string' }, otpauthUrl: { type: 'string' } },
  required: ['secret', 'otpauthUrl'],
} as const

const otpBody = {
  type: 'object',
  properties: { otp: { type: 'string', minLength: 1, maxLength: 10 } },
  required: ['otp'],
  additionalProperties: false,
} as const

export function registerMfaRoutes(app: FastifyInstance, ctx: ServerContext, limiter: RateLimiter): void {
  const { sql } = ctx

  async function enroll(request: FastifyRequest) {
    const { user } = await pendingLogin(ctx, request)
    if (user.mfa_enrolled === 1)
      throw new HttpError(403, 'This account is already enrolled: enter a code instead', 'ALREADY_ENROLLED')
    // A new secret on every call: an abandoned enrolment leaves nothing usable behind.
    const secret = new Secret({ size: 20 }).base32
    await userRecords(sql).setMfaSecret(user.id, secret)
    return { secret, otpauthUrl: (await totpFor(ctx, user, secret)).toString() }
  }

  async function verify(request: FastifyRequest, reply: FastifyReply, code: string) {
    const { session, user } = await pendingLogin(ctx, request)
    const key = `otp:${user.id}`
    await limiter.take(key, reply)
    if (!user.mfa_secret) throw new HttpError(403, 'Enrol first: no authenticator is set up', 'NOT_ENROLLED')
    const otp = code.replace(/\s+/g, '')
    const timestamp = ctx.clock.now()
    const delta = /^\d{6}$/.test(otp)
      ? (await totpFor(ctx, user, user.mfa_secret)).validate({ token: otp, window: 1, timestamp })
      : null
    const counter = delta === null ? null : Math.floor(timestamp / 1000 / PERIOD_SECONDS) + delta
    // A code already used (same or earlier time step) is refused: no replay within its window.
    if (counter === null || counter <= user.mfa_last_counter) {
      throw new HttpError(401, 'Invalid code', 'INVALID_OTP')
    }
    await limiter.refund(key)
    const accepted = await sql.transaction(async (tx) => {
      // The step is recorded only if no request with the same code got there first.
      if (!(await userRecords(tx).acceptMfaStep(user.id, counter))) return false
      // Setting the cookie again, should PostgreSQL run this again, sets the same one.
      await completeSession({ sql: tx, clock: ctx.clock }, request, reply, session)
      await markSignedIn({ sql: tx, clock: ctx.clock }, user.id)
      return true
    })
    if (!accepted) throw new HttpError(401, 'Invalid code', 'INVALID_OTP')
    return userData(ctx, user)
  }

  app.get(
    '/ui/auth/mfa/enroll',
    {
      schema: {
        summary: 'Start TOTP enrolment of the pending login: a new secret and its otpauth URL',
        response: { 200: enrollmentSchema, ...errors(403) },
      },
    },
    async (request) => enroll(request),
  )

  app.post<{ Body: { otp: string } }>(
    '/ui/auth/mfa/verify',
    {
      schema: {
        summary: 'Verify a one-time code; completes the pending login (and an enrolment)',
        body: otpBody,
        response: { 200: userDataSchema, ...errors(400, 401, 403, 429) },
      },
    },
    async (request, reply) => verify(request, reply, request.body.otp),
  )

  app.get(
    ACCESS_MFA_ENROLL_PATH,
    {
      schema: {
        summary: "The access service's TOTP enrolment of the pending login (failures as `errors`)",
        response: { 200: enrollmentSchema, ...accessErrors(400, 403) },
      },
    },
    async (request, reply) => inAccessShape(reply, () => enroll(request)),
  )

  app.post<{ Body: { otp: string } }>(
    ACCESS_MFA_VERIFY_PATH,
    {
      schema: {
        summary: "The access service's check of a one-time code; completes the pending login",
        body: otpBody,
        response: { 200: userDataSchema, ...accessErrors(400, 401, 403, 429) },
      },
    },
    async (request, reply) => inAccessShape(reply, () => verify(request, reply, request.body.otp)),
  )
}
