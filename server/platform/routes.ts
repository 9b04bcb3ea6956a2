/**
 * Platform start-up data (version, services, footer, entitlements, features) and the
 * small platform calls around it: onboarding status and questionnaire, blocked usages,
 * web-server reverse proxies, set-me-up, available package types, contact requests.
 */
import type { FastifyInstance } from 'fastify'
import { HttpError, type ServerContext } from '../context'
import { readGeneralConfig } from '../admin/generalConfig'
import { errors } from '../auth/schemas'
import { readBaseUrl } from './baseUrl'
import { SERVICE_ALIASES, flavourProfile } from './flavours'
import { readSetting, writeSetting } from './store'
import { readOnlyMode } from './readOnly'
import { serverVersion } from './version'
import { registerOnboardingRoutes } from './onboarding'
import { registerContactRoutes } from './contact'
import { registerPersonalizationRoutes } from './personalization'
import { registerWebServerRoutes } from './webServer'
import { metadataMigrationRunning } from '../catalog/migration'
import { registerOnPremMetricsRoutes } from './onPremMetrics'
import { logoVersion, registerLogoRoutes } from '../admin/logo'

const obj = (properties: Record<string, unknown>, required = Object.keys(properties)) =>
  ({ type: 'object', properties, required }) as const

export const BLOCKED_USAGES_KEY = 'blockedUsages'

export function registerPlatformRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { config } = ctx
  const profile = flavourProfile(config)

  app.get(
    '/ui/system/version',
    {
      schema: {
        summary: 'Server version and revision',
        response: { 200: obj({ version: { type: 'string' }, revision: { type: 'string' } }) },
      },
    },
    async () => serverVersion(),
  )

  app.get(
    '/ui/system/microservices',
    {
      schema: {
        summary: 'The platform services and whether each is enabled on this instance',
        response: {
          200: obj({
            services: {
              type: 'array',
              items: obj({ name: { type: 'string' }, key: { type: 'string' }, enabled: { type: 'boolean' } }),
            },
          }),
        },
      },
    },
    async () => ({ services: profile.microservices }),
  )

  app.get(
    '/ui/system/footer',
    {
      schema: {
        summary:
          'Footer data: server name, flavour, cloud, licence type, build; the logos (logoVersion: the uploaded one, empty when none; logoUrl: the configured one) and the account portal address',
        response: {
          200: obj({
            serverName: { type: 'string' },
            logoVersion: { type: 'string' },
            logoUrl: { type: 'string' },
            accountPortalUrl: { type: 'string' },
            flavour: { type: 'string' },
            isCloud: { type: 'boolean' },
            licenseType: { type: 'string' },
            buildNumber: { type: 'string' },
            copyright: { type: 'string' },
          }),
        },
      },
    },
    async () => {
      const { version, revision } = serverVersion()
      const general = await readGeneralConfig(ctx.sql, ctx.config)
      return {
        serverName: general.serverName,
        logoVersion: await logoVersion(ctx),
        logoUrl: general.logoUrl,
        accountPortalUrl: general.accountPortalUrl,
        flavour: config.flavour,
        isCloud: config.cloud,
        licenseType: config.licenseType,
        buildNumber: `${version}+${revision}`,
        copyright: `© ${new Date(ctx.clock.now()).getUTCFullYear()} Platform authors`,
      }
    },
  )

  app.get(
    '/ui/system/entitlements',
    {
      schema: {
        summary: 'What the licence entitles this instance to',
        response: { 200: obj({ entitlements: { type: 'array', items: { type: 'string' } } }) },
      },
    },
    async () => ({ entitlements: profile.entitlements }),
  )

  app.get(
    '/ui/system/features',
    {
      schema: {
        summary:
          'Feature flags of this instance (derived from flavour, cloud and licence; readOnlyMode from the general configuration)',
        response: {
          200: obj({ features: { type: 'object', additionalProperties: { type: 'boolean' } } }),
        },
      },
    },
    async () => ({
      features: {
        ...profile.features,
        readOnlyMode: await readOnlyMode(ctx),
        metadataMigrationRunning: await metadataMigrationRunning(ctx),
      },
    }),
  )

  app.get<{ Params: { key: string } }>(
    '/system/ismicroserviceenabled/:key',
    {
      schema: {
        summary: 'Whether a service is enabled (key such as jfxr, or an alias such as mc)',
        params: obj({ key: { type: 'string', minLength: 1, maxLength: 40 } }),
        response: { 200: obj({ enabled: { type: 'boolean' } }) },
      },
    },
    async (request) => {
      const key = request.params.key.toLowerCase()
      const canonical = SERVICE_ALIASES[key] ?? key
      return { enabled: profile.microservices.some((s) => s.key === canonical && s.enabled) }
    },
  )

  app.get(
    '/ui/subscription/blockedUsages',
    {
      schema: {
        summary: 'Usages the subscription currently blocks (e.g. DATA_TRANSFER when the quota is used up)',
        response: { 200: obj({ blocked: { type: 'array', items: { type: 'string' } } }), ...errors(401) },
      },
    },
    async (request) => {
      ctx.requireUser(request, { allowAnonymous: true })
      return { blocked: await readSetting<string[]>(ctx.sql, BLOCKED_USAGES_KEY, []) }
    },
  )

  app.put<{ Body: { blocked: string[] } }>(
    '/ui/subscription/blockedUsages',
    {
      schema: {
        summary: 'Set the blocked usages (admins; for quota scenarios)',
        body: {
          type: 'object',
          properties: {
            blocked: {
              type: 'array',
              maxItems: 20,
              uniqueItems: true,
              items: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Z0-9_]+$' },
            },
          },
          required: ['blocked'],
          additionalProperties: false,
        },
        response: {
          200: obj({ blocked: { type: 'array', items: { type: 'string' } } }),
          ...errors(400, 401, 403),
        },
      },
    },
    async (request) => {
      ctx.requireAdmin(request)
      await writeSetting(ctx, BLOCKED_USAGES_KEY, request.body.blocked)
      return { blocked: request.body.blocked }
    },
  )

  app.get(
    '/ui/setMeUp',
    {
      schema: {
        summary: 'The base URL clients are set up with',
        response: { 200: obj({ baseUrl: { type: 'string' } }), ...errors(401) },
      },
    },
    async (request) => {
      ctx.requireUser(request, { allowAnonymous: true })
      return { baseUrl: await readBaseUrl(ctx, request) }
    },
  )

  app.get(
    '/ui/packages/available',
    {
      schema: {
        summary: 'Package types this instance offers',
        response: {
          200: obj({ packageTypes: { type: 'array', items: { type: 'string' } } }),
          ...errors(401),
        },
      },
    },
    async (request) => {
      ctx.requireUser(request, { allowAnonymous: true })
      return { packageTypes: profile.packageTypes }
    },
  )

  registerOnboardingRoutes(app, ctx)
  registerContactRoutes(app, ctx)
  registerPersonalizationRoutes(app, ctx)
  registerWebServerRoutes(app, ctx)
  registerLogoRoutes(app, ctx)
  registerOnPremMetricsRoutes(app, ctx)
}

export function notFound(what: string): never {
  throw new HttpError(404, `${what} was not found`, 'NOT_FOUND')
}
