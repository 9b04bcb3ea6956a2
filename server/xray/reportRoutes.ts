/**
 * The scanner's reports under /xray/api/v1/reports: ask for one (made in the background), follow
 * its progress, read its rows a page at a time, export it as CSV or JSON, delete it. Signed-in
 * users make and read reports; the one who asked for a report, or an admin, deletes it.
 */
import { Readable } from 'node:stream'
import type { FastifyRequest } from 'fastify'
import { HttpError, type RouteModule } from '../context'
import { documented } from '../ops/schemas'
import { REPORT_KINDS, type ReportKind, type ReportRecord } from './reportStore'
import { REPORT_COLUMNS, padded, reportCsv, reportJson, reportsFor, reportView } from './reports'

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 64 } },
} as const

const fileName = (r: ReportRecord) =>
  `${r.name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 80) || 'report'}-${r.kind}`

const routes: RouteModule = async (app, ctx) => {
  const reports = reportsFor(ctx)
  await reports.recover()
  app.addHook('onClose', () => reports.stop())
  const store = reports.store
  const signedIn = (request: FastifyRequest) => ctx.requireUser(request)

  const found = async (id: string) => {
    const r = await store.get(id)
    if (!r) throw new HttpError(404, `No report ${id}`, 'NOT_FOUND')
    return r
  }

  app.get<{ Querystring: { limit?: number } }>(
    '/xray/api/v1/reports',
    {
      schema: documented('Reports, newest first, with their progress', {
        querystring: { type: 'object', properties: { limit: { type: 'integer', minimum: 1, maximum: 200 } } },
      }),
    },
    async (request) => {
      signedIn(request)
      return (await store.list(request.query.limit ?? 50)).map(reportView)
    },
  )

  app.post<{ Body: { kind: ReportKind; name?: string; repositories?: string[]; builds?: string[] } }>(
    '/xray/api/v1/reports',
    {
      schema: documented(
        'Asks for a report (vulnerabilities, licenses or violations) over indexed repositories and builds, none chosen meaning all; 202, made in the background',
        {
          body: {
            type: 'object',
            additionalProperties: false,
            required: ['kind'],
            properties: {
              kind: { type: 'string', enum: [...REPORT_KINDS] },
              name: { type: 'string', maxLength: 100 },
              repositories: {
                type: 'array',
                maxItems: 1000,
                uniqueItems: true,
                items: { type: 'string', minLength: 1, maxLength: 64 },
              },
              builds: {
                type: 'array',
                maxItems: 1000,
                uniqueItems: true,
                items: { type: 'string', minLength: 1, maxLength: 200 },
              },
            },
          },
        },
      ),
    },
    async (request, reply) => {
      const user = signedIn(request)
      const repositories = request.body.repositories ?? []
      const indexed = new Set(await store.indexedRepos())
      const unknown = repositories.filter((r) => !indexed.has(r))
      if (unknown.length > 0)
        throw new HttpError(400, `Not an indexed repository: ${unknown.join(', ')}`, 'VALIDATION')
      const builds = request.body.builds ?? []
      const unknownBuilds = await store.unknownBuilds(builds)
      if (unknownBuilds.length > 0)
        throw new HttpError(400, `No build named ${unknownBuilds.join(', ')}`, 'VALIDATION')
      const name = request.body.name?.trim() || `${request.body.kind} report`
      const r = await reports.request({ kind: request.body.kind, name, repositories, builds, by: user.name })
      return reply.status(202).send(reportView(r))
    },
  )

  app.get<{ Params: { id: string }; Querystring: { offset?: number; limit?: number } }>(
    '/xray/api/v1/reports/:id',
    {
      schema: documented('One report, its progress and a page of its rows', {
        params: idParams,
        querystring: {
          type: 'object',
          properties: {
            offset: { type: 'integer', minimum: 0 },
            limit: { type: 'integer', minimum: 1, maximum: 1000 },
          },
        },
      }),
    },
    async (request) => {
      signedIn(request)
      const r = await found(request.params.id)
      const offset = request.query.offset ?? 0
      const rows =
        r.status === 'done'
          ? (await store.rows(r.id, offset, request.query.limit ?? 50)).map((cells) =>
              padded(cells, REPORT_COLUMNS[r.kind]),
            )
          : []
      return { ...reportView(r), offset, page: rows }
    },
  )

  app.get<{ Params: { id: string }; Querystring: { format?: 'csv' | 'json' } }>(
    '/xray/api/v1/reports/:id/export',
    {
      schema: documented('A finished report as a CSV or JSON file', {
        params: idParams,
        querystring: { type: 'object', properties: { format: { type: 'string', enum: ['csv', 'json'] } } },
      }),
    },
    async (request, reply) => {
      signedIn(request)
      const r = await found(request.params.id)
      if (r.status !== 'done')
        throw new HttpError(409, `The report is ${r.status}: it can be exported once done`, 'NOT_READY')
      const csv = request.query.format !== 'json'
      return reply
        .header('Content-Type', csv ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${fileName(r)}.${csv ? 'csv' : 'json'}"`)
        .send(Readable.from(csv ? reportCsv(store, r) : reportJson(store, r)))
    },
  )

  app.delete<{ Params: { id: string } }>(
    '/xray/api/v1/reports/:id',
    { schema: documented('Deletes a report (who asked for it, or an admin)', { params: idParams }) },
    async (request, reply) => {
      const user = signedIn(request)
      const r = await found(request.params.id)
      if (r.createdBy !== user.name && !user.admin)
        throw new HttpError(403, 'Only who asked for a report, or an admin, deletes it', 'FORBIDDEN')
      await store.delete(r.id)
      return reply.status(204).send()
    },
  )
}

export default routes
