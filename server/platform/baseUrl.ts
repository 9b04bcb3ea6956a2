/**
 * The address links in mail and set-me-up instructions use: the configured base URL, else
 * this server's own listening address. Never the request's Host header, which a client
 * chooses (a reset link must not point at someone else's host).
 */
import type { FastifyRequest } from 'fastify'
import type { ServerContext } from '../context'
import { readGeneralConfig } from '../admin/generalConfig'

/** What the address is read from: the stored general configuration, and this server's own. */
type BaseUrlContext = Pick<ServerContext, 'sql' | 'config'>
type Listening = Pick<FastifyRequest, 'socket'>

export async function readBaseUrl(ctx: BaseUrlContext, request: Listening): Promise<string> {
  return chosenBaseUrl(ctx, request, (await readGeneralConfig(ctx.sql, ctx.config)).baseUrl)
}

function chosenBaseUrl(ctx: Pick<ServerContext, 'config'>, request: Listening, configured: string): string {
  if (configured) return configured.replace(/\/+$/, '')
  const host = ctx.config.host === '0.0.0.0' || ctx.config.host === '::' ? 'localhost' : ctx.config.host
  const port = request.socket.localPort ?? ctx.config.port
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`
}
