/**
 * Admin API: outbound HTTP proxies. At most one is the default; the password is write-only.
 */
import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../context'
import type { Db } from '../db'
import { errors, NAME_PATTERN } from '../auth/schemas'
import { conflict, emptyReply, notFound } from './common'

interface ProxyRow {
  key: string
  host: string
  port: number
  username: string | null
  password: string | null
  non_proxy_hosts: string | null
  default_proxy: number
}

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

function find(db: Db, key: string): ProxyRow {
  return (
    (db.prepare('SELECT * FROM proxies WHERE key = ? COLLATE NOCASE').get(key) as ProxyRow | undefined) ??
    notFound(`Proxy ${key}`)
  )
}

export function registerProxyRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { db } = ctx
  const makeDefault = (key: string) =>
    db.prepare('UPDATE proxies SET default_proxy = CASE WHEN key = ? THEN 1 ELSE 0 END').run(key)

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
      return (db.prepare('SELECT * FROM proxies ORDER BY key').all() as ProxyRow[]).map(toProxy)
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
      const row = db.transaction(() => {
        if (db.prepare('SELECT 1 FROM proxies WHERE key = ? COLLATE NOCASE').get(b.key))
          conflict(`A proxy named ${b.key} already exists`)
        db.prepare(
          'INSERT INTO proxies (key, host, port, username, password, non_proxy_hosts, default_proxy) VALUES (?, ?, ?, ?, ?, ?, 0)',
        ).run(b.key, b.host, b.port, b.username ?? null, b.password ?? null, b.nonProxyHosts ?? null)
        if (b.defaultProxy) makeDefault(b.key)
        return find(db, b.key)
      })()
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
      return toProxy(find(db, request.params.key))
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
      const row = db.transaction(() => {
        const current = find(db, request.params.key)
        db.prepare(
          'UPDATE proxies SET host = ?, port = ?, username = ?, password = ?, non_proxy_hosts = ? WHERE key = ?',
        ).run(
          b.host,
          b.port,
          b.username ?? null,
          b.password ?? current.password,
          b.nonProxyHosts ?? null,
          current.key,
        )
        if (b.defaultProxy === true) makeDefault(current.key)
        if (b.defaultProxy === false)
          db.prepare('UPDATE proxies SET default_proxy = 0 WHERE key = ?').run(current.key)
        return find(db, current.key)
      })()
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
      const row = find(db, request.params.key)
      db.prepare('DELETE FROM proxies WHERE key = ?').run(row.key)
      return reply.status(204).send()
    },
  )
}
