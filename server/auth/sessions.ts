/**
 * Browser sessions: a random token in the HttpOnly, SameSite=Strict cookie, its sha256 in the
 * sessions table. A login that still needs a one-time code gets a session in stage 'mfa',
 * which only the MFA calls accept.
 */
import { randomBytes } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { SESSION_COOKIE, hashToken } from '../context'
import { isoNow, type Clock } from '../clock'
import type { Sql } from '../db/sql'
import { sessionRecords, type SessionRow, type SessionStage } from './store'

/** What the session calls read: the database, and the time their expiries are measured by. */
export interface SessionStore {
  readonly sql: Sql
  readonly clock: Clock
}

/** Remember-me keeps the cookie for two weeks; otherwise it lives until the browser closes. */
export const REMEMBER_ME_MS = 14 * 24 * 60 * 60 * 1000
/** Server-side bound of a session without remember-me (the browser may stay open for days). */
export const SESSION_MS = 12 * 60 * 60 * 1000
/** A login waiting for its one-time code. */
export const PENDING_MFA_MS = 10 * 60 * 1000

export async function startSession(
  { sql, clock }: SessionStore,
  reply: FastifyReply,
  request: FastifyRequest,
  userId: number,
  options: { remember: boolean; stage: SessionStage },
): Promise<void> {
  const token = randomBytes(32).toString('base64url')
  const now = clock.now()
  const lifetime = options.stage === 'mfa' ? PENDING_MFA_MS : options.remember ? REMEMBER_ME_MS : SESSION_MS
  // A new session replaces the one this browser had (no session fixation, no pile-up).
  await endSession({ sql }, request, reply)
  await sessionRecords(sql).add({
    idHash: hashToken(token),
    userId,
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + lifetime).toISOString(),
    stage: options.stage,
    remember: options.remember,
  })
  setSessionCookie(
    reply,
    request,
    token,
    options.remember && options.stage === 'full' ? REMEMBER_ME_MS : undefined,
  )
}

function setSessionCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  token: string,
  maxAgeMs: number | undefined,
) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    ...(maxAgeMs !== undefined ? { maxAge: Math.floor(maxAgeMs / 1000) } : {}),
  })
}

/** The session of this request in any stage, if it is still valid. */
export async function findSession(
  { sql, clock }: SessionStore,
  request: FastifyRequest,
): Promise<SessionRow | undefined> {
  const token = request.cookies[SESSION_COOKIE]
  if (!token) return undefined
  return sessionRecords(sql).find(hashToken(token), isoNow(clock))
}

/** Promotes a pending MFA session to a full one, keeping its token; the cookie gets its final lifetime. */
export async function completeSession(
  { sql, clock }: SessionStore,
  request: FastifyRequest,
  reply: FastifyReply,
  session: SessionRow,
): Promise<void> {
  const token = request.cookies[SESSION_COOKIE]
  if (!token) return
  const remember = session.remember === 1
  await sessionRecords(sql).complete(
    session.id_hash,
    new Date(clock.now() + (remember ? REMEMBER_ME_MS : SESSION_MS)).toISOString(),
  )
  setSessionCookie(reply, request, token, remember ? REMEMBER_ME_MS : undefined)
}

export async function endSession(
  { sql }: Pick<SessionStore, 'sql'>,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const token = request.cookies[SESSION_COOKIE]
  if (token) await sessionRecords(sql).remove(hashToken(token))
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'strict' })
}

/** Expired sessions are dropped now and then, so the table stays bounded. */
export async function pruneSessions({ sql, clock }: SessionStore): Promise<void> {
  await sessionRecords(sql).prune(isoNow(clock))
}
