/**
 * Admin API: general configuration, licences and peers.
 */
import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../context'
import { errors } from '../auth/schemas'
import { mandatory } from '../auth/validation'
import { URL_MESSAGE } from '../../domain/shared/forms'
import { readGeneralConfig, writeGeneralConfig, type GeneralConfig } from './generalConfig'
import { badRequest } from './common'
import { opsStore } from '../ops/store'
import { platformStore } from '../platform/store'

/** Only http(s) URLs: provider and SSO links end up as hrefs in the console. */
const httpUrl = { type: 'string', maxLength: 2048, pattern: '^(https?://[^\\s<>"]+)?$' } as const
function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
  } catch {
    return false
  }
}

const text = (max: number) => ({ type: 'string', maxLength: max }) as const

const generalConfigProperties = {
  serverName: { type: 'string', minLength: 1, maxLength: 100 },
  baseUrl: httpUrl,
  customMessage: text(2000),
  allowUserRegistration: { type: 'boolean' },
  forgotPasswordEnabled: { type: 'boolean' },
  rememberMeEnabled: { type: 'boolean' },
  passwordAutocompleteEnabled: { type: 'boolean' },
  userPluginsEnabled: { type: 'boolean' },
  loginDialog: {
    type: 'object',
    properties: { content: text(5000), permanent: { type: 'boolean' } },
    required: ['content', 'permanent'],
    additionalProperties: false,
  },
  saml: {
    type: 'object',
    properties: {
      enabled: { type: 'boolean' },
      providerName: { type: 'string', minLength: 1, maxLength: 100 },
      loginUrl: httpUrl,
      logoutUrl: httpUrl,
      registrationId: { type: 'string', maxLength: 200, pattern: '^[A-Za-z0-9._-]*$' },
      autoRedirect: { type: 'boolean' },
      loginIsExternal: { type: 'boolean' },
    },
    additionalProperties: false,
  },
  oauthProviders: {
    type: 'array',
    maxItems: 20,
    items: {
      type: 'object',
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9._ -]+$' },
        type: { type: 'string', minLength: 1, maxLength: 50, pattern: '^[A-Za-z0-9_-]+$' },
        url: { ...httpUrl, minLength: 1 },
      },
      required: ['name', 'type', 'url'],
      additionalProperties: false,
    },
  },
  oauthProvidersHidden: { type: 'boolean' },
  readOnlyMode: { type: 'boolean' },
  logoUrl: httpUrl,
  accountPortalUrl: httpUrl,
} as const

const generalConfigSchema = {
  type: 'object',
  properties: { ...generalConfigProperties, anonymousAccess: { type: 'boolean' } },
  required: Object.keys(generalConfigProperties),
} as const

export function registerConfigRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { config } = ctx

  app.get(
    '/ui/admin/generalConfig',
    {
      schema: {
        summary: 'General configuration (admins)',
        response: { 200: generalConfigSchema, ...errors(401, 403) },
      },
    },
    async (request) => {
      ctx.requireAdmin(request)
      return { ...(await readGeneralConfig(ctx.sql, ctx.config)), anonymousAccess: config.anonymousAccess }
    },
  )

  app.put<{ Body: Partial<GeneralConfig> & { anonymousAccess?: boolean } }>(
    '/ui/admin/generalConfig',
    {
      schema: {
        summary:
          'Change the general configuration (admins); fields left out keep their value. What GET answered may be sent back as it is: anonymousAccess (set by the ANONYMOUS_ACCESS setting) is accepted only unchanged',
        body: {
          type: 'object',
          properties: { ...generalConfigProperties, anonymousAccess: { type: 'boolean' } },
          additionalProperties: false,
        },
        response: { 200: generalConfigSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      ctx.requireAdmin(request)
      const { anonymousAccess, ...body } = request.body
      if (anonymousAccess !== undefined && anonymousAccess !== config.anonymousAccess)
        badRequest('anonymousAccess: set by the platform (ANONYMOUS_ACCESS); it cannot be changed here')
      const current = await readGeneralConfig(ctx.sql, ctx.config)
      const next: GeneralConfig = {
        ...current,
        ...body,
        loginDialog: { ...current.loginDialog, ...body.loginDialog },
        saml: { ...current.saml, ...body.saml },
      }
      if (next.saml.enabled && !next.saml.loginUrl)
        badRequest(mandatory('saml.loginUrl', ' when SAML is enabled'))
      const urls: Array<[string, string]> = [
        ['baseUrl', next.baseUrl],
        ['logoUrl', next.logoUrl],
        ['accountPortalUrl', next.accountPortalUrl],
        ['saml.loginUrl', next.saml.loginUrl],
        ['saml.logoutUrl', next.saml.logoutUrl],
        ...next.oauthProviders.map((p, i): [string, string] => [`oauthProviders.${i}.url`, p.url]),
      ]
      for (const [field, url] of urls) if (url && !isHttpUrl(url)) badRequest(`${field}: ${URL_MESSAGE}`)
      await writeGeneralConfig(ctx, next)
      return { ...next, anonymousAccess: config.anonymousAccess }
    },
  )

  app.get(
    '/ui/admin/licenses',
    {
      schema: {
        summary: 'Licences, one per cluster node (admins); empty when the licence type is N/A',
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                type: { type: 'string' },
                validThrough: { type: 'string' },
                licensedTo: { type: 'string' },
                nodeId: { type: 'string' },
              },
              required: ['type', 'validThrough', 'licensedTo', 'nodeId'],
            },
          },
          ...errors(401, 403),
        },
      },
    },
    async (request) => {
      ctx.requireAdmin(request)
      const rows = await platformStore(ctx.sql).licenses()
      return rows.map((r) => ({
        type: r.type,
        validThrough: r.valid_through,
        licensedTo: r.licensed_to,
        nodeId: r.node_id,
      }))
    },
  )

  app.get(
    '/ui/admin/peers',
    {
      schema: {
        summary: 'Peers of the download network: the cluster nodes and their last heartbeat (admins)',
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                id: { type: 'string' },
                host: { type: 'string' },
                status: { type: 'string', enum: ['Online', 'Offline'] },
                lastHeartbeat: { type: 'string' },
                services: { type: 'array', items: { type: 'string' } },
              },
              required: ['id', 'host', 'status', 'lastHeartbeat', 'services'],
            },
          },
          ...errors(401, 403),
        },
      },
    },
    async (request) => {
      ctx.requireAdmin(request)
      return peers(ctx)
    },
  )
}

/**
 * The nodes the operations part registers (table cluster_nodes, with heartbeats). A node is
 * online while its last heartbeat is younger than three of its own intervals.
 */
async function peers(ctx: ServerContext) {
  const rows = await opsStore(ctx.sql).peers()
  // One peer per node over its services' rows: the latest heartbeat, the shortest interval.
  const byNode = new Map<string, { host: string; last: string; interval: number; services: Set<string> }>()
  for (const r of rows) {
    const peer = byNode.get(r.node_id)
    if (!peer)
      byNode.set(r.node_id, {
        host: r.host,
        last: r.last_heartbeat,
        interval: r.heartbeat_interval_ms,
        services: new Set([r.service_type]),
      })
    else {
      if (r.host > peer.host) peer.host = r.host
      if (r.last_heartbeat > peer.last) peer.last = r.last_heartbeat
      peer.interval = Math.min(peer.interval, r.heartbeat_interval_ms)
      peer.services.add(r.service_type)
    }
  }
  const now = ctx.clock.now()
  return [...byNode].map(([id, p]) => ({
    id,
    host: p.host,
    status: now - Date.parse(p.last) < 3 * p.interval ? ('Online' as const) : ('Offline' as const),
    lastHeartbeat: p.last,
    services: [...p.services],
  }))
}
