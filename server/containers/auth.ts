/**
 * Authentication as registry clients (docker, podman, skopeo) expect it: a request without
 * credentials gets 401 with a `WWW-Authenticate: Bearer realm=…/v2/token` challenge; the
 * client asks the token endpoint (with basic credentials: a user's password or client token,
 * or none for anonymous reads) and sends the token it gets as `Authorization: Bearer`. The
 * user's own client token and basic credentials are accepted directly too. Reads need a user,
 * or anonymous access on; writes need a signed-in user (deploy).
 */
import { randomBytes } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { ANONYMOUS, hashToken } from '../context'
import { isoNow } from '../clock'
import type { ServerContext, SessionUser } from '../context'
import { baseUrlOf } from '../platform/baseUrl'
import { CLIENT_TOKEN_KIND, type RegistryAuth } from '../registry/auth'
import type { ContainerStore } from './store'
import { OciError } from './rules'

export const REGISTRY_TOKEN_KIND = 'registry'
/** A registry token lasts an hour: clients ask again when it expires. */
export const REGISTRY_TOKEN_SECONDS = 3600
/** Anonymous tokens carry no identity: they only stand for "no credentials" where anonymous reads are on. */
const ANONYMOUS_PREFIX = 'anon.'

export interface ContainerCaller {
  readonly user: SessionUser
  readonly anonymous: boolean
}

export type Access = 'pull' | 'push' | 'delete'

/**
 * The one place that says who may do what on a container repository. Until permission targets
 * govern registry traffic, every signed-in user may deploy and anonymous callers only read.
 */
export function allowed(caller: ContainerCaller, access: Access): boolean {
  if (access === 'pull') return true
  return !caller.anonymous
}

export function containerAuth(ctx: ServerContext, store: ContainerStore, registry: RegistryAuth) {
  const { config, clock } = ctx

  const challenge = (request: FastifyRequest, scope: string | undefined) => {
    const base = baseUrlOf(ctx, request)
    const service = new URL(base).host
    return `Bearer realm="${base}/v2/token",service="${service}"${scope ? `,scope="${scope}"` : ''}`
  }

  const basicUser = async (request: FastifyRequest, reply: FastifyReply, value: string) => {
    const decoded = Buffer.from(value.trim(), 'base64').toString('utf8')
    const colon = decoded.indexOf(':')
    return colon > 0
      ? registry.checkCredentials(request, reply, decoded.slice(0, colon), decoded.slice(colon + 1))
      : undefined
  }

  return {
    challenge,

    /**
     * The caller of a /v2/ request, or the specification's UNAUTHORIZED with a challenge when
     * credentials are missing (and needed) or wrong.
     */
    async caller(
      request: FastifyRequest,
      reply: FastifyReply,
      access: Access,
      scope: string | undefined,
    ): Promise<ContainerCaller> {
      const header = request.headers.authorization ?? ''
      const space = header.indexOf(' ')
      const scheme = space === -1 ? header : header.slice(0, space)
      const value = space === -1 ? '' : header.slice(space + 1).trim()
      const refuse = (message: string): never => {
        reply.header('WWW-Authenticate', challenge(request, scope))
        throw new OciError('UNAUTHORIZED', message)
      }
      let caller: ContainerCaller | undefined
      if (/^bearer$/i.test(scheme)) {
        if (value.startsWith(ANONYMOUS_PREFIX) && config.anonymousAccess)
          caller = { user: ANONYMOUS, anonymous: true }
        else {
          const user = await store.userOfToken(
            hashToken(value),
            [REGISTRY_TOKEN_KIND, CLIENT_TOKEN_KIND],
            isoNow(clock),
          )
          if (!user) return refuse('The token is not valid or has expired')
          caller = { user, anonymous: false }
        }
      } else if (/^basic$/i.test(scheme)) {
        const user = await basicUser(request, reply, value)
        if (!user) return refuse('Wrong user name or password')
        caller = { user, anonymous: false }
      } else if (config.anonymousAccess) caller = { user: ANONYMOUS, anonymous: true }
      if (!caller) return refuse('Authentication is required')
      if (!allowed(caller, access)) {
        if (caller.anonymous) return refuse('Authentication is required')
        throw new OciError('DENIED', `${caller.user.name} may not ${access} here`)
      }
      return caller
    },

    /**
     * The token endpoint: basic credentials give a token for the user; none give an anonymous
     * one where anonymous access is on. Wrong credentials get 401 (never silently anonymous).
     */
    async token(request: FastifyRequest, reply: FastifyReply) {
      const header = request.headers.authorization ?? ''
      const space = header.indexOf(' ')
      const scheme = space === -1 ? header : header.slice(0, space)
      const value = space === -1 ? '' : header.slice(space + 1).trim()
      const now = clock.now()
      const issued = new Date(now).toISOString()
      let token: string
      if (/^basic$/i.test(scheme)) {
        const user = await basicUser(request, reply, value)
        if (!user) throw new OciError('UNAUTHORIZED', 'Wrong user name or password')
        token = `oci_${randomBytes(32).toString('base64url')}`
        await store.saveToken(
          {
            id: randomBytes(12).toString('hex'),
            hash: hashToken(token),
            userId: user.id,
            kind: REGISTRY_TOKEN_KIND,
          },
          issued,
          new Date(now + REGISTRY_TOKEN_SECONDS * 1000).toISOString(),
        )
      } else if (/^bearer$/i.test(scheme)) {
        // A client token sent as it is: the client may use it directly.
        const user = await store.userOfToken(hashToken(value), [CLIENT_TOKEN_KIND, CLIENT_TOKEN_KIND], issued)
        if (!user) throw new OciError('UNAUTHORIZED', 'The token is not valid or has expired')
        token = value
      } else if (config.anonymousAccess) token = `${ANONYMOUS_PREFIX}${randomBytes(8).toString('hex')}`
      else throw new OciError('UNAUTHORIZED', 'Authentication is required')
      return { token, access_token: token, expires_in: REGISTRY_TOKEN_SECONDS, issued_at: issued }
    },
  }
}

export type ContainerAuth = ReturnType<typeof containerAuth>
