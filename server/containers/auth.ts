/**
 * Authentication as registry clients (docker, podman, skopeo) expect it: a request without
 * credentials gets 401 with a `WWW-Authenticate: Bearer realm=…/v2/token` challenge; the
 * client asks the token endpoint (with basic credentials: a user's password or client token,
 * or none for anonymous reads) and sends the token it gets as `Authorization: Bearer`. The
 * user's own client token and basic credentials are accepted directly too. What a caller may
 * read, push or delete is the platform's one authoriser's (permissions/authorize.ts).
 */
import { randomBytes } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { ANONYMOUS, hashToken } from '../context'
import { isoNow } from '../clock'
import { HttpError, type ServerContext } from '../context'
import { readBaseUrl } from '../platform/baseUrl'
import { CLIENT_TOKEN_KIND, type RegistryAuth, type RegistryCaller } from '../registry/auth'
import type { ContainerStore } from './store'
import { OciError } from './rules'

export const REGISTRY_TOKEN_KIND = 'registry'
/** A registry token lasts an hour: clients ask again when it expires. */
export const REGISTRY_TOKEN_SECONDS = 3600
/** Anonymous tokens carry no identity: they only stand for "no credentials" where anonymous reads are on. */
const ANONYMOUS_PREFIX = 'anon.'
const REGISTRY_TOKEN_PREFIX = 'oci_'

export type ContainerCaller = RegistryCaller

export type Access = 'pull' | 'push' | 'delete'

export function containerAuth(ctx: ServerContext, store: ContainerStore, registry: RegistryAuth) {
  const { config, clock } = ctx

  const challenge = async (request: FastifyRequest, scope: string | undefined) => {
    const base = await readBaseUrl(ctx, request)
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
     * Who calls a /v2/ request: an anonymous token (where anonymous access is on), a registry
     * token of the token endpoint, or else whatever the platform's registry clients may send
     * (a client token, basic credentials). Missing or wrong credentials get the specification's
     * UNAUTHORIZED with the challenge. What the caller may do is the authoriser's to say.
     */
    async caller(
      request: FastifyRequest,
      reply: FastifyReply,
      write: boolean,
      scope: string | undefined,
    ): Promise<ContainerCaller> {
      const header = request.headers.authorization ?? ''
      const space = header.indexOf(' ')
      const scheme = space === -1 ? header : header.slice(0, space)
      const value = space === -1 ? '' : header.slice(space + 1).trim()
      const refuse = async (message: string): Promise<never> => {
        reply.header('WWW-Authenticate', await challenge(request, scope))
        throw new OciError('UNAUTHORIZED', message)
      }
      if (/^bearer$/i.test(scheme) && value.startsWith(ANONYMOUS_PREFIX)) {
        if (!config.anonymousAccess || write) return refuse('Authentication is required')
        return { user: ANONYMOUS, anonymous: true }
      }
      if (/^bearer$/i.test(scheme) && value.startsWith(REGISTRY_TOKEN_PREFIX)) {
        const user = await store.userOfToken(
          hashToken(value),
          [REGISTRY_TOKEN_KIND, REGISTRY_TOKEN_KIND],
          isoNow(clock),
        )
        if (!user) return refuse('The token is not valid or has expired')
        return { user, anonymous: false }
      }
      // The version check asks for credentials whenever none are sent, so `docker login` checks them.
      if (!header && scope === undefined) return refuse('Authentication is required')
      try {
        return await registry.caller(request, reply, write)
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 401) return refuse(error.message)
        throw error
      }
    },

    /** A refusal of what the authoriser does not allow: a challenge for anonymous callers, DENIED for others. */
    async refuse(
      request: FastifyRequest,
      reply: FastifyReply,
      caller: ContainerCaller,
      scope: string | undefined,
    ): Promise<never> {
      if (caller.anonymous) {
        reply.header('WWW-Authenticate', await challenge(request, scope))
        throw new OciError('UNAUTHORIZED', 'Authentication is required')
      }
      throw new OciError('DENIED', `${caller.user.name} may not do this here`)
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
        if (!user) throw new OciError('UNAUTHORIZED', 'Wrong username or password')
        if (user.scope) {
          // A client token given as the password: answered as it is, so its scope still holds
          // (a registry token stands for its user's whole rights).
          const decoded = Buffer.from(value, 'base64').toString('utf8')
          token = decoded.slice(decoded.indexOf(':') + 1)
          return { token, access_token: token, expires_in: REGISTRY_TOKEN_SECONDS, issued_at: issued }
        }
        token = `${REGISTRY_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`
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
