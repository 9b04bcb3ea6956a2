/**
 * The metadata GraphQL API (server/API.md, "Packages (metadata)"): the same schema at
 * /mds/packages, /mds/package, /mds/versions (body `{graphQL: {query, variables}}`) and
 * /metadata/api/v1/query (also plain `{query, variables}`), on either engine. The catalogue is in
 * the database before the module is registered (server/app.ts: snapshot, samples, and
 * CATALOG_SYNTHETIC packages).
 */
import type { RouteModule } from '../context'
import { HttpError } from '../context'
import { startMetadataMigration } from '../catalog/migration'
import { errors } from '../auth/schemas'
import { metadataExecutor, type GraphQLRequest } from '../metadata/execute'
import { costBudget } from '../metadata/budget'
import { metadataStore } from '../metadata/store'
import { repositoryStore } from '../repositories/store'
import { registryAuth } from '../registry/auth'
import { consoleCaller, readableScope, registryAuthorizer } from '../permissions/authorize'
import { ALL_PACKAGE_TYPES, flavourProfile } from '../platform/flavours'

// The query's length is checked by the executor, which answers with the documented shape
// ({message, code}); the body limit bounds it before that.
const requestSchema = {
  type: 'object',
  properties: {
    query: { type: 'string' },
    variables: { type: ['object', 'null'] },
    operationName: { type: ['string', 'null'] },
  },
} as const

const bodySchema = {
  type: 'object',
  properties: { graphQL: { ...requestSchema, required: ['query'] }, ...requestSchema.properties },
} as const

const answerSchema = {
  type: 'object',
  properties: {
    data: { type: ['object', 'null'], additionalProperties: true },
    errors: { type: 'array', items: { type: 'object', additionalProperties: true } },
  },
} as const
const refusedSchema = {
  type: 'object',
  properties: { ...answerSchema.properties, message: { type: 'string' }, code: { type: 'string' } },
} as const

/** Synthetic packages for benchmarks (`CATALOG_SYNTHETIC=50000`); absent or 0 means none. */
export function syntheticCountFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const text = env.CATALOG_SYNTHETIC
  if (text === undefined || text === '') return 0
  const n = Number(text)
  if (!Number.isInteger(n) || n < 0 || n > 1_000_000)
    throw new Error(`CATALOG_SYNTHETIC must be a whole number from 0 to 1000000; got ${text}`)
  return n
}

const routes: RouteModule = async (app, ctx) => {
  const run = metadataExecutor(ctx.sql, ctx.clock)
  const repos = repositoryStore(ctx.sql)
  const authz = registryAuthorizer(ctx, { repos, auth: registryAuth(ctx) })
  const budget = costBudget(ctx.sql, ctx.config.graphqlBudget, () => ctx.clock.now())
  const store = metadataStore(ctx.sql)
  // An edition that serves some package types (the container registry's images and charts)
  // lists packages of those alone, though the catalogue it shares holds others.
  const { packageTypes } = flavourProfile(ctx.config)
  const served = packageTypes.length < ALL_PACKAGE_TYPES.length ? packageTypes : undefined

  const paths = ['/mds/packages', '/mds/package', '/mds/versions', '/metadata/api/v1/query']
  for (const path of paths) {
    app.post<{ Body: { graphQL?: GraphQLRequest } & Partial<GraphQLRequest> }>(
      path,
      {
        schema: {
          body: bodySchema,
          response: { 200: answerSchema, 400: refusedSchema, 429: refusedSchema },
        },
      },
      async (request, reply) => {
        const body = request.body ?? {}
        const graphQL = body.graphQL ?? body
        if (typeof graphQL.query !== 'string')
          throw new HttpError(400, 'The body needs {"graphQL": {"query", "variables"}}', 'VALIDATION')
        const reader = consoleCaller(ctx, request)
        const user = reader.user
        // Packages are answered from the repositories the caller may read, as the registry serves them.
        const { keys: readable, partly } = await readableScope(authz, repos, reader)
        // Where the caller's targets let in only some paths, a version whose files stand
        // outside them is not answered (an image under an excluded folder, say).
        const hidden = new Set<string>()
        for (const [repo, visible] of partly)
          for (const v of await store.versionPaths(repo)) if (!visible(v.path ?? '')) hidden.add(v.id)
        // Anonymous visitors share nothing but their address.
        const caller = ctx.currentUser(request) ? `user:${user.name}` : `anonymous:${request.ip}`
        const answer = await run(
          {
            query: graphQL.query,
            variables: graphQL.variables ?? null,
            operationName: graphQL.operationName ?? null,
          },
          {
            admit: (cost) => budget.take(caller, cost),
            ...(readable ? { readable } : {}),
            ...(hidden.size ? { hidden } : {}),
            ...(served ? { served } : {}),
          },
        )
        if (answer.retryAfterMs !== undefined)
          reply.header('Retry-After', String(Math.max(1, Math.ceil(answer.retryAfterMs / 1000))))
        // Serialised here: GraphQLError's toJSON gives the standard error shape.
        return reply
          .status(answer.status)
          .type('application/json; charset=utf-8')
          .send(JSON.stringify(answer.body))
      },
    )
  }

  app.post(
    '/ui/admin/metadata/migration',
    {
      schema: {
        summary:
          'Starts the metadata migration (every package summary computed again from its versions, a batch at a time; admins). 409 while one runs',
        response: {
          202: { type: 'object', properties: { started: { type: 'boolean' } }, required: ['started'] },
          ...errors(401, 403, 409),
        },
      },
    },
    async (request, reply) => {
      ctx.requireAdmin(request)
      const migration = await startMetadataMigration(ctx)
      if (!migration.started) throw new HttpError(409, 'A metadata migration is already running', 'CONFLICT')
      migration.finished.catch((error: unknown) =>
        request.log.error({ err: error }, 'metadata migration failed'),
      )
      return reply.status(202).send({ started: true })
    },
  )
}

export default routes
