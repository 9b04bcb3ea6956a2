/**
 * Reverse proxies of the web server configuration (the set-me-up instructions for Docker
 * read them). The first start stores one describing this server; admins replace the list.
 */
import { platformStore, type ProxyRow } from './store'
import type { FastifyInstance } from 'fastify'
import { HttpError, type ServerContext } from '../context'
import { errors } from '../auth/schemas'
import { DEFAULT_HTTPS_PORT, DEFAULT_HTTP_PORT } from '../../domain/shared/webServer'

export interface ReverseProxy {
  key: string
  serverName: string
  dockerReverseProxyMethod: 'SUBDOMAIN' | 'REPOPATHPREFIX' | 'PORTPERREPO'
  reverseProxyRepositories: string[]
  useHttps: boolean
  useHttp: boolean
  httpsPort: number
  httpPort: number
}

const port = { type: 'integer', minimum: 1, maximum: 65535 } as const
const reverseProxySchema = {
  type: 'object',
  properties: {
    key: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9._-]+$' },
    serverName: { type: 'string', minLength: 1, maxLength: 253, pattern: '^[A-Za-z0-9.-]+$' },
    dockerReverseProxyMethod: { type: 'string', enum: ['SUBDOMAIN', 'REPOPATHPREFIX', 'PORTPERREPO'] },
    reverseProxyRepositories: { type: 'array', maxItems: 500, items: { type: 'string', maxLength: 128 } },
    useHttps: { type: 'boolean' },
    useHttp: { type: 'boolean' },
    httpsPort: port,
    httpPort: port,
  },
  required: [
    'key',
    'serverName',
    'dockerReverseProxyMethod',
    'reverseProxyRepositories',
    'useHttps',
    'useHttp',
    'httpsPort',
    'httpPort',
  ],
  additionalProperties: false,
} as const
// What an admin sends: the ports may be left out (HTTP 80, HTTPS 443).
const reverseProxyInput = {
  ...reverseProxySchema,
  required: reverseProxySchema.required.filter((f) => f !== 'httpsPort' && f !== 'httpPort'),
}

const toProxy = (r: ProxyRow): ReverseProxy => ({
  key: r.key,
  serverName: r.server_name,
  dockerReverseProxyMethod: r.docker_reverse_proxy_method as ReverseProxy['dockerReverseProxyMethod'],
  reverseProxyRepositories: JSON.parse(r.reverse_proxy_repositories) as string[],
  useHttps: r.use_https === 1,
  useHttp: r.use_http === 1,
  httpsPort: r.https_port,
  httpPort: r.http_port,
})

/**
 * The first start's proxy: the platform itself, reached directly at `port`, the port it listens
 * on (for an ephemeral port, once it is known: server/app.ts seeds it when listening). A proxy
 * seeded with another port would send Set Me Up's docker commands where nothing answers.
 */
export async function seedReverseProxy(ctx: ServerContext, port: number): Promise<void> {
  // The address the platform listens on, as its base URL says it (a registry client then
  // reaches it as Set Me Up's other commands do).
  const host = ctx.config.host
  await platformStore(ctx.sql).seedProxy({
    key: 'direct',
    server_name: /^[A-Za-z0-9.-]+$/.test(host) ? host : 'localhost',
    docker_reverse_proxy_method: 'REPOPATHPREFIX',
    reverse_proxy_repositories: '[]',
    use_https: 0,
    use_http: 1,
    https_port: DEFAULT_HTTPS_PORT,
    http_port: port,
  })
}

export function registerWebServerRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const store = platformStore(ctx.sql)
  const list = async () => (await store.proxies()).map(toProxy)

  app.get(
    '/ui/system/configuration/webServer',
    {
      schema: {
        summary: 'Reverse proxies of the web server configuration',
        response: { 200: { type: 'array', items: reverseProxySchema }, ...errors(401) },
      },
    },
    async (request) => {
      ctx.requireUser(request, { allowAnonymous: true })
      return list()
    },
  )

  app.put<{ Body: Array<Omit<ReverseProxy, 'httpsPort' | 'httpPort'> & Partial<ReverseProxy>> }>(
    '/ui/system/configuration/webServer',
    {
      schema: {
        summary: 'Replace the reverse proxies (admins)',
        body: { type: 'array', maxItems: 20, items: reverseProxyInput },
        response: { 200: { type: 'array', items: reverseProxySchema }, ...errors(400, 401, 403, 409) },
      },
    },
    async (request) => {
      ctx.requireAdmin(request)
      const keys = new Set(request.body.map((p) => p.key.toLowerCase()))
      if (keys.size !== request.body.length)
        throw new HttpError(409, 'Reverse proxy keys must be unique', 'CONFLICT')
      await store.replaceProxies(
        request.body.map((p) => ({
          key: p.key,
          server_name: p.serverName,
          docker_reverse_proxy_method: p.dockerReverseProxyMethod,
          reverse_proxy_repositories: JSON.stringify(p.reverseProxyRepositories),
          use_https: p.useHttps ? 1 : 0,
          use_http: p.useHttp ? 1 : 0,
          https_port: p.httpsPort ?? DEFAULT_HTTPS_PORT,
          http_port: p.httpPort ?? DEFAULT_HTTP_PORT,
        })),
      )
      return list()
    },
  )
}
