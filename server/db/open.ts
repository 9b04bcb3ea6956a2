/** Where the platform's database is, as configured (DATABASE_URL, or SQLite in the data folder). */
import type { ServerConfig } from '../config'

/** For messages: never the URL itself (it may hold a password). */
export function databaseLabel(config: Pick<ServerConfig, 'dataDir' | 'databaseUrl'>): string {
  if (!config.databaseUrl) return `SQLite in ${config.dataDir}`
  const url = new URL(config.databaseUrl)
  return `PostgreSQL at ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`
}

/**
 * Why a node does not start on PostgreSQL yet: some stores still read the embedded SQLite's
 * synchronous handle (docs/scaling.md lists what has moved).
 */
export const POSTGRES_NOT_YET =
  'DATABASE_URL: the platform does not serve from PostgreSQL yet (some of its stores still read the embedded SQLite; see docs/scaling.md). `npm run migrate` prepares the PostgreSQL database; unset DATABASE_URL to start on SQLite.'
