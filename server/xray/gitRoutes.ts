/**
 * Git repository scanning's calls: the chosen repositories of the integrations the scanner is
 * connected to, each with its last scan; one repository's vulnerable dependencies; and a scan
 * of them all now (admins). Signed-in users read.
 */
import { isoNow } from '../clock'
import { HttpError, type RouteModule } from '../context'
import { documented } from '../ops/schemas'
import { vendorOf } from '../integrations/vendors'
import { gitScannerFor } from './gitScanner'

const routes: RouteModule = async (app, ctx) => {
  const scanner = gitScannerFor(ctx)
  app.addHook('onClose', () => scanner.stop())

  app.get(
    '/xray/api/v1/git_repositories',
    { schema: documented('Git repositories the scanner reads, each with its last scan', {}) },
    async (request) => {
      ctx.requireUser(request)
      const rows = await scanner.store.scans(isoNow(ctx.clock))
      return {
        repositories: rows.map((r) => ({
          integration_id: r.integration_key,
          integration_name: r.integration_name,
          vendor: vendorOf(Number(r.vendor_name))?.name ?? 'unknown',
          repository: r.repository,
          status: r.status,
          scanned_at: r.scanned_at,
          error: r.error,
          lockfile: Number(r.lockfile) === 1,
          dependencies: Number(r.dependencies),
          vulnerabilities: {
            critical: Number(r.critical),
            high: Number(r.high),
            medium: Number(r.medium),
            low: Number(r.low),
            unknown: Number(r.unknown),
          },
          violations: Number(r.violations),
        })),
      }
    },
  )

  app.get<{ Querystring: { integration_id: string; repository: string } }>(
    '/xray/api/v1/git_repositories/findings',
    {
      schema: documented("One git repository's vulnerable dependencies, most severe first", {
        querystring: {
          type: 'object',
          required: ['integration_id', 'repository'],
          properties: {
            integration_id: { type: 'string', maxLength: 64 },
            repository: { type: 'string', maxLength: 512 },
          },
        },
      }),
    },
    async (request) => {
      ctx.requireUser(request)
      const { integration_id: key, repository } = request.query
      if (
        !(await scanner.store.scans(isoNow(ctx.clock))).some(
          (r) => r.integration_key === key && r.repository === repository,
        )
      )
        throw new HttpError(404, `The scanner does not read ${repository}`, 'NOT_FOUND')
      return { findings: await scanner.store.findings(key, repository) }
    },
  )

  app.post<{ Querystring: { wait?: boolean } }>(
    '/xray/api/v1/git_repositories/scan',
    {
      schema: documented(
        'Scans every chosen repository of the connected git integrations again (admins); 202, in the background',
        { querystring: { type: 'object', properties: { wait: { type: 'boolean' } } } },
      ),
    },
    async (request, reply) => {
      ctx.requireAdmin(request)
      const run = scanner.scanAll()
      if (request.query.wait === true) await run
      return reply.status(202).send({ queued: true })
    },
  )
}

export default routes
