/**
 * Operations routes under /ui/api/v1: service status (topology, ping, health), live logs,
 * support bundles and the bundle-retention flag. Registering this module opens the node's log
 * files; listening starts its heartbeat (both stop when the server closes).
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { HttpError, type RouteModule, type ServerContext } from '../context'
import { startNodeRuntime, type NodeRuntime } from '../ops/runtime'
import { readTopology, removeNode } from '../ops/topology'
import { isValidNodeId, listServiceLogs, nodeLogDir, readLogSlice } from '../ops/logFiles'
import { LOG_SERVICE_KEYS, SERVICES, serviceByKeyOrName, type ServiceDefinition } from '../ops/services'
import { registerBundleRoutes } from '../ops/bundleRoutes'
import { documented, errorSchema } from '../ops/schemas'
import { opsStore } from '../ops/store'
import {
  advertisedUrl,
  callNode,
  NODE_CALL_HEADER,
  NodeCallError,
  signNodeCall,
  verifyNodeCall,
} from '../ops/nodeCalls'

/** How often the log viewer should ask for new lines. */
export const LOG_REFRESH_RATE_SECS = 10

const nodeSchema = {
  type: 'object',
  required: [
    'service_id',
    'node_id',
    'status',
    'state',
    'last_heartbeat',
    'uptime',
    'micro_services',
    'service_type',
  ],
  properties: {
    service_id: { type: 'string' },
    node_id: { type: 'string' },
    service_type: { type: 'string' },
    status: { type: 'string', enum: ['Online', 'Offline'] },
    state: { type: 'string', enum: ['HEALTHY', 'UNHEALTHY'] },
    last_heartbeat: { type: 'string' },
    uptime: { type: 'string' },
    micro_services: { type: 'array', items: { type: 'string' } },
  },
} as const

const logServiceParam = {
  type: 'object',
  required: ['service'],
  properties: {
    service: {
      type: 'string',
      description: `Log service key (${LOG_SERVICE_KEYS.join(', ')}) or service name`,
      maxLength: 32,
    },
  },
} as const

const nodeIdQuery = {
  type: 'string',
  maxLength: 64,
  pattern: '^[A-Za-z0-9][A-Za-z0-9_-]*$',
  description: "Node id; the answering node's own when omitted",
} as const

/** Prefixes under which a service has its own log calls (specification section 7). */
const LOG_PREFIXES: ReadonlyArray<readonly [string, ServiceDefinition | undefined]> = [
  ['', undefined],
  ['/insight/api/v2', SERVICES.insight],
  ['/mc/api/ui/v1', SERVICES.mission_control],
  ['/distribution/api/ui', SERVICES.distribution],
]

function logService(
  runtime: NodeRuntime,
  keyOrName: string,
  only: ServiceDefinition | undefined,
): ServiceDefinition {
  const service = serviceByKeyOrName(keyOrName)
  if (!service || !service.logs) throw new HttpError(404, `Unknown log service: ${keyOrName}`, 'NOT_FOUND')
  if (only && service !== only)
    throw new HttpError(400, `This path serves the logs of ${only.type} (${only.key}) only`, 'VALIDATION')
  if (!runtime.runs(service.name))
    throw new HttpError(404, `The ${service.type} service is not running`, 'NOT_FOUND')
  return service
}

/** Where a node's log files are read: here, or through the node at `url` (another host's). */
interface LogNode {
  readonly id: string
  readonly url?: string
}

async function logNode(
  ctx: ServerContext,
  runtime: NodeRuntime,
  nodeId: string | undefined,
  fromNode: boolean,
): Promise<LogNode> {
  const id = nodeId ?? runtime.nodeId
  if (!isValidNodeId(id)) throw new HttpError(400, 'nodeId must be a node id', 'VALIDATION')
  if (id === runtime.nodeId) return { id }
  const store = opsStore(ctx.sql)
  if (!(await store.isKnownNode(id))) throw new HttpError(404, `Unknown node: ${id}`, 'NOT_FOUND')
  // The nodes of one host share its data folder, so a node whose folder is here is read here
  // (even while it is down); another host's through that host. A call from a node is answered
  // here whatever it asks: calls never travel further than one hop.
  const dir = nodeLogDir(ctx.config.dataDir, id)
  if (fromNode || (dir && existsSync(dir))) return { id }
  const url = await store.nodeUrl(id)
  return url && url !== runtime.url ? { id, url } : { id }
}

/**
 * An administrator's request, or another node's call signed with the cluster's key; answers
 * whether it is a node's.
 */
async function requireAdminOrNode(
  ctx: ServerContext,
  runtime: NodeRuntime,
  request: FastifyRequest,
): Promise<boolean> {
  const header = request.headers[NODE_CALL_HEADER]
  if (header === undefined) {
    ctx.requireAdmin(request)
    return false
  }
  const call = { method: request.method, path: request.url }
  if (typeof header !== 'string' || !verifyNodeCall(await runtime.nodeKey(), header, call, ctx.clock.now()))
    throw new HttpError(401, 'Not a call signed by a node of this platform', 'UNAUTHORIZED')
  return true
}

/**
 * The same request asked of the node at `node.url`: its answer when `decode` accepts it; its
 * refusal (400, 404) as this node's; anything else a 502, no answer in time a 504.
 */
async function askNode<T>(
  ctx: ServerContext,
  runtime: NodeRuntime,
  node: Required<LogNode>,
  request: FastifyRequest,
  decode: (body: unknown) => T | undefined,
): Promise<T> {
  const call = { method: 'GET', path: request.url }
  const header = signNodeCall(await runtime.nodeKey(), runtime.nodeId, call, ctx.clock.now())
  let answer
  try {
    answer = await callNode(node.url, call.path, header)
  } catch (error) {
    if (error instanceof NodeCallError)
      throw new HttpError(error.status, `Node ${node.id} at ${node.url} ${error.message}`, 'NODE_UNREACHABLE')
    throw error
  }
  const body = answer.body as { message?: unknown } | undefined
  if (answer.status === 200) {
    const value = decode(body)
    if (value !== undefined) return value
  } else if ((answer.status === 400 || answer.status === 404) && typeof body?.message === 'string')
    throw new HttpError(
      answer.status,
      body.message.slice(0, 300),
      answer.status === 404 ? 'NOT_FOUND' : 'VALIDATION',
    )
  throw new HttpError(
    502,
    `Node ${node.id} at ${node.url} answered ${answer.status} unexpectedly`,
    'NODE_UNREACHABLE',
  )
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

const decodeLogConfig = (body: unknown) =>
  isRecord(body) &&
  Array.isArray(body.logs) &&
  body.logs.every((f) => typeof f === 'string') &&
  Number.isInteger(body.refreshRateSecs)
    ? { logs: body.logs as string[], refreshRateSecs: body.refreshRateSecs as number }
    : undefined

const decodeLogData = (body: unknown) =>
  isRecord(body) &&
  typeof body.logContent === 'string' &&
  Number.isInteger(body.fileSize) &&
  typeof body.lastUpdateLabel === 'string'
    ? {
        logContent: body.logContent,
        fileSize: body.fileSize as number,
        lastUpdateLabel: body.lastUpdateLabel,
      }
    : undefined

function registerStatusRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get(
    '/system/status/ha',
    {
      schema: documented('Every node of every service, Online or Offline by heartbeat age (admins)', {
        response: {
          200: {
            type: 'object',
            required: ['services'],
            properties: { services: { type: 'array', items: nodeSchema } },
          },
          401: errorSchema,
          403: errorSchema,
        },
      }),
    },
    async (request) => {
      ctx.requireAdmin(request)
      return { services: await readTopology(ctx.sql, ctx.clock.now()) }
    },
  )

  app.get(
    '/system/status/nodes',
    {
      schema: documented('Node states per service (admins)', {
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              required: ['node_id', 'service_id', 'state', 'last_heartbeat', 'uptime'],
              properties: {
                node_id: { type: 'string' },
                service_id: { type: 'string' },
                service_type: { type: 'string' },
                state: { type: 'string', enum: ['HEALTHY', 'UNHEALTHY'] },
                last_heartbeat: { type: 'string' },
                uptime: { type: 'string' },
              },
            },
          },
          401: errorSchema,
          403: errorSchema,
        },
      }),
    },
    async (request) => {
      ctx.requireAdmin(request)
      return (await readTopology(ctx.sql, ctx.clock.now())).map(
        ({ node_id, service_id, service_type, state, last_heartbeat, uptime }) => ({
          node_id,
          service_id,
          service_type,
          state,
          last_heartbeat,
          uptime,
        }),
      )
    },
  )

  app.delete<{ Params: { service_id: string; node_id: string } }>(
    '/access/api/v1/topology/:service_id/:node_id',
    {
      schema: documented('Removes a node of a service from the topology (admins)', {
        params: {
          type: 'object',
          required: ['service_id', 'node_id'],
          properties: {
            service_id: { type: 'string', minLength: 1, maxLength: 128 },
            node_id: { type: 'string', minLength: 1, maxLength: 64 },
          },
        },
        response: { 204: { type: 'null' }, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      }),
    },
    async (request, reply) => {
      const admin = ctx.requireAdmin(request)
      const { service_id, node_id } = request.params
      if (!(await removeNode(ctx.sql, service_id, node_id)))
        throw new HttpError(404, `No node ${node_id} in service ${service_id}`, 'NOT_FOUND')
      startNodeRuntime(ctx).log(
        'artifactory',
        'INFO',
        `Node ${node_id} of ${service_id} removed by ${admin.name}`,
      )
      return reply.status(204).send()
    },
  )

  const ping = async (_request: unknown, reply: FastifyReply) =>
    reply.type('text/plain; charset=utf-8').send('OK')
  app.get(
    '/system/ping',
    { schema: { summary: 'Liveness: OK', response: { 200: { type: 'string' } } } },
    ping,
  )
  app.get(
    '/mc/api/v4/system/ping',
    {
      schema: documented('Mission Control liveness: OK when the service runs, 404 otherwise', {
        response: { 200: { type: 'string' }, 404: errorSchema },
      }),
    },
    async (request, reply) => {
      if (!startNodeRuntime(ctx).runs('mission_control'))
        throw new HttpError(404, 'Mission Control is not running', 'NOT_FOUND')
      return ping(request, reply)
    },
  )

  app.get(
    '/system/health',
    {
      schema: documented(
        'Health of the cluster: HEALTHY when every node is online, DEGRADED when some are not',
        {
          response: {
            200: {
              type: 'object',
              required: ['status', 'node_id', 'nodes'],
              properties: {
                status: { type: 'string', enum: ['HEALTHY', 'DEGRADED'] },
                node_id: { type: 'string' },
                nodes: {
                  type: 'object',
                  required: ['online', 'offline'],
                  properties: { online: { type: 'integer' }, offline: { type: 'integer' } },
                },
              },
            },
            503: errorSchema,
          },
        },
      ),
    },
    async () => {
      let rows
      try {
        rows = await readTopology(ctx.sql, ctx.clock.now())
      } catch {
        throw new HttpError(503, 'The database is not available', 'UNHEALTHY')
      }
      const nodes = new Map<string, boolean>()
      for (const row of rows)
        nodes.set(row.node_id, (nodes.get(row.node_id) ?? true) && row.status === 'Online')
      const online = [...nodes.values()].filter(Boolean).length
      const offline = nodes.size - online
      return {
        status: offline === 0 ? 'HEALTHY' : 'DEGRADED',
        node_id: startNodeRuntime(ctx).nodeId,
        nodes: { online, offline },
      }
    },
  )
}

function registerLogRoutes(app: FastifyInstance, ctx: ServerContext, runtime: NodeRuntime): void {
  for (const [prefix, only] of LOG_PREFIXES) {
    app.get<{ Params: { service: string }; Querystring: { nodeId?: string } }>(
      `${prefix}/system/logs/config/:service`,
      {
        schema: documented(`Log files of a service on a node${only ? ` (${only.type})` : ''} (admins)`, {
          params: logServiceParam,
          querystring: { type: 'object', additionalProperties: false, properties: { nodeId: nodeIdQuery } },
          response: {
            200: {
              type: 'object',
              required: ['logs', 'refreshRateSecs'],
              properties: {
                logs: { type: 'array', items: { type: 'string' } },
                refreshRateSecs: { type: 'integer' },
              },
            },
            400: errorSchema,
            401: errorSchema,
            403: errorSchema,
            404: errorSchema,
            502: errorSchema,
            504: errorSchema,
          },
        }),
      },
      async (request) => {
        const fromNode = await requireAdminOrNode(ctx, runtime, request)
        const service = logService(runtime, request.params.service, only)
        const node = await logNode(ctx, runtime, request.query.nodeId, fromNode)
        if (node.url !== undefined)
          return askNode(ctx, runtime, { ...node, url: node.url }, request, decodeLogConfig)
        return {
          logs: listServiceLogs(ctx.config.dataDir, node.id, service),
          refreshRateSecs: LOG_REFRESH_RATE_SECS,
        }
      },
    )

    app.get<{ Params: { service: string }; Querystring: { nodeId?: string; id: string; file_size: number } }>(
      `${prefix}/system/logs/data/:service`,
      {
        schema: documented(
          `What a log file gained after file_size bytes (at most 256 KB per call)${only ? ` (${only.type})` : ''} (admins)`,
          {
            params: logServiceParam,
            querystring: {
              type: 'object',
              additionalProperties: false,
              required: ['id'],
              properties: {
                nodeId: nodeIdQuery,
                id: {
                  type: 'string',
                  minLength: 1,
                  maxLength: 128,
                  description: 'A file id from the log config',
                },
                file_size: { type: 'integer', minimum: 0, default: 0, description: 'Bytes already read' },
              },
            },
            response: {
              200: {
                type: 'object',
                required: ['logContent', 'fileSize', 'lastUpdateLabel'],
                properties: {
                  logContent: { type: 'string' },
                  fileSize: { type: 'integer' },
                  lastUpdateLabel: { type: 'string' },
                },
              },
              400: errorSchema,
              401: errorSchema,
              403: errorSchema,
              404: errorSchema,
              502: errorSchema,
              504: errorSchema,
            },
          },
        ),
      },
      async (request) => {
        const fromNode = await requireAdminOrNode(ctx, runtime, request)
        const service = logService(runtime, request.params.service, only)
        const node = await logNode(ctx, runtime, request.query.nodeId, fromNode)
        if (node.url !== undefined)
          return askNode(ctx, runtime, { ...node, url: node.url }, request, decodeLogData)
        const nodeId = node.id
        // Only a name the config lists is opened: the id never becomes part of a path otherwise.
        const files = listServiceLogs(ctx.config.dataDir, nodeId, service)
        const id = files.find((f) => f === request.query.id)
        const dir = nodeLogDir(ctx.config.dataDir, nodeId)
        if (!id || !dir)
          throw new HttpError(
            404,
            `No log file ${request.query.id} for ${service.key} on ${nodeId}`,
            'NOT_FOUND',
          )
        const slice = await readLogSlice(join(dir, id), request.query.file_size)
        return { logContent: slice.content, fileSize: slice.fileSize, lastUpdateLabel: slice.modified }
      },
    )
  }
}

const RETENTION_KEY = 'bundle_retention_enabled'

function registerRetentionRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const store = opsStore(ctx.sql)
  const read = async () => {
    const value = await store.setting(RETENTION_KEY)
    // Retention of release bundles is a distribution feature: on by default where it runs.
    return value !== undefined ? value === 'true' : startNodeRuntime(ctx).runs('distribution')
  }
  const answer = {
    type: 'object',
    required: ['enable'],
    properties: { enable: { type: 'boolean' } },
  } as const
  app.get(
    '/ui/bundle/retention/config/enable',
    {
      schema: documented('Whether release-bundle retention is enabled (admins)', {
        response: { 200: answer, 401: errorSchema, 403: errorSchema },
      }),
    },
    async (request) => {
      ctx.requireAdmin(request)
      return { enable: await read() }
    },
  )
  app.put<{ Body: { enable: boolean } }>(
    '/ui/bundle/retention/config/enable',
    {
      schema: documented('Turns release-bundle retention on or off (admins)', {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['enable'],
          properties: { enable: { type: 'boolean' } },
        },
        response: { 200: answer, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      }),
    },
    async (request) => {
      const admin = ctx.requireAdmin(request)
      await store.setSetting(RETENTION_KEY, String(request.body.enable))
      startNodeRuntime(ctx).log(
        'artifactory',
        'INFO',
        `Bundle retention ${request.body.enable ? 'enabled' : 'disabled'} by ${admin.name}`,
      )
      return { enable: await read() }
    },
  )
}

const routes: RouteModule = async (app, ctx) => {
  const runtime = startNodeRuntime(ctx)
  app.addHook('onResponse', async (request, reply) => {
    const path = request.url.startsWith(API_PREFIX) ? request.url.slice(API_PREFIX.length) : request.url
    runtime.logs.request(runtime.serviceForPath(path), {
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      durationMs: reply.elapsedTime,
    })
  })
  app.addHook('onListen', async () =>
    runtime.startHeartbeat(advertisedUrl(ctx.config.nodeUrl, app.server.address())),
  )
  registerStatusRoutes(app, ctx)
  registerLogRoutes(app, ctx, runtime)
  registerRetentionRoutes(app, ctx)
  const bundles = registerBundleRoutes(app, ctx, runtime)
  app.addHook('onClose', async () => {
    await bundles.stop()
    await runtime.stop()
  })
}

// The prefix of server/app.ts, repeated: importing it here would make the modules circular.
const API_PREFIX = '/ui/api/v1'

export default routes
