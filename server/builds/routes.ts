/**
 * Builds for the console (under /ui/api/v1): every run, newest first, and one run's details
 * with its modules' artifacts and dependencies resolved by checksum to repository paths and
 * package versions. And `PUT /artifactory/api/build` (registered with the registry), which
 * takes a build-info document as the real platform's does.
 */
import type { FastifyInstance } from 'fastify'
import { xrayFor } from '../xray/service'
import { buildResourceOf } from '../../domain/builds/rules'
import { HttpError, type RouteModule, type ServerContext } from '../context'
import type { RegistryAuth } from '../registry/auth'
import { buildStore, type BuildInfoDocument } from './store'
import { repositoryStore } from '../repositories/store'
import { registryAuthorizer } from '../permissions/authorize'

const str = { type: 'string' } as const
const nullableStr = { type: ['string', 'null'] } as const
const error = { type: 'object', properties: { message: str, code: str }, additionalProperties: true } as const
const run = { name: str, number: str, status: str, started: str } as const
const resolved = {
  repoKey: nullableStr,
  path: nullableStr,
  packageId: nullableStr,
  version: nullableStr,
  sha256: str,
  sha1: str,
  md5: str,
} as const

const routes: RouteModule = async (app, ctx) => {
  const store = buildStore(ctx.sql)

  app.get(
    '/builds',
    {
      schema: {
        response: {
          200: {
            type: 'object',
            properties: { builds: { type: 'array', items: { type: 'object', properties: run } } },
          },
        },
      },
    },
    async (request) => {
      ctx.requireUser(request, { allowAnonymous: true })
      return { builds: await store.list() }
    },
  )

  app.get<{ Params: { name: string; number: string } }>(
    '/builds/:name/:number',
    {
      schema: {
        params: {
          type: 'object',
          properties: {
            name: { type: 'string', maxLength: 200 },
            number: { type: 'string', maxLength: 100 },
          },
          required: ['name', 'number'],
        },
        response: {
          200: {
            type: 'object',
            properties: {
              ...run,
              durationMillis: { type: ['number', 'null'] },
              agent: nullableStr,
              violations: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    id: { type: 'number' },
                    issue: str,
                    component: str,
                    severity: str,
                    watch: str,
                    policy: str,
                    failBuild: { type: 'boolean' },
                    // The version of the build the violation was found in, with its repository.
                    foundIn: { type: 'object', properties: { versionId: str, repo: str } },
                  },
                },
              },
              modules: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    id: str,
                    artifacts: {
                      type: 'array',
                      items: { type: 'object', properties: { name: str, type: str, ...resolved } },
                    },
                    dependencies: {
                      type: 'array',
                      items: { type: 'object', properties: { id: str, scope: str, ...resolved } },
                    },
                  },
                },
              },
            },
          },
          404: error,
        },
      },
    },
    async (request) => {
      ctx.requireUser(request, { allowAnonymous: true })
      const detail = await store.detail(request.params.name, request.params.number)
      if (!detail)
        throw new HttpError(404, `No build ${request.params.name} #${request.params.number}`, 'NOT_FOUND')
      // What the watches naming the build found in it, in force.
      const xray = xrayFor(ctx)
      const violations = await xray.store.buildViolationsInForce(
        buildResourceOf(detail.name, detail.number),
        xray.now(),
      )
      return { ...detail, violations }
    },
  )
}

export default routes

const checksums = {
  sha256: { type: 'string', pattern: '^[0-9a-fA-F]{64}$' },
  sha1: { type: 'string', pattern: '^[0-9a-fA-F]{40}$' },
  md5: { type: 'string', pattern: '^[0-9a-fA-F]{32}$' },
} as const

/** The build-info document's schema: what the console reads of it is checked; the rest is kept. */
const buildInfoSchema = {
  type: 'object',
  required: ['name', 'number', 'started'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 200, pattern: '^[^/]+$' },
    number: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[^/]+$' },
    started: { type: 'string', minLength: 1, maxLength: 64 },
    durationMillis: { type: 'integer', minimum: 0 },
    status: { type: 'string', enum: ['success', 'failure', 'in progress'] },
    agent: { type: 'object', properties: { name: { type: 'string' }, version: { type: 'string' } } },
    modules: {
      type: 'array',
      maxItems: 1000,
      items: {
        type: 'object',
        required: ['id'],
        properties: {
          id: { type: 'string', maxLength: 500 },
          artifacts: {
            type: 'array',
            maxItems: 10000,
            items: {
              type: 'object',
              required: ['name'],
              properties: {
                name: { type: 'string', maxLength: 1000 },
                type: { type: 'string' },
                ...checksums,
              },
            },
          },
          dependencies: {
            type: 'array',
            maxItems: 10000,
            items: {
              type: 'object',
              required: ['id'],
              properties: {
                id: { type: 'string', maxLength: 1000 },
                scopes: { type: 'array', items: { type: 'string' } },
                ...checksums,
              },
            },
          },
        },
      },
    },
  },
} as const

/** `PUT /artifactory/api/build`: a build-info document, by any client credential; 204 as the real platform. */
export function buildInfoRoutes(ctx: ServerContext, auth: RegistryAuth) {
  const store = buildStore(ctx.sql)
  const authz = registryAuthorizer(ctx, { repos: repositoryStore(ctx.sql), auth })
  return async (app: FastifyInstance) => {
    app.put<{ Body: BuildInfoDocument }>(
      '/',
      {
        schema: { body: buildInfoSchema },
        bodyLimit: 16 * 1024 * 1024,
        // Authenticated before the body is read.
        onRequest: auth.authenticateWrite,
      },
      async (request, reply) => {
        const caller = await auth.caller(request, reply, true)
        // What publishing needs: a read-only user or token records no build; replacing a run
        // needs delete/overwrite, as replacing a published file does.
        await authz.requireAnywhere(caller, 'deploy', 'build information')
        if (await store.detail(request.body.name, request.body.number))
          await authz.requireAnywhere(caller, 'delete', `build ${request.body.name} #${request.body.number}`)
        if (Number.isNaN(Date.parse(request.body.started)))
          throw new HttpError(400, 'started must be a date (ISO 8601)', 'BAD_DATE')
        await store.deploy(request.body)
        // A build holding a version that violates a fail-build policy is marked failed (and
        // later, when a scan or a watch finds such a violation: XrayService.failViolatingBuilds).
        await xrayFor(ctx).failBuildIfViolating(request.body.name, request.body.number)
        return reply.status(204).send()
      },
    )
  }
}
