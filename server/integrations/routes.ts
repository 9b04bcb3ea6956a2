/**
 * Integrations routes under /ui/api/v1: the catalogue of tools (anyone signed in), and the
 * source-control (git) integrations with their connection test and the scanning service's
 * connections to them (admins, where repository scanning is part of the flavour).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { HttpError, type RouteModule, type ServerContext } from '../context'
import { flavourProfile } from '../platform/flavours'
import { nodeRuntime } from '../ops/runtime'
import { documented, errorSchema } from '../ops/schemas'
import { readCatalog } from './catalogStore'
import { FAILURE_CAUSES, testConnection } from '../integrations/connectionTest'
import { isRefusedHost } from '../addressGuard'
import { REFUSED_HOST_MESSAGE } from '../../domain/shared/refusedHost'
import { listRepositories } from '../integrations/vendorApi'
import { GitStore, TOKEN_FOR_NEW_URL, type GitIntegrationInput } from '../integrations/gitStore'
import { mandatory } from '../auth/validation'
import { NAME_MESSAGE, URL_MESSAGE } from '../../domain/shared/forms'
import { gitScannerFor } from '../xray/gitScanner'
import {
  INTEGRATION_TYPE_GIT,
  VCS_SERVICES,
  VENDORS,
  vendorOf,
  type VcsService,
} from '../integrations/vendors'

const NAME = /^[A-Za-z0-9._-]+$/

const catalogEntrySchema = {
  type: 'object',
  required: ['id', 'label', 'icon', 'rank', 'categories', 'vendors', 'documentationLink'],
  properties: {
    id: { type: 'string' },
    label: { type: 'string' },
    icon: { type: 'string' },
    iconScale: { type: 'number' },
    rank: { type: 'integer' },
    categories: { type: 'array', items: { type: 'string' } },
    vendors: { type: 'array', items: { type: 'string' } },
    documentationLink: { type: 'string' },
    configureAction: {
      type: 'object',
      required: ['type', 'actionName', 'payload'],
      properties: {
        type: { type: 'string', enum: ['redirect', 'action'] },
        actionName: { type: 'string' },
        payload: { type: 'object', additionalProperties: true },
      },
    },
  },
} as const

const integrationSchema = {
  type: 'object',
  required: [
    'integrationKey',
    'integrationName',
    'userName',
    'url',
    'vendorName',
    'vendor',
    'integrationType',
    'hasToken',
  ],
  properties: {
    integrationKey: { type: 'string' },
    integrationName: { type: 'string' },
    userName: { type: 'string' },
    url: { type: 'string' },
    vendorName: { type: 'integer' },
    vendor: { type: 'string' },
    integrationType: { type: 'integer' },
    hasToken: { type: 'boolean' },
    connectedServices: { type: 'array', items: { type: 'string' } },
    created: { type: 'string' },
    modified: { type: 'string' },
  },
} as const

const formProperties = {
  integrationName: { type: 'string', minLength: 1, maxLength: 64 },
  userName: { type: 'string', maxLength: 128 },
  token: { type: 'string', minLength: 1, maxLength: 4096, description: 'Stored, never returned' },
  url: { type: 'string', minLength: 1, maxLength: 2048 },
  vendorName: {
    type: 'integer',
    minimum: 1,
    maximum: 4,
    description: '1 GitHub, 2 GitLab, 3 Bitbucket Cloud, 4 Bitbucket Server',
  },
  integrationType: { type: 'integer', enum: [INTEGRATION_TYPE_GIT], description: '1 git' },
  integrationKey: { type: 'string', minLength: 1, maxLength: 64 },
} as const

const formBody = (required: string[]) =>
  ({ type: 'object', additionalProperties: false, required, properties: formProperties }) as const

interface Form {
  integrationName: string
  userName?: string
  token?: string
  url: string
  vendorName: number
  integrationType?: number
  integrationKey?: string
}

const keyParams = {
  type: 'object',
  required: ['integrationKey'],
  properties: { integrationKey: { type: 'string', minLength: 1, maxLength: 64 } },
} as const

const resultSchema = {
  type: 'object',
  required: ['data', 'message'],
  properties: { data: { type: 'string' }, message: { type: 'string' }, integration: integrationSchema },
} as const

const adminErrors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
}

function validUrl(text: string): string {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw new HttpError(400, URL_MESSAGE, 'VALIDATION')
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password)
    throw new HttpError(400, URL_MESSAGE, 'VALIDATION')
  if (isRefusedHost(url.hostname)) throw new HttpError(400, REFUSED_HOST_MESSAGE, 'VALIDATION')
  return text
}

function toInput(form: Form): GitIntegrationInput {
  if (!NAME.test(form.integrationName)) throw new HttpError(400, NAME_MESSAGE, 'VALIDATION')
  const vendor = vendorOf(form.vendorName)
  if (!vendor)
    throw new HttpError(
      400,
      'vendorName must be 1 (GitHub), 2 (GitLab), 3 (Bitbucket Cloud) or 4 (Bitbucket Server)',
      'VALIDATION',
    )
  return {
    integrationName: form.integrationName,
    userName: form.userName ?? '',
    url: validUrl(form.url),
    vendor,
    ...(form.token ? { token: form.token } : {}),
  }
}

function registerCatalogRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get(
    '/integration/catalog',
    {
      schema: documented('The integrations catalogue, by rank (1 first) then label', {
        response: { 200: { type: 'array', items: catalogEntrySchema }, 401: errorSchema },
      }),
    },
    async (request) => {
      ctx.requireUser(request, { allowAnonymous: true })
      return readCatalog(ctx.sql)
    },
  )
}

function registerGitRoutes(app: FastifyInstance, ctx: ServerContext, store: GitStore): void {
  const runtime = () => nodeRuntime(ctx)
  /** Git integration needs an admin and a flavour with repository scanning. */
  const requireGitAdmin = (request: FastifyRequest) => {
    const admin = ctx.requireAdmin(request)
    if (!flavourProfile(ctx.config).features.repositoryScanning)
      throw new HttpError(404, 'Repository scanning is not available in this instance', 'FEATURE_DISABLED')
    return admin
  }
  const products = (): VcsService[] => VCS_SERVICES.filter((s) => runtime().runs(s))

  app.get(
    '/integration/getIntegrations',
    {
      schema: documented('Source-control integrations grouped per vendor (admins)', {
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              required: ['type', 'available', 'connected', 'items'],
              properties: {
                type: { type: 'string' },
                available: { type: 'integer' },
                connected: { type: 'integer' },
                items: {
                  type: 'array',
                  items: {
                    type: 'object',
                    required: [
                      'id',
                      'name',
                      'displayName',
                      'key',
                      'configured',
                      'connected',
                      'integrations',
                      'products',
                      'configuredServices',
                    ],
                    properties: {
                      id: { type: 'integer' },
                      name: { type: 'string' },
                      displayName: { type: 'string' },
                      key: { type: 'string' },
                      configured: { type: 'boolean' },
                      connected: { type: 'boolean' },
                      integrations: { type: 'array', items: integrationSchema },
                      products: { type: 'array', items: { type: 'string' } },
                      configuredServices: {
                        type: 'array',
                        items: {
                          type: 'object',
                          required: ['serviceName', 'connections', 'connected', 'configured', 'disabled'],
                          properties: {
                            serviceName: { type: 'string' },
                            connections: { type: 'integer' },
                            connected: { type: 'boolean' },
                            configured: { type: 'boolean' },
                            disabled: { type: 'boolean' },
                          },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
          ...adminErrors,
        },
      }),
    },
    async (request) => {
      requireGitAdmin(request)
      const counts = await store.connectionCounts()
      const running = products()
      const stored = await store.list()
      const items = VENDORS.map((vendor) => {
        const integrations = stored.filter((i) => i.vendorName === vendor.id)
        const configuredServices = VCS_SERVICES.map((serviceName) => {
          const connections = counts.get(`${vendor.id}:${serviceName}`) ?? 0
          return {
            serviceName,
            connections,
            connected: connections > 0,
            configured: integrations.length > 0,
            disabled: !running.includes(serviceName),
          }
        })
        return {
          id: vendor.id,
          name: vendor.name,
          displayName: vendor.displayName,
          key: vendor.name,
          configured: integrations.length > 0,
          connected: configuredServices.some((s) => s.connected),
          integrations,
          products: running,
          configuredServices,
        }
      })
      return [
        {
          type: 'source_control',
          available: items.length,
          connected: items.filter((i) => i.connected).length,
          items,
        },
      ]
    },
  )

  app.get<{ Params: { vendorName: string } }>(
    '/integration/getIntegrations/:vendorName',
    {
      schema: documented(
        "One vendor's integrations (admins); vendorName is github, gitlab, bitbucket_cloud, bitbucket_server or 1–4",
        {
          params: {
            type: 'object',
            required: ['vendorName'],
            properties: { vendorName: { type: 'string', maxLength: 32 } },
          },
          response: { 200: { type: 'array', items: integrationSchema }, ...adminErrors },
        },
      ),
    },
    async (request) => {
      requireGitAdmin(request)
      const vendor = vendorOf(request.params.vendorName)
      if (!vendor) throw new HttpError(404, `Unknown vendor: ${request.params.vendorName}`, 'NOT_FOUND')
      return store.list(vendor)
    },
  )

  app.post<{ Body: Form }>(
    '/integration/test',
    {
      schema: documented(
        'Tests a git connection: a real GET to url with the token as a bearer header, 5 s timeout (admins). Without a token, the stored token of integrationKey is used',
        {
          body: formBody(['url', 'vendorName']),
          response: {
            200: {
              type: 'object',
              required: ['success', 'message'],
              properties: {
                success: { type: 'boolean' },
                message: { type: 'string' },
                status: { type: 'integer' },
                reason: { type: 'string' },
                cause: { type: 'string', enum: [...FAILURE_CAUSES] },
              },
            },
            ...adminErrors,
          },
        },
      ),
    },
    async (request) => {
      requireGitAdmin(request)
      const url = validUrl(request.body.url)
      const vendor = vendorOf(request.body.vendorName)
      if (!vendor) throw new HttpError(400, 'Unknown vendorName', 'VALIDATION')
      const key = request.body.integrationKey
      const saved = key ? await store.get(key) : undefined
      if (!request.body.token && saved && saved.url !== url)
        throw new HttpError(400, TOKEN_FOR_NEW_URL, 'TOKEN_REQUIRED')
      const token = request.body.token ?? (key ? await store.tokenOf(key) : undefined)
      if (!token) throw new HttpError(400, mandatory('token'), 'VALIDATION')
      return testConnection(vendor, url, token, { saved: await store.isSavedUrl(url) })
    },
  )

  app.post<{ Body: Form }>(
    '/integration',
    {
      schema: documented('Creates a git integration (admins); data is the new integration key', {
        body: formBody(['integrationName', 'url', 'vendorName', 'token']),
        response: { 201: resultSchema, ...adminErrors },
      }),
    },
    async (request, reply) => {
      const admin = requireGitAdmin(request)
      const created = await store.create(toInput(request.body), admin.name)
      runtime().log(
        'artifactory',
        'INFO',
        `Git integration ${created.integrationKey} (${created.vendor}) created by ${admin.name}`,
      )
      return reply
        .status(201)
        .send({ data: created.integrationKey, message: 'Successfully created', integration: created })
    },
  )

  app.put<{ Params: { integrationKey: string }; Body: Form }>(
    '/integration/:integrationKey',
    {
      schema: documented('Updates a git integration (admins); a missing token keeps the stored one', {
        params: keyParams,
        body: formBody(['integrationName', 'url', 'vendorName']),
        response: { 200: resultSchema, ...adminErrors },
      }),
    },
    async (request) => {
      const admin = requireGitAdmin(request)
      const key = request.params.integrationKey
      if (request.body.integrationKey !== undefined && request.body.integrationKey !== key)
        throw new HttpError(400, 'integrationKey in the body does not match the path', 'VALIDATION')
      const updated = await store.update(key, toInput(request.body))
      runtime().log('artifactory', 'INFO', `Git integration ${key} updated by ${admin.name}`)
      return { data: key, message: 'Successfully updated', integration: updated }
    },
  )

  app.delete<{ Params: { integrationKey: string } }>(
    '/integration/:integrationKey',
    {
      schema: documented('Deletes a git integration and its service connections (admins)', {
        params: keyParams,
        response: { 200: resultSchema, ...adminErrors },
      }),
    },
    async (request) => {
      const admin = requireGitAdmin(request)
      const key = request.params.integrationKey
      if (!(await store.delete(key))) throw new HttpError(404, `No integration ${key}`, 'NOT_FOUND')
      runtime().log('artifactory', 'INFO', `Git integration ${key} deleted by ${admin.name}`)
      return { data: key, message: 'Successfully deleted' }
    },
  )

  const repositoriesSchema = {
    type: 'object',
    required: ['repositories'],
    properties: {
      repositories: {
        type: 'array',
        items: {
          type: 'object',
          required: ['name', 'private', 'selected'],
          properties: {
            name: { type: 'string' },
            private: { type: 'boolean' },
            selected: { type: 'boolean' },
          },
        },
      },
    },
  } as const
  const vendorErrors = { ...adminErrors, 502: errorSchema }
  /** The vendor's repositories for a stored integration, each with whether it is chosen. */
  const repositoriesOf = async (key: string) => {
    const integration = await store.get(key)
    const token = await store.tokenOf(key)
    const vendor = integration && vendorOf(integration.vendorName)
    if (!integration || !token || !vendor) throw new HttpError(404, `No integration ${key}`, 'NOT_FOUND')
    return listRepositories(vendor, integration.url, token)
  }
  const withSelection = async (key: string, repos: ReadonlyArray<{ name: string; private: boolean }>) => {
    const selected = await store.selectedRepositories(key)
    return { repositories: repos.map((r) => ({ ...r, selected: selected.has(r.name) })) }
  }

  app.get<{ Params: { integrationKey: string } }>(
    '/integration/:integrationKey/repositories',
    {
      schema: documented(
        "The repositories the integration's token reaches, read from the vendor (GitHub user/repos, GitLab projects, Bitbucket Cloud repositories, Bitbucket Server repos), each with whether it is chosen for scanning (admins)",
        { params: keyParams, response: { 200: repositoriesSchema, ...vendorErrors } },
      ),
    },
    async (request) => {
      requireGitAdmin(request)
      const key = request.params.integrationKey
      return withSelection(key, await repositoriesOf(key))
    },
  )

  app.put<{ Params: { integrationKey: string }; Body: { selected: string[] } }>(
    '/integration/:integrationKey/repositories',
    {
      schema: documented(
        "Chooses the repositories to scan: replaces the choice with `selected`, each one of the vendor's repositories for this integration (admins)",
        {
          params: keyParams,
          body: {
            type: 'object',
            additionalProperties: false,
            required: ['selected'],
            properties: {
              selected: {
                type: 'array',
                maxItems: 1000,
                uniqueItems: true,
                items: { type: 'string', minLength: 1, maxLength: 512 },
              },
            },
          },
          response: { 200: repositoriesSchema, ...vendorErrors },
        },
      ),
    },
    async (request) => {
      const admin = requireGitAdmin(request)
      const key = request.params.integrationKey
      const repos = await repositoriesOf(key)
      const known = new Set(repos.map((r) => r.name))
      const unknown = request.body.selected.filter((name) => !known.has(name))
      if (unknown.length > 0)
        throw new HttpError(400, `Not a repository of this integration: ${unknown.join(', ')}`, 'VALIDATION')
      await store.selectRepositories(key, request.body.selected, admin.name)
      // The scanner reads the chosen repositories now (if it is connected to this integration).
      void gitScannerFor(ctx).scanIntegration(key)
      runtime().log(
        'xray',
        'INFO',
        `Repositories to scan of ${key} set to ${request.body.selected.length} by ${admin.name}`,
      )
      return withSelection(key, repos)
    },
  )

  const requireScanner = (request: FastifyRequest) => {
    const admin = requireGitAdmin(request)
    if (!runtime().runs('xray')) throw new HttpError(404, 'The xray service is not running', 'NOT_FOUND')
    return admin
  }
  const connectionSchema = {
    type: 'object',
    required: ['integration_id', 'integration_name', 'vendor', 'url', 'service', 'connected_at'],
    properties: {
      integration_id: { type: 'string' },
      integration_name: { type: 'string' },
      vendor: { type: 'string' },
      url: { type: 'string' },
      service: { type: 'string' },
      connected_at: { type: 'string' },
    },
  } as const

  app.get(
    '/xray/ui/vcs_integrations',
    {
      schema: documented("The scanning service's connections to git integrations (admins)", {
        response: { 200: { type: 'array', items: connectionSchema }, ...adminErrors },
      }),
    },
    async (request) => {
      requireScanner(request)
      return store.connections('xray')
    },
  )

  app.post<{ Body: { integration_id: string } }>(
    '/xray/ui/vcs_integrations',
    {
      schema: documented(
        'Connects the scanning service to a git integration (admins); 201 new, 200 already connected',
        {
          body: {
            type: 'object',
            additionalProperties: false,
            required: ['integration_id'],
            properties: { integration_id: { type: 'string', minLength: 1, maxLength: 64 } },
          },
          response: {
            200: { type: 'array', items: connectionSchema },
            201: { type: 'array', items: connectionSchema },
            ...adminErrors,
          },
        },
      ),
    },
    async (request, reply) => {
      const admin = requireScanner(request)
      const added = await store.connect(request.body.integration_id, 'xray', admin.name)
      void gitScannerFor(ctx).scanIntegration(request.body.integration_id)
      if (added)
        runtime().log(
          'xray',
          'INFO',
          `Repository scanning connected to ${request.body.integration_id} by ${admin.name}`,
        )
      return reply.status(added ? 201 : 200).send(await store.connections('xray'))
    },
  )

  app.delete<{ Params: { integration_id: string } }>(
    '/xray/ui/vcs_integrations/:integration_id',
    {
      schema: documented('Disconnects the scanning service from a git integration (admins)', {
        params: {
          type: 'object',
          required: ['integration_id'],
          properties: { integration_id: { type: 'string', minLength: 1, maxLength: 64 } },
        },
        response: { 204: { type: 'null' }, ...adminErrors },
      }),
    },
    async (request, reply) => {
      const admin = requireScanner(request)
      if (!(await store.disconnect(request.params.integration_id, 'xray')))
        throw new HttpError(
          404,
          `The scanning service is not connected to ${request.params.integration_id}`,
          'NOT_FOUND',
        )
      runtime().log(
        'xray',
        'INFO',
        `Repository scanning disconnected from ${request.params.integration_id} by ${admin.name}`,
      )
      return reply.status(204).send()
    },
  )
}

const routes: RouteModule = async (app, ctx) => {
  registerCatalogRoutes(app, ctx)
  registerGitRoutes(app, ctx, new GitStore(ctx.sql, ctx.clock))
}

export default routes
