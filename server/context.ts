/**
 * What every route module receives: configuration, the database, and the request guards.
 * Route modules are Fastify plugins registered under the API prefix `/ui/api/v1`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { createHash } from 'node:crypto'
import type { Clock } from './clock'
import type { ServerConfig } from './config'
import type { Db } from './db'
import type { Sql } from './db/sql'

export const API_PREFIX = '/ui/api/v1'
export const SESSION_COOKIE = 'console_session'

/** Tokens (sessions, mail links, client tokens) are stored only as this hash. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex')

export interface SessionUser {
  readonly id: number
  readonly name: string
  readonly admin: boolean
  readonly realm: string
}

export interface ServerContext {
  readonly config: ServerConfig
  readonly db: Db
  /**
   * The database through the stores' asynchronous interface (server/db/sql.ts), the same on
   * SQLite and PostgreSQL. New stores use this; `db` is the synchronous SQLite handle the older
   * stores still read, going away as they move here.
   */
  readonly sql: Sql
  /** The time the platform's rules read and its heartbeat's timer (a manual one in tests). */
  readonly clock: Clock
  /** The signed-in user of a request (complete sessions only) as it arrived, or undefined. */
  currentUser(request: FastifyRequest): SessionUser | undefined
  /** The user, or a 401 answer. Anonymous access counts only where `allowAnonymous` says so. */
  requireUser(request: FastifyRequest, options?: { allowAnonymous?: boolean }): SessionUser
  /** An admin, or 401 (not signed in) / 403 (signed in, not admin). */
  requireAdmin(request: FastifyRequest): SessionUser
}

/** What a store reads: the database, and the time it records and compares. */
export type StoreContext = Pick<ServerContext, 'db' | 'clock'>

export type RouteModule = (app: FastifyInstance, ctx: ServerContext) => Promise<void>

/** An error with an HTTP status and a message safe to show; anything else answers 500 without detail. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    /** More the client can act on (e.g. the problem of each form field). */
    readonly extra?: Readonly<Record<string, unknown>>,
  ) {
    super(message)
  }
}

export const ANONYMOUS: SessionUser = { id: 0, name: 'anonymous', admin: false, realm: 'internal' }
