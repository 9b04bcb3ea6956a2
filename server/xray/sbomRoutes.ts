/**
 * A build run's CycloneDX 1.5 SBOM as a file: its modules, artifacts and dependencies, with the
 * licences and vulnerabilities the platform's scans know of them. Signed-in users read it.
 */
import { HttpError, type RouteModule } from '../context'
import { isoNow } from '../clock'
import { documented } from '../ops/schemas'
import { buildSbomOf } from './buildSbom'

const fileSafe = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 100)

const routes: RouteModule = async (app, ctx) => {
  app.get<{ Querystring: { name: string; number: string } }>(
    '/xray/api/v1/sbom/build',
    {
      schema: documented('A CycloneDX 1.5 JSON SBOM of one build run, with its vulnerabilities', {
        querystring: {
          type: 'object',
          required: ['name', 'number'],
          properties: {
            name: { type: 'string', minLength: 1, maxLength: 256 },
            number: { type: 'string', minLength: 1, maxLength: 128 },
          },
        },
      }),
    },
    async (request, reply) => {
      ctx.requireUser(request)
      const { name, number } = request.query
      const sbom = await buildSbomOf(ctx, name, number, isoNow(ctx.clock))
      if (!sbom) throw new HttpError(404, `No build ${name} #${number}`, 'NOT_FOUND')
      return reply
        .header('Content-Type', 'application/vnd.cyclonedx+json; version=1.5')
        .header(
          'Content-Disposition',
          `attachment; filename="${fileSafe(name)}-${fileSafe(number)}.cdx.json"`,
        )
        .send(JSON.stringify(sbom, null, 2))
    },
  )
}

export default routes
