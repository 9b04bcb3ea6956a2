/**
 * Sign-ins in flight to an identity provider. Each is bound to the browser that started it by
 * an HttpOnly cookie (SameSite=Lax: the provider's answer arrives as a cross-site top-level
 * navigation, which Strict would strip); the server keeps the state, nonce and PKCE verifier,
 * so none of them is ever in the browser's storage. A pending sign-in is used at most once.
 */
import { randomBytes } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { hashToken } from '../context'
import { isoNow, type Clock } from '../clock'
import type { Sql } from '../db/sql'
import { ssoStore } from './store'
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

export async function startPendingSignIn(
  { sql, clock }: { readonly sql: Sql; readonly clock: Clock },
  request: FastifyRequest,
  reply: FastifyReply,
  pending: PendingSignIn,
): Promise<void> {
  const binding = randomBytes(32).toString('base64url')
  const now = clock.now()
  await ssoStore(sql).addPending(
    hashToken(binding),
    {
      kind: pending.kind,
      state: pending.state,
      nonce: pending.nonce,
      code_verifier: pending.codeVerifier,
      redirect_to: pending.redirectTo,
      expires_at: new Date(now + PENDING_SIGN_IN_MS).toISOString(),
    },
    new Date(now).toISOString(),
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
export async function takePendingSignIn(
  { sql, clock }: { readonly sql: Sql; readonly clock: Clock },
  request: FastifyRequest,
  reply: FastifyReply,
  kind: PendingSignIn['kind'],
): Promise<PendingSignIn | undefined> {
  const binding = request.cookies[SSO_BINDING_COOKIE]
  reply.clearCookie(SSO_BINDING_COOKIE, { path: ssoPath(''), httpOnly: true, sameSite: 'lax' })
  if (!binding) return undefined
  const row = await ssoStore(sql).takePending(hashToken(binding))
  if (!row || row.kind !== kind || row.expires_at <= isoNow(clock)) return undefined
  return {
    kind,
    state: row.state,
    nonce: row.nonce,
    codeVerifier: row.code_verifier,
    redirectTo: row.redirect_to,
  }
}
