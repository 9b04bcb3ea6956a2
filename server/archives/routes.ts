/**
 * The artifact searches: the Quick search (stored files by name, path or checksum) and the
 * Archive search (files inside the archives by name or path, or the archives by checksum), both
 * in the repositories the caller may read, narrowed to those the search names. The archive index is kept up in the background (every ARCHIVE_INDEX_EVERY_MS)
 * and brought up to date before a search answers.
 */
import type { FastifyRequest } from 'fastify'
import { HttpError, type RouteModule } from '../context'
import { isoNow } from '../clock'
import { blobDirOf } from '../config'
import { documented } from '../ops/schemas'
import { consoleCaller, readableScope, registryAuthorizer } from '../permissions/authorize'
import { registryAuth } from '../registry/auth'
import { repositoryStore } from '../repositories/store'
import { archiveIndex, quickSearch } from './store'
import { CHECKSUM_PATTERN, type FileCriteria } from './rules'

export const ARCHIVE_INDEX_EVERY_MS = 10_000
const MAX_RESULTS = 500
/** The most rows read at a time when the caller's targets hide some paths. */
const FILTERED_PAGE = 1000

const str = { type: 'string' } as const

const routes: RouteModule = async (app, ctx) => {
  const index = archiveIndex(ctx.sql, blobDirOf(ctx.config), () => isoNow(ctx.clock))
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

  const text = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength }) as const
  const searchQuery = {
    type: 'object',
    properties: {
      name: text(256),
      path: text(1024),
      checksum: { type: 'string', pattern: CHECKSUM_PATTERN },
      repo: { type: 'array', items: text(200), maxItems: 50 },
      limit: { type: 'integer', minimum: 1, maximum: MAX_RESULTS },
    },
    additionalProperties: false,
  } as const
  type SearchQuery = {
    Querystring: FileCriteria & { repo?: string[]; limit?: number }
  }

  /** What the search asks of a file: at least one of its name, its path and its checksum. */
  const criteriaOf = (request: FastifyRequest<SearchQuery>): FileCriteria => {
    const { name, path, checksum } = request.query
    if (name === undefined && path === undefined && checksum === undefined)
      throw new HttpError(400, 'Invalid request: name: a name, a path or a checksum is needed', 'VALIDATION')
    return {
      ...(name !== undefined ? { name } : {}),
      ...(path !== undefined ? { path } : {}),
      ...(checksum !== undefined ? { checksum } : {}),
    }
  }

  /**
   * Where to search: the repositories the caller may read, of those asked for when any are; and
   * whether a hit may be named (a path the caller's targets keep out of a repository is not).
   */
  const searched = async (request: FastifyRequest<SearchQuery>) => {
    const { keys, partly } = await readableScope(authz, repos, consoleCaller(ctx, request))
    const asked = request.query.repo
    const where =
      !asked || asked.length === 0 ? keys : asked.filter((key) => keys === undefined || keys.includes(key))
    const shown =
      partly.size === 0
        ? undefined
        : (hit: { readonly repoKey: string; readonly path: string }) =>
            partly.get(hit.repoKey)?.(hit.path) ?? true
    return { where, shown }
  }

  /**
   * At most `limit` hits the caller may see, and whether there were more. Hidden paths are left
   * out before the limit counts: pages are read, in the searches' order, until the limit is
   * passed or the hits run out, so a caller whose targets hide some paths still gets every hit
   * they may see and `truncated` is exact.
   */
  const page = async <T extends { readonly repoKey: string; readonly path: string }>(
    limit: number | undefined,
    shown: ((hit: T) => boolean) | undefined,
    find: (count: number, offset: number) => Promise<T[]>,
  ) => {
    const n = limit ?? 100
    const hits: T[] = []
    // One more than the limit says whether there are more; each further page twice as large.
    for (let offset = 0, size = n + 1; ; offset += size, size = Math.min(size * 2, FILTERED_PAGE)) {
      const rows = await find(size, offset)
      hits.push(...(shown ? rows.filter(shown) : rows))
      if (!shown || hits.length > n || rows.length < size) break
    }
    return { results: hits.slice(0, n), truncated: hits.length > n }
  }

  /** A search's schema: the search query and, as its answer, hits of these properties. */
  const schemaOf = (summary: string, hit: Record<string, unknown>) =>
    documented(summary, {
      querystring: searchQuery,
      response: {
        200: {
          type: 'object',
          properties: {
            results: { type: 'array', items: { type: 'object', properties: hit } },
            truncated: { type: 'boolean' },
          },
        },
      },
    })
  const size = { type: 'number' } as const

  app.get<SearchQuery>(
    '/ui/artifactsearch/quick',
    {
      schema: schemaOf(
        'Stored files whose name or path (a part of it, or a pattern with * and ?) or checksum matches',
        {
          repoKey: str,
          path: str,
          size,
        },
      ),
    },
    async (request) => {
      const { where, shown } = await searched(request)
      const criteria = criteriaOf(request)
      return page(request.query.limit, shown, (n, offset) => quickSearch(ctx.sql, criteria, where, n, offset))
    },
  )

  app.get<SearchQuery>(
    '/ui/artifactsearch/archive',
    {
      schema: schemaOf(
        'Files inside archives (npm tarballs, tar.gz, zip, jar) whose name or path inside matches, or the archive by its checksum',
        {
          repoKey: str,
          path: str,
          entryPath: str,
          size,
        },
      ),
    },
    async (request) => {
      const { where, shown } = await searched(request)
      const criteria = criteriaOf(request)
      return page(request.query.limit, shown, (n, offset) => index.search(criteria, where, n, offset))
    },
  )
}

export default routes
