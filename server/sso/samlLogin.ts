/**
 * What the login page's SAML calls answer. When the platform is a SAML service provider
 * (Administration → Security → SAML is ready), the login link starts its AuthnRequest and the
 * SAML logout address is the platform's own (it continues to the IdP's single logout);
 * otherwise the general configuration's SAML links, which point at a sign-in page elsewhere.
 */
import type { FastifyRequest } from 'fastify'
import type { ServerContext } from '../context'
import { readGeneralConfig, type GeneralConfig } from '../admin/generalConfig'
import { configuredOrigin } from './origin'
import { samlLogoutPath, samlStartPath } from './samlClient'
import { readSamlSettings, samlReady } from './samlSettings'

export async function samlLoginOptions(
  ctx: ServerContext,
  _request: FastifyRequest,
): Promise<GeneralConfig['saml']> {
  const general = await readGeneralConfig(ctx.sql, ctx.config)
  const settings = await readSamlSettings(ctx.sql)
  const origin = await configuredOrigin(ctx)
  if (!samlReady(settings) || !origin) return general.saml
  return {
    enabled: true,
    providerName: settings.providerName,
    loginUrl: origin + samlStartPath(),
    logoutUrl: origin + samlLogoutPath(),
    registrationId: general.saml.registrationId,
    autoRedirect: settings.autoRedirect,
    loginIsExternal: settings.loginIsExternal,
  }
}
