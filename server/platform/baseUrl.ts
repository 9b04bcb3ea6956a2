/**
 * The address links in mail and set-me-up instructions use: the configured base URL, else
 * this server's own listening address. Never the request's Host header, which a client
 * chooses (a reset link must not point at someone else's host).
 */
import type { FastifyRequest } from 'fastify'
import type { ServerContext } from '../context'
import { readGeneralConfigOnSqlite } from '../admin/generalConfig'

export function baseUrlOf(ctx: ServerContext, request: FastifyRequest): string {
  // Synchronous still: the registry's and containers' callers read it outside a promise.
  const configured = readGeneralConfigOnSqlite(ctx.db, ctx.config).baseUrl
  if (configured) return configured.replace(/\/+$/, '')
  const host = ctx.config.host === '0.0.0.0' || ctx.config.host === '::' ? 'localhost' : ctx.config.host
  const port = request.socket.localPort ?? ctx.config.port
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`
}
