/**
 * Who is calling a registry endpoint (/artifactory/…): a client token (`Authorization:
 * Bearer`, the `.npmrc` `_authToken` set-me-up generates or `npm login` returns), basic
 * credentials (`_auth`: user and password, or user and token), or the console's session
 * cookie (state-changing calls then need the same-origin proof the API needs). Anonymous
 * reads only where anonymous access is on. Basic credentials count against the login
 * rate limit, as the login form's do. A user who must use multi-factor authentication cannot
 * sign in with a password here (no second factor can be asked): a client token is the way.
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
import { isoNow } from '../clock'
import { CLIENT_TOKEN_KIND, tokenStore } from '../tokens/store'
import { tokenGrant, type TokenRequest } from '../tokens/rules'
import { repositoryStore } from '../repositories/store'

export { CLIENT_TOKEN_KIND }

export interface RegistryCaller {
  readonly user: SessionUser
  readonly anonymous: boolean
  /** What the client token the caller came with allows at most (none: the user's own rights). */
  readonly scope?: TokenScope
}

export function registryAuth(ctx: ServerContext) {
  const { config } = ctx
  const limiter = createRateLimiter(ctx, config.rateLimit)
  const tokens = tokenStore(ctx.sql)

  const userOfToken = async (token: string): Promise<(SessionUser & { scope: TokenScope }) | undefined> =>
    tokens.ownerOf(hashToken(token), isoNow(ctx.clock))

  /**
   * A user's name and password (or token); undefined when wrong. Counts failures. A right
   * password of a user who must use MFA, or whose credentials or password expired, is refused
   * with the reason (only once the password is known to be right).
   */
  const checkCredentials = async (
    request: FastifyRequest,
    reply: FastifyReply,
    name: string,
    secret: string,
  ): Promise<(SessionUser & { scope?: TokenScope }) | undefined> => {
    const key = `login:${request.ip}:${name.toLowerCase()}`
    // Taken before the secret is checked (parallel guesses all count); a right one gives it back.
    await limiter.take(key, reply)
    const viaToken = await userOfToken(secret)
    if (viaToken && viaToken.name === name) {
      await limiter.refund(key)
      return viaToken
    }
    const user = await findUserByName(ctx.sql, name)
    if (user && (await verifyPassword(secret, user.password_hash))) {
      await limiter.refund(key)
      if (user.disabled === 1) throw new HttpError(401, 'This account is disabled', 'USER_DISABLED')
      if (user.mfa_required === 1)
        throw new HttpError(
          401,
          'This user signs in with multi-factor authentication: use a client token (Edit Profile, Tokens)',
          'MFA_REQUIRED',
        )
      if (user.credentials_expired === 1 || user.password_expired === 1)
        throw new HttpError(401, 'The password has expired: sign in to the console to change it', 'EXPIRED')
      return { id: user.id, name: user.name, admin: user.admin === 1, realm: user.realm }
    }
    return undefined
  }

  const api = {
    checkCredentials,

    /**
     * A fresh client token for the user, as asked (default: 30 days, every repository, read and
     * deploy), within the admins' maximum; only its hash is stored. 400 for a request out of bounds.
     */
    async issueToken(
      userId: number,
      asked: TokenRequest = {},
    ): Promise<{ token: string; id: string; expiresAt: string }> {
      const now = ctx.clock.now()
      // The rules are synchronous: the repositories asked for are looked up first.
      const existing = new Set<string>()
      for (const key of asked.repositories ?? [])
        if (await repositoryStore(ctx.sql).exists(key)) existing.add(key)
      const verdict = tokenGrant(asked, await tokens.policy(), now, (key) => existing.has(key))
      if (!verdict.ok) throw new HttpError(400, verdict.problem, 'BAD_TOKEN_REQUEST')
      const token = `cnt_${randomBytes(32).toString('base64url')}`
      const id = randomBytes(12).toString('hex')
      await tokens.insert(id, hashToken(token), userId, verdict.grant, new Date(now).toISOString())
      return { token, id, expiresAt: verdict.grant.expiresAt }
    },

    /**
     * The caller, or a 401 when credentials are sent and wrong (never silently anonymous).
     * Without credentials: anonymous when anonymous access is on and `write` is false.
     */
    async caller(request: FastifyRequest, reply: FastifyReply, write: boolean): Promise<RegistryCaller> {
      const header = request.headers.authorization ?? ''
      const [scheme, value = ''] = header.split(' ', 2) as [string, string?]
      if (/^bearer$/i.test(scheme)) {
        const owner = await userOfToken(value.trim())
        if (!owner) throw new HttpError(401, 'The token is not valid or has expired', 'UNAUTHORIZED')
        const { scope, ...user } = owner
        return { user, anonymous: false, scope }
      }
      if (/^basic$/i.test(scheme)) {
        const decoded = Buffer.from(value.trim(), 'base64').toString('utf8')
        const colon = decoded.indexOf(':')
        const user =
          colon > 0
            ? await checkCredentials(request, reply, decoded.slice(0, colon), decoded.slice(colon + 1))
            : undefined
        if (!user) throw new HttpError(401, 'Wrong username or password', 'UNAUTHORIZED')
        const { scope, ...who } = user
        return { user: who, anonymous: false, ...(scope ? { scope } : {}) }
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
