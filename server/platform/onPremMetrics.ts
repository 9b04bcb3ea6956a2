/**
 * On-prem metrics (spec 000 section 4): a self-hosted console reports, once per page load,
 * its version, the package types available and how many services run. The body admits
 * nothing else (no names, no addresses); admins read what was received.
 */
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

interface Row {
  id: number
  node_id: string
  frontend_version: string
  package_types: string
  services: number
  received_at: string
}

const toReport = (r: Row) => ({
  id: r.id,
  nodeId: r.node_id,
  frontendVersion: r.frontend_version,
  packageTypes: JSON.parse(r.package_types) as string[],
  services: r.services,
  receivedAt: r.received_at,
})

export function registerOnPremMetricsRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { db, config } = ctx

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
      const row = db.transaction(() => {
        const { lastInsertRowid } = db
          .prepare(
            `INSERT INTO onprem_metrics (node_id, frontend_version, package_types, services, received_at)
             VALUES (?, ?, ?, ?, ?)`,
          )
          .run(
            config.nodeId,
            b.frontendVersion,
            JSON.stringify(b.packageTypes),
            b.services,
            isoNow(ctx.clock),
          )
        db.prepare(
          'DELETE FROM onprem_metrics WHERE id NOT IN (SELECT id FROM onprem_metrics ORDER BY id DESC LIMIT ?)',
        ).run(ON_PREM_METRICS_KEPT)
        return db.prepare('SELECT * FROM onprem_metrics WHERE id = ?').get(lastInsertRowid) as Row
      })()
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
      const rows = db
        .prepare('SELECT * FROM onprem_metrics ORDER BY id DESC LIMIT ?')
        .all(request.query.limit ?? 100) as Row[]
      return rows.map(toReport)
    },
  )
}
