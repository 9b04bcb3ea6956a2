/**
 * Who is calling a registry endpoint (/artifactory/…): a client token (`Authorization:
 * Bearer`, the `.npmrc` `_authToken` set-me-up generates or `npm login` returns), basic
 * credentials (`_auth`: user and password, or user and token), or the console's session
 * cookie (state-changing calls then need the same-origin proof the API needs). Anonymous
 * reads only where anonymous access is on. Basic credentials count against the login
 * rate limit, as the login form's do.
 */
import { randomBytes } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { ANONYMOUS, hashToken } from '../context'
import { HttpError, type ServerContext, type SessionUser } from '../context'
import { findUserByName } from '../auth/users'
import { verifyPassword } from '../auth/passwords'
import { createRateLimiter } from '../auth/rateLimit'
import { checkSameOrigin } from '../security'
import type { TokenScope } from '../permissions/rules'

/** Client tokens last a year; the user can generate another at any time. */
const TOKEN_LIFETIME_MS = 365 * 24 * 3600 * 1000
export const CLIENT_TOKEN_KIND = 'client'

export interface RegistryCaller {
  readonly user: SessionUser
  readonly anonymous: boolean
  /** What the client token the caller came with allows at most (none: the user's own rights). */
  readonly scope?: TokenScope
}

export function registryAuth(ctx: ServerContext) {
  const { db, config } = ctx
  const limiter = createRateLimiter(ctx, config.rateLimit)
  const byToken = db.prepare(
    `SELECT u.id, u.name, u.admin, u.realm FROM access_tokens t JOIN users u ON u.id = t.user_id
     WHERE t.token_hash = ? AND t.kind = ? AND t.expires_at > ?`,
  )
  const insertToken = db.prepare(
    `INSERT INTO access_tokens (id, token_hash, user_id, kind, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)`,
  )

  const userOfToken = (token: string): SessionUser | undefined => {
    const row = byToken.get(hashToken(token), CLIENT_TOKEN_KIND, new Date().toISOString()) as
      { id: number; name: string; admin: number; realm: string } | undefined
    return row && { id: row.id, name: row.name, admin: row.admin === 1, realm: row.realm }
  }

  /** A user's name and password (or token); undefined when wrong. Counts failures. */
  const checkCredentials = async (
    request: FastifyRequest,
    reply: FastifyReply,
    name: string,
    secret: string,
  ): Promise<SessionUser | undefined> => {
    const key = `login:${request.ip}:${name.toLowerCase()}`
    // Taken before the secret is checked (parallel guesses all count); a right one gives it back.
    limiter.take(key, reply)
    const viaToken = userOfToken(secret)
    if (viaToken && viaToken.name === name) {
      limiter.refund(key)
      return viaToken
    }
    const user = findUserByName(db, name)
    if (user && (await verifyPassword(secret, user.password_hash)) && user.credentials_expired !== 1) {
      limiter.refund(key)
      return { id: user.id, name: user.name, admin: user.admin === 1, realm: user.realm }
    }
    return undefined
  }

  const api = {
    checkCredentials,

    /** A fresh client token for the user; only its hash is stored. */
    issueToken(userId: number, now = new Date()): string {
      const token = `cnt_${randomBytes(32).toString('base64url')}`
      insertToken.run(
        randomBytes(12).toString('hex'),
        hashToken(token),
        userId,
        CLIENT_TOKEN_KIND,
        now.toISOString(),
        new Date(now.getTime() + TOKEN_LIFETIME_MS).toISOString(),
      )
      return token
    },

    /**
     * The caller, or a 401 when credentials are sent and wrong (never silently anonymous).
     * Without credentials: anonymous when anonymous access is on and `write` is false.
     */
    async caller(request: FastifyRequest, reply: FastifyReply, write: boolean): Promise<RegistryCaller> {
      const header = request.headers.authorization ?? ''
      const [scheme, value = ''] = header.split(' ', 2) as [string, string?]
      if (/^bearer$/i.test(scheme)) {
        const user = userOfToken(value.trim())
        if (!user) throw new HttpError(401, 'The token is not valid or has expired', 'UNAUTHORIZED')
        return { user, anonymous: false }
      }
      if (/^basic$/i.test(scheme)) {
        const decoded = Buffer.from(value.trim(), 'base64').toString('utf8')
        const colon = decoded.indexOf(':')
        const user =
          colon > 0
            ? await checkCredentials(request, reply, decoded.slice(0, colon), decoded.slice(colon + 1))
            : undefined
        if (!user) throw new HttpError(401, 'Wrong user name or password', 'UNAUTHORIZED')
        return { user, anonymous: false }
      }
      const sessionUser = ctx.currentUser(request)
      if (sessionUser) {
        if (write) checkSameOrigin(request)
        return { user: sessionUser, anonymous: false }
      }
      if (!write && config.anonymousAccess) return { user: ANONYMOUS, anonymous: true }
      throw new HttpError(401, 'Authentication is required', 'UNAUTHORIZED')
    },
  }

  // A write's caller is found before its body is read (authenticateWrite), then asked for again
  // by the handler: answered from here, so basic credentials are checked once.
  const writers = new WeakMap<FastifyRequest, RegistryCaller>()
  const caller = async (request: FastifyRequest, reply: FastifyReply, write: boolean) => {
    const known = writers.get(request)
    if (known) return known
    const found = await api.caller(request, reply, write)
    if (write) writers.set(request, found)
    return found
  }
  return {
    ...api,
    caller,
    /**
     * An onRequest hook: a write (any method but GET and HEAD) is authenticated before its body
     * is read, so a stranger cannot make a node read and parse a large body.
     */
    async authenticateWrite(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      if (request.method !== 'GET' && request.method !== 'HEAD') await caller(request, reply, true)
    },
  }
}

export type RegistryAuth = ReturnType<typeof registryAuth>
