/**
 * Support-bundle routes (admins only): list, create (Artifactory through
 * /ui/userSupport/generateBundle, the other services through their own paths of the
 * specification), delete and download.
 */
import type { FastifyInstance } from 'fastify'
import { HttpError, type ServerContext } from '../context'
import { NAME_MESSAGE } from '../../domain/shared/forms'
import { MAX_SESSION_BYTES } from '../../domain/supportBundles/request'
import type { NodeRuntime } from './runtime'
import { BUNDLE_SERVICES, SERVICES, type BundleService } from './services'
import { documented, errorSchema } from './schemas'
import {
  knownSecrets,
  MAX_THREAD_DUMPS,
  MAX_THREAD_DUMP_INTERVAL_SECS,
  SupportBundles,
} from './supportBundles'
import { registerNodeLogsRoute } from './bundleLogs'
import { registerNodeDiagnosticsRoute } from './bundleDiagnostics'

const BUNDLE_NAME = /^[A-Za-z0-9._-]+$/

const bundleSchema = {
  type: 'object',
  required: ['id', 'name', 'description', 'create_date', 'status', 'service'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    description: { type: 'string' },
    create_date: { type: 'string' },
    status: { type: 'string', enum: ['in progress', 'success', 'failed'] },
    service: { type: 'string' },
    node_id: { type: 'string' },
    size: { type: 'integer' },
    error: { type: 'string' },
    session_events: { type: 'integer', description: 'Events of the console session it carries' },
  },
} as const

const createBody = (withService: boolean) =>
  ({
    type: 'object',
    additionalProperties: false,
    required: ['name'],
    properties: {
      name: {
        type: 'string',
        minLength: 1,
        maxLength: 64,
        description: 'Letters, digits, dash, underscore, period',
      },
      description: { type: 'string', maxLength: 1000 },
      service: withService
        ? { type: 'string', enum: [...BUNDLE_SERVICES] }
        : { type: 'string', maxLength: 32, description: 'Ignored when it names this path’s service' },
      session: {
        type: 'string',
        maxLength: MAX_SESSION_BYTES,
        description: "The creator's console session: its redacted event log (NDJSON), kept with the bundle",
      },
      parameters: {
        type: 'object',
        additionalProperties: false,
        properties: {
          thread_dump: {
            type: 'object',
            additionalProperties: false,
            properties: {
              // Numbers or numeric strings; fractions are cut to whole numbers.
              count: { type: 'number', minimum: 0, maximum: MAX_THREAD_DUMPS, default: 1 },
              interval: { type: 'number', minimum: 0, maximum: MAX_THREAD_DUMP_INTERVAL_SECS, default: 0 },
            },
          },
        },
      },
    },
  }) as const

interface CreateBody {
  name: string
  description?: string
  service?: string
  parameters?: { thread_dump?: { count?: number; interval?: number } }
  session?: string
}

/** Per-service creation paths of the specification (section 7, support bundles). */
const SERVICE_PATHS: ReadonlyArray<readonly [string, BundleService]> = [
  ['/distribution/api/v1/system/support/bundle', 'distribution'],
  ['/xray/api/v1/system/support/bundle', 'xray'],
  ['/mc/api/v1/system/support/bundle', 'mission_control'],
  ['/insight/api/v1/system/support/bundle', 'insight'],
  ['/tracker/api/v3/pdn/system/support/bundle', 'tracker'],
]

// A creation may carry a console session; JSON escaping can grow its text.
const CREATE_BODY_LIMIT = 2 * MAX_SESSION_BYTES

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 64 } },
} as const

export function registerBundleRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  runtime: NodeRuntime,
): SupportBundles {
  const bundles = new SupportBundles(ctx, runtime)
  const secrets = () => knownSecrets(ctx.config, ctx.sql)
  registerNodeLogsRoute(app, ctx, runtime, secrets)
  registerNodeDiagnosticsRoute(app, ctx, runtime, secrets)

  const create = async (body: CreateBody, service: BundleService, user: string) => {
    if (!BUNDLE_NAME.test(body.name)) throw new HttpError(400, NAME_MESSAGE, 'VALIDATION')
    if (!runtime.runs(service))
      throw new HttpError(404, `The ${SERVICES[service].type} service is not running`, 'SERVICE_NOT_RUNNING')
    const dumps = body.parameters?.thread_dump
    const made = await bundles.create(
      {
        name: body.name,
        description: body.description ?? '',
        service,
        threadDumpCount: Math.floor(dumps?.count ?? 1),
        threadDumpIntervalSecs: Math.floor(dumps?.interval ?? 0),
        ...(body.session !== undefined ? { session: body.session } : {}),
      },
      user,
    )
    if (!made)
      throw new HttpError(
        409,
        'Too many support bundles are being created; try again when one is done',
        'BUSY',
      )
    return made
  }
  const createResponse = {
    201: bundleSchema,
    400: errorSchema,
    401: errorSchema,
    403: errorSchema,
    404: errorSchema,
    409: errorSchema,
  }

  app.get(
    '/ui/userSupport/listBundles',
    {
      schema: documented('Support bundles, newest first (admins)', {
        response: { 200: { type: 'array', items: bundleSchema }, 401: errorSchema, 403: errorSchema },
      }),
    },
    async (request) => {
      ctx.requireAdmin(request)
      return bundles.list()
    },
  )

  app.post<{ Body: CreateBody }>(
    '/ui/userSupport/generateBundle',
    {
      bodyLimit: CREATE_BODY_LIMIT,
      schema: documented(
        'Starts a support bundle (Artifactory unless `service` says otherwise); answers it in progress (admins)',
        {
          body: createBody(true),
          response: createResponse,
        },
      ),
    },
    async (request, reply) => {
      const admin = ctx.requireAdmin(request)
      const service = (request.body.service ?? 'artifactory') as BundleService
      return reply.status(201).send(await create(request.body, service, admin.name))
    },
  )

  for (const [path, service] of SERVICE_PATHS)
    app.post<{ Body: CreateBody }>(
      path,
      {
        bodyLimit: CREATE_BODY_LIMIT,
        schema: documented(`Starts a ${SERVICES[service].type} support bundle (admins)`, {
          body: createBody(false),
          response: createResponse,
        }),
      },
      async (request, reply) => {
        const admin = ctx.requireAdmin(request)
        const named = request.body.service
        if (named !== undefined && named !== service && named !== SERVICES[service].type)
          throw new HttpError(
            400,
            `This path creates ${service} bundles; service ${named} does not match`,
            'VALIDATION',
          )
        return reply.status(201).send(await create(request.body, service, admin.name))
      },
    )

  app.delete<{ Params: { id: string } }>(
    '/ui/userSupport/deleteBundle/:id',
    {
      schema: documented('Deletes a support bundle and its zip (admins)', {
        params: idParams,
        response: { 204: { type: 'null' }, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      }),
    },
    async (request, reply) => {
      const admin = ctx.requireAdmin(request)
      if (!(await bundles.delete(request.params.id)))
        throw new HttpError(404, 'No such support bundle', 'NOT_FOUND')
      runtime.log('artifactory', 'INFO', `Support bundle ${request.params.id} deleted by ${admin.name}`)
      return reply.status(204).send()
    },
  )

  app.get<{ Params: { id: string } }>(
    '/ui/userSupport/bundleSession/:id',
    {
      schema: documented('The console session a bundle carries: its redacted event log (admins)', {
        params: idParams,
        response: {
          200: {
            type: 'object',
            required: ['events', 'log'],
            properties: { events: { type: 'integer' }, log: { type: 'string', description: 'NDJSON' } },
          },
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
        },
      }),
    },
    async (request) => {
      ctx.requireAdmin(request)
      const bundle = await bundles.get(request.params.id)
      if (!bundle) throw new HttpError(404, 'No such support bundle', 'NOT_FOUND')
      const log = await bundles.readSession(bundle.id)
      if (log === undefined || bundle.session_events === undefined)
        throw new HttpError(404, 'This bundle carries no console session', 'NO_SESSION')
      return { events: bundle.session_events, log }
    },
  )

  app.get<{ Params: { id: string } }>(
    '/ui/userSupport/downloadBundle/:id',
    {
      schema: documented('The bundle as a zip attachment (admins); 409 while in progress or when it failed', {
        params: idParams,
        response: {
          200: { type: 'string', format: 'binary', description: 'application/zip' },
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          409: errorSchema,
        },
      }),
    },
    async (request, reply) => {
      ctx.requireAdmin(request)
      const bundle = await bundles.get(request.params.id)
      if (!bundle) throw new HttpError(404, 'No such support bundle', 'NOT_FOUND')
      if (bundle.status === 'in progress')
        throw new HttpError(409, 'The bundle is still being created', 'IN_PROGRESS')
      if (bundle.status === 'failed')
        throw new HttpError(409, `The bundle failed: ${bundle.error ?? 'unknown reason'}`, 'FAILED')
      const zip = await bundles.read(bundle.id)
      return reply
        .type('application/zip')
        .header(
          'Content-Disposition',
          `attachment; filename="support-bundle-${bundle.name}-${bundle.id}.zip"`,
        )
        .send(zip)
    },
  )

  return bundles
}
