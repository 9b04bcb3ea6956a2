/**
 * The address identity providers send people back to. The admin's base URL when set (behind
 * a proxy the request's own address is not the public one), else this request's origin.
 * Redirect URIs built from it must be registered at the provider exactly.
 */
import type { FastifyRequest } from 'fastify'
import { API_PREFIX } from '../context'
import { readGeneralConfig } from '../admin/generalConfig'
import type { ServerContext } from '../context'
import { isSameOriginPath } from '../security'

export async function publicOrigin(ctx: ServerContext, request: FastifyRequest): Promise<string> {
  const { baseUrl } = await readGeneralConfig(ctx.sql, ctx.config)
  if (baseUrl) return new URL(baseUrl).origin
  return `${request.protocol}://${request.host}`
}

/**
 * The admin's base URL's origin, or undefined. What must never follow the request (the SAML
 * service provider's entity id and assertion consumer: an assertion made for whatever Host a
 * client sent would be accepted) comes from here only.
 */
export async function configuredOrigin(ctx: ServerContext): Promise<string | undefined> {
  const { baseUrl } = await readGeneralConfig(ctx.sql, ctx.config)
  return baseUrl ? new URL(baseUrl).origin : undefined
}

/** Why SAML does not run without a base URL, in words for the admin. */
export const SAML_NEEDS_BASE_URL =
  "SAML needs the platform's base URL (Administration → General Settings → Base URL): the service provider's entity id and assertion consumer address are made from it, never from the request"

// Functions, not constants: this module is loaded while app.ts (which defines the prefix) is
// still being evaluated.
export const ssoPath = (rest: string) => `${API_PREFIX}/ui/auth/sso${rest}`
export const oidcStartPath = () => ssoPath('/oidc/start')
export const oidcCallbackPath = () => ssoPath('/oidc/callback')
/** The console's login page: where a provider's failure is explained and logout ends. */
export const LOGIN_PAGE = '/ui/login'

/**
 * Where to go after sign-in: a same-origin console page, else the console's start. The path is
 * judged as the browser will resolve it (`/ui/../x` is `/x`), and the platform's API under
 * the console's base is no page to land on.
 */
export function postLoginTarget(wanted: string | undefined): string {
  if (!wanted || !isSameOriginPath(wanted)) return '/ui/'
  const path = new URL(wanted, 'http://console.invalid').pathname
  const api = path === API_PREFIX || path.startsWith(`${API_PREFIX}/`)
  return path.startsWith('/ui/') && !api ? wanted : '/ui/'
}

export const loginWithError = (code: string) => `${LOGIN_PAGE}?ssoError=${encodeURIComponent(code)}`
