/**
 * Sign-ins in flight to an identity provider. Each is bound to the browser that started it by
 * an HttpOnly cookie (SameSite=Lax: the provider's answer arrives as a cross-site top-level
 * navigation, which Strict would strip); the server keeps the state, nonce and PKCE verifier,
 * so none of them is ever in the browser's storage. A pending sign-in is used at most once.
 */
import { randomBytes } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { hashToken, type StoreContext } from '../context'
import { isoNow } from '../clock'
import { ssoPath } from './origin'

export const SSO_BINDING_COOKIE = 'console_sso'
/** How long a person may take at the provider. */
export const PENDING_SIGN_IN_MS = 10 * 60 * 1000

export interface PendingSignIn {
  readonly kind: 'oidc' | 'saml'
  readonly state: string
  readonly nonce: string
  readonly codeVerifier: string
  /** A same-origin path, checked before it was stored. */
  readonly redirectTo: string
}

export function startPendingSignIn(
  { db, clock }: StoreContext,
  request: FastifyRequest,
  reply: FastifyReply,
  pending: PendingSignIn,
): void {
  const binding = randomBytes(32).toString('base64url')
  const now = clock.now()
  db.prepare('DELETE FROM sso_requests WHERE expires_at <= ?').run(new Date(now).toISOString())
  db.prepare(
    `INSERT INTO sso_requests (binding_hash, kind, state, nonce, code_verifier, redirect_to, expires_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    hashToken(binding),
    pending.kind,
    pending.state,
    pending.nonce,
    pending.codeVerifier,
    pending.redirectTo,
    new Date(now + PENDING_SIGN_IN_MS).toISOString(),
  )
  reply.setCookie(SSO_BINDING_COOKIE, binding, {
    path: ssoPath(''),
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: Math.floor(PENDING_SIGN_IN_MS / 1000),
  })
}

/**
 * The pending sign-in of this browser, taken (deleted) so an answer is used once; undefined
 * when there is none, it expired or it is of another kind.
 */
export function takePendingSignIn(
  { db, clock }: StoreContext,
  request: FastifyRequest,
  reply: FastifyReply,
  kind: PendingSignIn['kind'],
): PendingSignIn | undefined {
  const binding = request.cookies[SSO_BINDING_COOKIE]
  reply.clearCookie(SSO_BINDING_COOKIE, { path: ssoPath(''), httpOnly: true, sameSite: 'lax' })
  if (!binding) return undefined
  const row = db
    .prepare(
      `DELETE FROM sso_requests WHERE binding_hash = ? RETURNING kind, state, nonce, code_verifier, redirect_to, expires_at`,
    )
    .get(hashToken(binding)) as
    | {
        kind: string
        state: string
        nonce: string
        code_verifier: string
        redirect_to: string
        expires_at: string
      }
    | undefined
  if (!row || row.kind !== kind || row.expires_at <= isoNow(clock)) return undefined
  return {
    kind,
    state: row.state,
    nonce: row.nonce,
    codeVerifier: row.code_verifier,
    redirectTo: row.redirect_to,
  }
}
