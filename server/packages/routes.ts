/**
 * The packages area's supporting calls (server/API.md, "Supporting calls"): readme, npm
 * dependencies and properties, artifact builds, docker layers, file download, artifact
 * count. All read the catalogue tables (the scanner's calls are server/xray/routes.ts).
 */
import { createReadStream, existsSync } from 'node:fs'
import type { FastifyRequest } from 'fastify'
import { HttpError, type RouteModule } from '../context'
import { artifactFinder } from '../catalog/store'
import { blobPathOf } from '../repositories/blobs'
import { blobDirOf } from '../config'
import { packageStore } from './store'
import { isoNow } from '../clock'
import { xrayFor } from '../xray/service'
import { remoteStore } from '../remote/store'
import { platformsOf } from '../containers/rules'
import { repositoryStore } from '../repositories/store'
import { registryAuth } from '../registry/auth'
import { consoleCaller, registryAuthorizer } from '../permissions/authorize'

const pathQuery = {
  type: 'object',
  properties: {
    path: { type: 'string', minLength: 1, maxLength: 2048 },
    repoKey: { type: 'string', maxLength: 256 },
  },
  required: ['path'],
} as const

const downloadQuery = {
  type: 'object',
  properties: {
    path: { type: 'string', minLength: 1, maxLength: 2048 },
    repoKey: { type: 'string', maxLength: 256 },
  },
  required: ['path'],
} as const

const errorSchema = {
  type: 'object',
  properties: { message: { type: 'string' }, code: { type: 'string' } },
} as const

const ok = (properties: Record<string, unknown>) => ({
  200: { type: 'object', properties },
  404: errorSchema,
})

/** An answer `{ [key]: [{...itemProperties}] }`: the shape of every list call below. */
const okList = (key: string, itemProperties: Record<string, unknown>) =>
  ok({ [key]: { type: 'array', items: { type: 'object', properties: itemProperties } } })
const str = { type: 'string' }

/**
 * A file name safe in a Content-Disposition header: the last path segment, without quotes,
 * backslashes, control characters (CR/LF above all) or anything a header could be split on.
 */
export function safeFileName(path: string): string {
  const last = path.split(/[/\\]/).pop() ?? ''
  const cleaned = last
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"';\\]/g, '')
    .replace(/^\.+/, '')
    .trim()
  return cleaned.slice(0, 200) || 'download'
}

const asciiFallback = (name: string) => name.replace(/[^\x20-\x7e]/g, '_').replace(/%/g, '_')

const routes: RouteModule = async (app, ctx) => {
  const { findFile, findVersionFolder } = artifactFinder(ctx.sql)
  const catalogue = packageStore(ctx.sql)
  // Downloads are counted where every registry download is: per version, package and day.
  // The image's layers, and the platforms it is built for (every image of a multi-arch index).
  const dockerView = async (versionId: string) => ({
    layers: await catalogue.layers(versionId),
    platforms: platformsOf(await catalogue.properties(versionId)),
  })
  const dockerViewSchema = ok({
    layers: {
      type: 'array',
      items: { type: 'object', properties: { digest: str, size: { type: 'number' }, command: str } },
    },
    platforms: { type: 'array', items: str },
  })
  const downloads = remoteStore(ctx.sql)

  const repos = repositoryStore(ctx.sql)
  const authz = registryAuthorizer(ctx, { repos, auth: registryAuth(ctx) })

  /**
   * Answered as missing (404) unless the caller may read `repoKey` at `path`, as the registry
   * would allow: a file or version one may not read is not confirmed to exist.
   */
  const requireRead = async (
    request: FastifyRequest,
    repoKey: string,
    path?: string,
    missing = 'No artifact at this path',
  ) => {
    const repo = await repos.find(repoKey)
    if (!repo || !(await authz.can(consoleCaller(ctx, request), repo, 'read', path)))
      throw new HttpError(404, missing, 'NOT_FOUND')
  }

  /** The file at the asked path, if the caller may read it. */
  const readableFile = async (request: FastifyRequest, path: string, repoKey?: string) => {
    consoleCaller(ctx, request)
    const file = await findFile(path, repoKey)
    if (!file) throw new HttpError(404, 'No artifact at this path', 'NOT_FOUND')
    await requireRead(request, file.repo, file.path)
    return file
  }

  /** The version a lead file, or the folder of a version that has one, names. */
  const readableVersion = async (request: FastifyRequest, path: string, repoKey?: string) => {
    const folder = (await findFile(path, repoKey)) ? undefined : await findVersionFolder(path, repoKey)
    if (!folder) return (await readableFile(request, path, repoKey)).version_id
    // Read as its lead file is: a folder reveals no more than the file that names it.
    await requireRead(request, folder.repo, folder.lead_file_path)
    return folder.version_id
  }

  const versionOfPath = (request: FastifyRequest<{ Querystring: { path: string; repoKey?: string } }>) =>
    readableVersion(request, request.query.path, request.query.repoKey)

  app.get<{ Params: { id: string }; Querystring: { path?: string } }>(
    '/ui/v1/native/versions/:id/readme',
    {
      schema: {
        params: { type: 'object', properties: { id: { type: 'string', maxLength: 1024 } }, required: ['id'] },
        querystring: { type: 'object', properties: { path: { type: 'string', maxLength: 2048 } } },
        response: ok({ readme: { type: 'string' } }),
      },
    },
    async (request) => {
      consoleCaller(ctx, request)
      // The id names the version; the lead file path finds it when the id is a package's.
      const fromPath = request.query.path ? (await findFile(request.query.path))?.version_id : undefined
      const version =
        (await catalogue.version(request.params.id)) ??
        (fromPath ? await catalogue.version(fromPath) : undefined)
      if (!version) throw new HttpError(404, 'No such version', 'NOT_FOUND')
      // Read at the version's own file, as its files and the metadata API are: a target that
      // excludes the package's folder hides its README too.
      await requireRead(request, version.repo, version.lead_file_path ?? '', 'No such version')
      if (version.readme_path) {
        const text = await catalogue.fileText(version.id, version.readme_path)
        if (text !== undefined) return { readme: text }
      }
      return { readme: version.readme_text ?? '' }
    },
  )

  app.get<{ Querystring: { path: string; repoKey?: string } }>(
    '/ui/v1/native/versions/npm/dependencies',
    {
      schema: {
        querystring: pathQuery,
        response: okList('dependencies', {
          name: str,
          version: str,
          scope: str,
        }),
      },
    },
    async (request) => ({ dependencies: await catalogue.dependencies(await versionOfPath(request)) }),
  )

  app.get<{ Querystring: { path: string; repoKey?: string } }>(
    '/ui/v1/native/versions/npm/props',
    {
      schema: {
        querystring: pathQuery,
        response: okList('properties', { key: str, values: { type: 'array', items: str } }),
      },
    },
    async (request) => ({ properties: await catalogue.properties(await versionOfPath(request)) }),
  )

  app.get<{ Querystring: { path: string; repoKey?: string } }>(
    '/ui/artifactbuilds',
    {
      schema: {
        querystring: pathQuery,
        response: okList('builds', {
          name: str,
          number: str,
          started: str,
          status: str,
        }),
      },
    },
    async (request) => ({ builds: await catalogue.builds(await versionOfPath(request)) }),
  )

  app.get<{ Querystring: { path: string; repoKey?: string } }>(
    '/ui/views/dockerv2',
    {
      schema: {
        querystring: pathQuery,
        response: dockerViewSchema,
      },
    },
    async (request) => dockerView(await versionOfPath(request)),
  )
  // The specification's POST variant: the same question in the body ({ path, repoKey, view }).
  app.post<{ Body: { path: string; repoKey?: string; view?: string } }>(
    '/ui/views/dockerv2',
    {
      schema: {
        body: {
          type: 'object',
          properties: { ...pathQuery.properties, view: { type: 'string', enum: ['dockerv2'] } },
          required: ['path'],
        },
        response: dockerViewSchema,
      },
    },
    async (request) => {
      return dockerView(await readableVersion(request, request.body.path, request.body.repoKey))
    },
  )

  app.get<{ Querystring: { path: string; repoKey?: string } }>(
    '/download',
    { schema: { querystring: downloadQuery, response: { 404: errorSchema } } },
    async (request, reply) => {
      const file = await readableFile(request, request.query.path, request.query.repoKey)
      // A version a watch's policy blocks is not downloaded here either.
      await xrayFor(ctx).refuseBlocked(file.version_id)
      // Published files keep their bytes in the blob store; the snapshot's keep only checksums.
      const blob = file.content ? undefined : blobPathOf(blobDirOf(ctx.config), file.sha256)
      if (!file.content && !(blob && existsSync(blob)))
        throw new HttpError(
          404,
          'The catalogue keeps only the checksums of this file, not its bytes',
          'CONTENT_NOT_STORED',
        )
      await downloads.countDownload(file.version_id, isoNow(ctx.clock).slice(0, 10))
      const name = safeFileName(file.name)
      return (
        reply
          // Never rendered inline, whatever the file says it is.
          .header('Content-Type', 'application/octet-stream')
          .header(
            'Content-Disposition',
            `attachment; filename="${asciiFallback(name)}"; filename*=UTF-8''${encodeURIComponent(name)}`,
          )
          .header('X-Content-Type-Options', 'nosniff')
          .header('Content-Length', String(file.content ? file.content.length : file.size))
          .send(file.content ?? createReadStream(blob!))
      )
    },
  )

  app.get(
    '/ui/home/widget/artifactCount',
    {
      schema: {
        response: {
          200: {
            type: 'object',
            properties: { widgetData: { type: 'object', properties: { artifactCount: { type: 'number' } } } },
          },
        },
      },
    },
    async (request) => {
      ctx.requireUser(request, { allowAnonymous: true })
      return { widgetData: { artifactCount: await catalogue.fileCount() } }
    },
  )
}

export default routes
