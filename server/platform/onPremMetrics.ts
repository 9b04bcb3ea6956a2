/**
 * On-prem metrics (spec 000 section 4): a self-hosted console reports, once per page load,
 * its version, the package types available and how many services run. The body admits
 * nothing else (no names, no addresses); admins read what was received.
 */
import { platformStore, type MetricsRow } from './store'
import type { FastifyInstance } from 'fastify'
import { isoNow } from '../clock'
import { HttpError, type ServerContext } from '../context'
import { errors } from '../auth/schemas'
import { flavourProfile } from './flavours'

/** Only the newest reports are kept, so the table stays bounded. */
export const ON_PREM_METRICS_KEPT = 500

interface MetricsBody {
  frontendVersion: string
  packageTypes: string[]
  services: number
}

const metricsProperties = {
  frontendVersion: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9.+_-]+$' },
  packageTypes: {
    type: 'array',
    maxItems: 100,
    uniqueItems: true,
    items: { type: 'string', minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9._-]+$' },
  },
  services: { type: 'integer', minimum: 0, maximum: 100 },
} as const

const reportSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    nodeId: { type: 'string' },
    ...metricsProperties,
    receivedAt: { type: 'string' },
  },
  required: ['id', 'nodeId', 'frontendVersion', 'packageTypes', 'services', 'receivedAt'],
} as const

const toReport = (r: MetricsRow) => ({
  id: r.id,
  nodeId: r.node_id,
  frontendVersion: r.frontend_version,
  packageTypes: JSON.parse(r.package_types) as string[],
  services: r.services,
  receivedAt: r.received_at,
})

export function registerOnPremMetricsRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { config } = ctx
  const store = platformStore(ctx.sql)

  app.post<{ Body: MetricsBody }>(
    '/ui/system/onPremMetrics',
    {
      schema: {
        summary: 'Record the on-prem metrics of a console start-up (needs the onPremMetrics feature)',
        body: {
          type: 'object',
          properties: metricsProperties,
          required: ['frontendVersion', 'packageTypes', 'services'],
          additionalProperties: false,
        },
        response: { 201: reportSchema, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      ctx.requireUser(request, { allowAnonymous: true })
      if (flavourProfile(config).features.onPremMetrics !== true)
        throw new HttpError(403, 'On-prem metrics are off on this instance', 'FEATURE_OFF')
      const b = request.body
      const row = await store.addMetrics(
        {
          node_id: config.nodeId,
          frontend_version: b.frontendVersion,
          package_types: JSON.stringify(b.packageTypes),
          services: b.services,
          received_at: isoNow(ctx.clock),
        },
        ON_PREM_METRICS_KEPT,
      )
      return reply.status(201).send(toReport(row))
    },
  )

  app.get<{ Querystring: { limit?: number } }>(
    '/ui/admin/onPremMetrics',
    {
      schema: {
        summary: 'The on-prem metrics received, newest first (admins)',
        querystring: {
          type: 'object',
          properties: { limit: { type: 'integer', minimum: 1, maximum: ON_PREM_METRICS_KEPT } },
        },
        response: { 200: { type: 'array', items: reportSchema }, ...errors(401, 403) },
      },
    },
    async (request) => {
      ctx.requireAdmin(request)
      const rows = await store.metrics(request.query.limit ?? 100)
      return rows.map(toReport)
    },
  )
}
