/**
 * Admin API: outbound HTTP proxies. At most one is the default; the password is write-only.
 */
import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../context'
import { proxiesStore, type ProxyRow } from './proxiesStore'
import { errors, NAME_PATTERN } from '../auth/schemas'
import { conflict, emptyReply } from './common'

interface ProxyBody {
  key: string
  host: string
  port: number
  username?: string
  password?: string
  nonProxyHosts?: string
  defaultProxy?: boolean
}

const proxyFields = {
  host: { type: 'string', minLength: 1, maxLength: 253, pattern: '^[A-Za-z0-9.:\\[\\]-]+$' },
  port: { type: 'integer', minimum: 1, maximum: 65535 },
  username: { type: 'string', maxLength: 128 },
  password: { type: 'string', maxLength: 256 },
  nonProxyHosts: { type: 'string', maxLength: 2000 },
  defaultProxy: { type: 'boolean' },
} as const

const proxySchema = {
  type: 'object',
  properties: {
    key: { type: 'string' },
    host: { type: 'string' },
    port: { type: 'integer' },
    username: { type: 'string' },
    nonProxyHosts: { type: 'string' },
    defaultProxy: { type: 'boolean' },
    hasPassword: { type: 'boolean' },
  },
  required: ['key', 'host', 'port', 'defaultProxy', 'hasPassword'],
} as const

const keyParams = {
  type: 'object',
  properties: { key: { type: 'string', minLength: 1, maxLength: 64 } },
  required: ['key'],
} as const

const toProxy = (r: ProxyRow) => ({
  key: r.key,
  host: r.host,
  port: r.port,
  ...(r.username ? { username: r.username } : {}),
  ...(r.non_proxy_hosts ? { nonProxyHosts: r.non_proxy_hosts } : {}),
  defaultProxy: r.default_proxy === 1,
  hasPassword: r.password !== null && r.password !== '',
})

export function registerProxyRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const proxies = proxiesStore(ctx.sql)

  app.get(
    '/ui/admin/proxies',
    {
      schema: {
        summary: 'List proxies (admins)',
        response: { 200: { type: 'array', items: proxySchema }, ...errors(401, 403) },
      },
    },
    async (request) => {
      ctx.requireAdmin(request)
      return (await proxies.list()).map(toProxy)
    },
  )

  app.post<{ Body: ProxyBody }>(
    '/ui/admin/proxies',
    {
      schema: {
        summary: 'Create a proxy (admins)',
        body: {
          type: 'object',
          properties: {
            key: { type: 'string', minLength: 1, maxLength: 64, pattern: NAME_PATTERN },
            ...proxyFields,
          },
          required: ['key', 'host', 'port'],
          additionalProperties: false,
        },
        response: { 201: proxySchema, ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      ctx.requireAdmin(request)
      const b = request.body
      const row = await ctx.sql.transaction(async (tx) => {
        const store = proxiesStore(tx)
        if (await store.exists(b.key)) conflict(`A proxy named ${b.key} already exists`)
        await store.add(b.key, {
          host: b.host,
          port: b.port,
          username: b.username ?? null,
          password: b.password ?? null,
          non_proxy_hosts: b.nonProxyHosts ?? null,
        })
        if (b.defaultProxy) await store.setDefault(b.key, true)
        return store.get(b.key)
      })
      return reply.status(201).send(toProxy(row))
    },
  )

  app.get<{ Params: { key: string } }>(
    '/ui/admin/proxies/:key',
    {
      schema: {
        summary: 'One proxy (admins)',
        params: keyParams,
        response: { 200: proxySchema, ...errors(401, 403, 404) },
      },
    },
    async (request) => {
      ctx.requireAdmin(request)
      return toProxy(await proxies.get(request.params.key))
    },
  )

  app.put<{ Params: { key: string }; Body: Omit<ProxyBody, 'key'> }>(
    '/ui/admin/proxies/:key',
    {
      schema: {
        summary: 'Replace a proxy (admins); a missing password keeps the stored one',
        params: keyParams,
        body: {
          type: 'object',
          properties: proxyFields,
          required: ['host', 'port'],
          additionalProperties: false,
        },
        response: { 200: proxySchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      ctx.requireAdmin(request)
      const b = request.body
      const row = await ctx.sql.transaction(async (tx) => {
        const store = proxiesStore(tx)
        const current = await store.get(request.params.key)
        await store.update(current.key, {
          host: b.host,
          port: b.port,
          username: b.username ?? null,
          password: b.password ?? current.password,
          non_proxy_hosts: b.nonProxyHosts ?? null,
        })
        if (b.defaultProxy !== undefined) await store.setDefault(current.key, b.defaultProxy)
        return store.get(current.key)
      })
      return toProxy(row)
    },
  )

  app.delete<{ Params: { key: string } }>(
    '/ui/admin/proxies/:key',
    {
      schema: {
        summary: 'Delete a proxy (admins)',
        params: keyParams,
        response: { ...emptyReply, ...errors(401, 403, 404) },
      },
    },
    async (request, reply) => {
      ctx.requireAdmin(request)
      const row = await proxies.get(request.params.key)
      await proxies.delete(row.key)
      return reply.status(204).send()
    },
  )
}
