/**
 * Release bundles by checksum (server/API.md, Packages): the bundles containing an artifact
 * with the given sha256 or sha1. Bundles come from the sample set and point at real
 * catalogue files by their real checksums.
 */
import { HttpError, type RouteModule } from '../context'
import { releaseBundleStore } from './store'

const CHECKSUM = /^(?:[0-9a-fA-F]{40}|[0-9a-fA-F]{64})$/

const routes: RouteModule = async (app, ctx) => {
  const bundles = releaseBundleStore(ctx.sql)

  app.get<{ Params: { checksum: string }; Querystring: { num_of_rows?: number } }>(
    '/distribution/api/ui/release_bundle/checksum/:checksum',
    {
      schema: {
        params: {
          type: 'object',
          properties: { checksum: { type: 'string', maxLength: 128 } },
          required: ['checksum'],
        },
        querystring: {
          type: 'object',
          properties: { num_of_rows: { type: 'integer', minimum: 1, maximum: 1000 } },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              data: {
                type: 'object',
                properties: {
                  data: {
                    type: 'array',
                    items: {
                      type: 'object',
                      properties: {
                        name: { type: 'string' },
                        version: { type: 'string' },
                        created: { type: 'string' },
                        status: { type: 'string' },
                        repository: { type: 'string' },
                        artifacts: { type: 'integer' },
                      },
                    },
                  },
                },
              },
            },
          },
          400: { type: 'object', properties: { message: { type: 'string' }, code: { type: 'string' } } },
        },
      },
    },
    async (request) => {
      ctx.requireUser(request, { allowAnonymous: true })
      const { checksum } = request.params
      if (!CHECKSUM.test(checksum))
        throw new HttpError(
          400,
          'The checksum must be a sha256 (64 hex digits) or sha1 (40 hex digits)',
          'VALIDATION',
        )
      const rows = await bundles.containing(checksum.toLowerCase(), request.query.num_of_rows ?? 100)
      return { data: { data: rows } }
    },
  )
}

export default routes
