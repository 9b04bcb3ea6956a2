/**
 * Completing a sign-in, shared by login, password reset/change, registration and
 * invitations: a pending MFA session when the user needs a code, a full one otherwise.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { isoNow } from '../clock'
import { HttpError, type ServerContext } from '../context'
import { startSession } from './sessions'
import { userRecords } from './store'
import { mfaStatusOf, userData, type UserData, type UserRow } from './users'

export async function signIn(
  ctx: ServerContext,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  remember: boolean,
): Promise<UserData> {
  // Every way in (password, reset link, SSO) ends here: a disabled account gets no session.
  if (user.disabled === 1) throw new HttpError(403, 'This account is disabled', 'USER_DISABLED')
  const mfa = mfaStatusOf(user)
  if (mfa !== 'NONE') {
    await startSession(ctx, reply, request, user.id, { remember, stage: 'mfa' })
    return userData(ctx, user, mfa)
  }
  await startSession(ctx, reply, request, user.id, { remember, stage: 'full' })
  await markSignedIn(ctx, user.id)
  // The answer still says firstLogin: true the first time, so the console can onboard.
  return userData(ctx, user)
}

export async function markSignedIn(
  { sql, clock }: Pick<ServerContext, 'sql' | 'clock'>,
  userId: number,
): Promise<void> {
  await userRecords(sql).markSignedIn(userId, isoNow(clock))
}

/** The key failed attempts are counted under: per client address and account. */
export const loginKey = (request: FastifyRequest, user: string) => `login:${request.ip}:${user.toLowerCase()}`
