/** Where the platform's database is, as configured (DATABASE_URL, or SQLite in the data folder). */
import type { ServerConfig } from '../config'

/** For messages: never the URL itself (it may hold a password). */
export function databaseLabel(config: Pick<ServerConfig, 'dataDir' | 'databaseUrl'>): string {
  if (!config.databaseUrl) return `SQLite in ${config.dataDir}`
  const url = new URL(config.databaseUrl)
  return `PostgreSQL at ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`
}
