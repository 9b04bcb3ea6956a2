/**
 * The Archive search: files inside the archives the caller may read, by name. The index is
 * kept up in the background (every ARCHIVE_INDEX_EVERY_MS) and brought up to date before a
 * search answers.
 */
import type { RouteModule } from '../context'
import { isoNow } from '../clock'
import { documented } from '../ops/schemas'
import { consoleCaller, readableScope, registryAuthorizer } from '../permissions/authorize'
import { registryAuth } from '../registry/auth'
import { repositoryStore } from '../repositories/store'
import { archiveIndex } from './store'

export const ARCHIVE_INDEX_EVERY_MS = 10_000
const MAX_RESULTS = 500

const str = { type: 'string' } as const

const routes: RouteModule = async (app, ctx) => {
  const index = archiveIndex(ctx.sql, ctx.config.dataDir, () => isoNow(ctx.clock))
  const repos = repositoryStore(ctx.sql)
  const authz = registryAuthorizer(ctx, { repos, auth: registryAuth(ctx) })

  let indexing: Promise<unknown> | undefined
  const stop = ctx.clock.every(ARCHIVE_INDEX_EVERY_MS, () => {
    // A run that fails (the database closing under it) is tried again on the next tick.
    indexing = index.catchUp().catch(() => undefined)
  })
  app.addHook('onClose', async () => {
    stop()
    await indexing
  })

  app.get<{ Querystring: { name: string; limit?: number } }>(
    '/ui/artifactsearch/archive',
    {
      schema: documented('Files inside archives (npm tarballs, tar.gz, zip, jar) whose name matches', {
        querystring: {
          type: 'object',
          required: ['name'],
          properties: {
            name: { type: 'string', minLength: 1, maxLength: 256 },
            limit: { type: 'integer', minimum: 1, maximum: MAX_RESULTS },
          },
          additionalProperties: false,
        },
        response: {
          200: {
            type: 'object',
            properties: {
              results: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: { repoKey: str, path: str, entryPath: str, size: { type: 'number' } },
                },
              },
              truncated: { type: 'boolean' },
            },
          },
        },
      }),
    },
    async (request) => {
      const caller = consoleCaller(ctx, request)
      const { keys: readable, partly } = await readableScope(authz, repos, caller)
      const limit = request.query.limit ?? 100
      // One more than asked, to say whether there were more; an archive at a path the caller's
      // targets keep out is not named.
      const hits = (await index.search(request.query.name, readable, limit + 1)).filter(
        (hit) => partly.get(hit.repoKey)?.(hit.path) ?? true,
      )
      return { results: hits.slice(0, limit), truncated: hits.length > limit }
    },
  )
}

export default routes
