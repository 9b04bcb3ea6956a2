/**
 * Response headers and request checks that apply to every route.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { HttpError } from './context'

// script-src 'self' without unsafe-inline/unsafe-eval: the console ships no inline script.
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ')

export function securityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('X-Content-Type-Options', 'nosniff')
  reply.header('Referrer-Policy', 'same-origin')
  reply.header('X-Frame-Options', 'DENY')
  if (request.url.startsWith('/ui/api/')) reply.header('Cache-Control', 'no-store')
  else reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY)
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Endpoints posted to by what is not this console's page: an identity provider's page (a plain
 * HTML form) posting to the SAML assertion consumer, and the CLI posting its login code back (no
 * browser, so no X-Requested-With and no Origin). What vouches for such a request is its own
 * content, checked there (the signed assertion; the session with its code, once), never a cookie,
 * so a forged cross-site request gains nothing.
 */
const CROSS_SITE_POSTS = new Set([
  '/ui/api/v1/ui/auth/sso/saml/acs',
  '/ui/api/v1/access/api/v2/authentication/jfrog_client_login/response',
])

/**
 * Cross-site request forgery guard: a state-changing request must come from this origin
 * (Origin header, or Sec-Fetch-Site when a browser sends no Origin) and carry
 * X-Requested-With, which a cross-site form cannot set.
 */
export function checkSameOrigin(request: FastifyRequest): void {
  if (SAFE_METHODS.has(request.method)) return
  if (CROSS_SITE_POSTS.has(request.url.split('?')[0] ?? '')) return
  if (request.headers['x-requested-with'] !== 'XMLHttpRequest')
    throw new HttpError(403, 'Missing X-Requested-With header', 'CSRF')
  const origin = request.headers.origin
  const host = request.headers.host
  if (origin !== undefined) {
    let sameHost = false
    try {
      sameHost = new URL(origin).host === host
    } catch {
      sameHost = false
    }
    if (!sameHost) throw new HttpError(403, 'Cross-origin request refused', 'CSRF')
    return
  }
  const site = request.headers['sec-fetch-site']
  if (site !== undefined && site !== 'same-origin' && site !== 'none')
    throw new HttpError(403, 'Cross-site request refused', 'CSRF')
}

/** Only a path on this server: one leading slash, no scheme, no backslash, no control characters. */
export function isSameOriginPath(path: string): boolean {
  // eslint-disable-next-line no-control-regex
  return /^\/(?![/\\])/.test(path) && !/[\\\u0000-\u001f\u007f]/.test(path)
}
