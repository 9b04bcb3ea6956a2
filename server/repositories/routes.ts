/**
 * The console's repository calls under /ui/api/v1: the list with what each repository holds,
 * one repository, admin create/update/delete, Quick Repository Creation, a client token for
 * set-me-up (`POST /ui/npm/token`: shown once, only its hash kept), and the artifact tree
 * (children of a folder, paged) with a file's information.
 */
import { HttpError, type RouteModule } from '../context'
import {
  REPOSITORY_KINDS,
  REPOSITORY_PACKAGE_TYPES,
  type RepositoryForm,
} from '../../domain/repositories/rules'
import { repositoryStore } from './store'
import { remoteStore } from '../remote/store'
import { registryAuth } from '../registry/auth'
import { consoleCaller, readableRepositories, registryAuthorizer } from '../permissions/authorize'
import type { RegistryCaller } from '../registry/auth'
import { artifactFiles, artifactPathProblem } from '../registry/genericRoutes'
import { treeChildren, TREE_PAGE_MAX } from './tree'
import { packageStore } from '../packages/store'
import { isoNow } from '../clock'
import { containerStore, tagOfManifestPath } from '../containers/store'
import { xrayFor } from '../xray/service'

const str = { type: 'string' } as const
const nullableStr = { type: ['string', 'null'] } as const
const error = { type: 'object', properties: { message: str, code: str }, additionalProperties: true } as const

const repositoryProps = {
  key: str,
  packageType: str,
  kind: str,
  description: str,
  includesPattern: str,
  excludesPattern: str,
  url: nullableStr,
  members: { type: 'array', items: str },
  defaultDeploymentRepo: nullableStr,
  created: str,
  modified: str,
} as const
const summaryProps = {
  ...repositoryProps,
  packageCount: { type: 'integer' },
  artifactCount: { type: 'integer' },
  size: { type: 'number' },
  // A remote's state, so the list can say which upstreams are offline or failing.
  remote: {
    type: 'object',
    properties: {
      offline: { type: 'boolean' },
      lastFailure: nullableStr,
      lastFailureAt: nullableStr,
      lastSuccessAt: nullableStr,
    },
  },
} as const

const formSchema = {
  type: 'object',
  properties: {
    key: { type: 'string', maxLength: 200 },
    kind: { type: 'string', enum: [...REPOSITORY_KINDS] },
    packageType: { type: 'string', maxLength: 64 },
    description: { type: 'string', maxLength: 2000 },
    includesPattern: { type: 'string', maxLength: 2000 },
    excludesPattern: { type: 'string', maxLength: 2000 },
    url: { type: 'string', maxLength: 2000 },
    members: { type: 'array', items: { type: 'string', maxLength: 200 }, maxItems: 100 },
    defaultDeploymentRepo: { type: 'string', maxLength: 200 },
  },
  required: ['key', 'kind', 'packageType'],
  additionalProperties: false,
} as const

type FormBody = Partial<RepositoryForm> & Pick<RepositoryForm, 'key' | 'kind' | 'packageType'>
const formOf = (b: FormBody): RepositoryForm => ({
  key: b.key,
  kind: b.kind,
  packageType: b.packageType,
  description: b.description ?? '',
  includesPattern: b.includesPattern ?? '',
  excludesPattern: b.excludesPattern ?? '',
  url: b.url ?? '',
  members: b.members ?? [],
  defaultDeploymentRepo: b.defaultDeploymentRepo ?? '',
})

const keyParams = {
  type: 'object',
  properties: { key: { type: 'string', maxLength: 200 } },
  required: ['key'],
} as const

const routes: RouteModule = async (app, ctx) => {
  const store = repositoryStore(ctx.sql)
  const remotes = remoteStore(ctx.sql)
  const remoteStatusOf = async (key: string) => {
    const { lastFailure, lastFailureAt, lastSuccessAt } = await remotes.state(key)
    return { offline: (await remotes.settings(key)).offline, lastFailure, lastFailureAt, lastSuccessAt }
  }
  const auth = registryAuth(ctx)
  const authz = registryAuthorizer(ctx, { repos: store, auth })
  const containers = containerStore(ctx.sql)
  const files = artifactFiles(ctx)
  /**
   * The repository, if the caller may read something in it; one the caller may not read is
   * answered as one that does not exist, so its name is not confirmed to a stranger.
   */
  const readableRepository = async (caller: RegistryCaller, key: string) => {
    const repo = await store.find(key)
    if (!repo || !(await authz.can(caller, repo, 'read')))
      throw new HttpError(404, `No repository ${key}`, 'NOT_FOUND')
    return repo
  }
  const catalogue = packageStore(ctx.sql)

  app.get(
    '/repositories',
    {
      schema: {
        response: {
          200: {
            type: 'object',
            properties: {
              repositories: { type: 'array', items: { type: 'object', properties: summaryProps } },
            },
          },
        },
      },
    },
    async (request) => {
      const caller = consoleCaller(ctx, request)
      const readable = await readableRepositories(authz, store, caller)
      return {
        repositories: await Promise.all(
          (await store.list(readable && new Set(readable))).map(async (r) =>
            r.kind === 'remote' ? { ...r, remote: await remoteStatusOf(r.key) } : r,
          ),
        ),
      }
    },
  )

  app.get<{ Params: { key: string } }>(
    '/repositories/:key',
    {
      schema: {
        params: keyParams,
        response: { 200: { type: 'object', properties: repositoryProps }, 404: error },
      },
    },
    async (request) => {
      const caller = consoleCaller(ctx, request)
      const repo = await readableRepository(caller, request.params.key)
      const keys = await readableRepositories(authz, store, caller)
      if (!keys) return repo
      // Its members and deployment target only as far as the caller may read them.
      const readable = new Set(keys)
      return {
        ...repo,
        members: repo.members.filter((m) => readable.has(m)),
        defaultDeploymentRepo:
          repo.defaultDeploymentRepo !== null && readable.has(repo.defaultDeploymentRepo)
            ? repo.defaultDeploymentRepo
            : null,
      }
    },
  )

  app.post<{ Body: FormBody }>(
    '/repositories',
    {
      schema: {
        body: formSchema,
        response: { 201: { type: 'object', properties: repositoryProps }, 400: error, 409: error },
      },
    },
    async (request, reply) => {
      ctx.requireAdmin(request)
      return reply.status(201).send(await store.create(formOf(request.body), isoNow(ctx.clock)))
    },
  )

  app.put<{ Params: { key: string }; Body: FormBody }>(
    '/repositories/:key',
    {
      schema: {
        params: keyParams,
        body: formSchema,
        response: { 200: { type: 'object', properties: repositoryProps }, 400: error, 404: error },
      },
    },
    async (request) => {
      ctx.requireAdmin(request)
      return await store.update(request.params.key, formOf(request.body), isoNow(ctx.clock))
    },
  )

  app.delete<{ Params: { key: string } }>(
    '/repositories/:key',
    { schema: { params: keyParams, response: { 404: error, 409: error } } },
    async (request, reply) => {
      ctx.requireAdmin(request)
      await store.delete(request.params.key)
      return reply.status(204).send()
    },
  )

  app.post<{ Body: { packageTypes: string[] } }>(
    '/repositories/quick',
    {
      schema: {
        body: {
          type: 'object',
          properties: {
            packageTypes: {
              type: 'array',
              items: { type: 'string', enum: [...REPOSITORY_PACKAGE_TYPES] },
              minItems: 1,
              maxItems: REPOSITORY_PACKAGE_TYPES.length,
              uniqueItems: true,
            },
          },
          required: ['packageTypes'],
          additionalProperties: false,
        },
        response: {
          200: {
            type: 'object',
            properties: { created: { type: 'array', items: str }, existing: { type: 'array', items: str } },
          },
          400: error,
        },
      },
    },
    async (request) => {
      ctx.requireAdmin(request)
      return await store.quickCreate(request.body.packageTypes, isoNow(ctx.clock))
    },
  )

  app.post(
    '/ui/npm/token',
    { schema: { response: { 200: { type: 'object', properties: { token: str, user: str } } } } },
    async (request) => {
      const user = ctx.currentUser(request)
      if (!user) throw new HttpError(401, 'Sign in to generate a token', 'UNAUTHORIZED')
      return { token: (await auth.issueToken(user.id)).token, user: user.name }
    },
  )

  app.get<{ Querystring: { repoKey: string; path?: string; offset?: number; limit?: number } }>(
    '/ui/treebrowser',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            repoKey: { type: 'string', maxLength: 200 },
            path: { type: 'string', maxLength: 1024 },
            offset: { type: 'integer', minimum: 0 },
            limit: { type: 'integer', minimum: 1, maximum: TREE_PAGE_MAX },
          },
          required: ['repoKey'],
        },
        response: {
          200: {
            type: 'object',
            properties: {
              children: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: { name: str, path: str, folder: { type: 'boolean' }, size: { type: 'number' } },
                },
              },
              total: { type: 'integer' },
            },
          },
          404: error,
        },
      },
    },
    async (request) => {
      const caller = consoleCaller(ctx, request)
      const { repoKey, path = '', offset = 0, limit = 100 } = request.query
      // The same permission targets as the registry's: a virtual shows the members one may read.
      const repo = await readableRepository(caller, repoKey)
      const members = await authz.readableMembers(caller, repo)
      // Below a repository the patterns of the caller's targets decide, as a read of the path would.
      const partly = new Map<string, (path: string) => boolean>()
      for (const r of members) {
        const filter = await authz.pathFilter(caller, r)
        if (filter) partly.set(r.key, filter)
      }
      return treeChildren(
        ctx.sql,
        members.map((r) => r.key),
        path,
        offset,
        limit,
        partly,
      )
    },
  )

  /** A tag's manifest.json: its manifest, the tags on it and what deleting it frees. */
  const manifestOf = async (repoKey: string, path: string) => {
    const at = tagOfManifestPath(path)
    const digest = at && (await containers.tagDigest(repoKey, at.image, at.tag))
    const footprint = at && digest ? await containers.manifestFootprint(repoKey, at.image, digest) : undefined
    return at && digest && footprint ? { ...at, digest, ...footprint } : null
  }

  /** What refuses a version's files to everyone (XrayService.refuseBlocked), as the page names it. */
  const blockedOf = async (versionId: string | null) => {
    const blocked = versionId ? await xrayFor(ctx).blockingViolation(versionId) : undefined
    return blocked ? { policy: blocked.policy, watch: blocked.watch, issue: blocked.issue } : null
  }

  app.get<{ Querystring: { repoKey: string; path: string } }>(
    '/ui/artifact/info',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            repoKey: { type: 'string', maxLength: 200 },
            path: { type: 'string', maxLength: 1024 },
          },
          required: ['repoKey', 'path'],
        },
        response: {
          200: {
            type: 'object',
            properties: {
              repoKey: str,
              path: str,
              name: str,
              size: { type: 'number' },
              sha256: str,
              sha1: str,
              md5: str,
              mimeType: str,
              created: str,
              modified: str,
              deployedBy: nullableStr,
              packageId: nullableStr,
              version: nullableStr,
              properties: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: { key: str, values: { type: 'array', items: str } },
                },
              },
              container: {
                type: ['object', 'null'],
                properties: {
                  image: str,
                  tag: str,
                  digest: str,
                  tags: { type: 'array', items: str },
                  frees: { type: 'number' },
                },
              },
              // The watch's policy that refuses the file's download to everyone, if one does.
              blocked: { type: ['object', 'null'], properties: { policy: str, watch: str, issue: str } },
            },
          },
          400: error,
          404: error,
        },
      },
    },
    async (request) => {
      const caller = consoleCaller(ctx, request)
      const { repoKey, path } = request.query
      const problem = artifactPathProblem(path)
      if (problem) throw new HttpError(400, problem, 'BAD_PATH')
      const repo = await readableRepository(caller, repoKey)
      // Below the repository the path's own grant decides, before the file is looked for.
      await authz.require(caller, repo, 'read', path)
      for (const r of await authz.readableMembers(caller, repo, path)) {
        const row = await files.find(r.key, path)
        if (!row) continue
        const versionAt = row.version_id?.lastIndexOf('@') ?? -1
        return {
          repoKey: row.repo,
          path: row.path,
          name: path.split('/').pop() ?? path,
          size: row.size,
          sha256: row.sha256,
          sha1: row.sha1,
          md5: row.md5,
          mimeType: row.mime_type,
          created: row.created,
          modified: row.modified,
          deployedBy: row.deployed_by,
          packageId: row.version_id && versionAt > 0 ? row.version_id.slice(0, versionAt) : null,
          version: row.version_id && versionAt > 0 ? row.version_id.slice(versionAt + 1) : null,
          // A package file shows its version's properties (npm.name, npm.version, …).
          properties: row.version_id ? await catalogue.properties(row.version_id) : [],
          container: row.lead && r.packageType === 'docker' ? await manifestOf(r.key, row.path) : null,
          blocked: await blockedOf(row.version_id),
        }
      }
      throw new HttpError(404, `No file at ${repoKey}/${path}`, 'NOT_FOUND')
    },
  )
}

export default routes
