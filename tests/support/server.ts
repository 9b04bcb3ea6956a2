/**
 * Starts the reference server in-process on an ephemeral loopback port with a temporary
 * data folder, for server and e2e tests. `stop()` closes it and removes the folder.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { configFromEnv, type ServerConfig } from '../../server/config'
import { buildServer, type BuiltServer } from '../../server/app'
import type { Clock } from '../../server/clock'
import { syntheticCountFromEnv } from '../../server/metadata/routes'
import { sharedPostgres, type TestPostgres } from './postgres'
import { OFFLINE_REMOTES } from './offlineRemotes'

export interface TestServer extends BuiltServer {
  readonly url: string
  readonly config: ServerConfig
  stop(): Promise<void>
}

/** The engine test servers use unless a test names one: TEST_DATABASE=postgres or sqlite (the default). */
export function testDatabaseEngine(env: NodeJS.ProcessEnv = process.env): 'sqlite' | 'postgres' {
  const value = env.TEST_DATABASE ?? ''
  if (value === '' || value === 'sqlite') return 'sqlite'
  if (value === 'postgres') return 'postgres'
  throw new Error(`TEST_DATABASE must be sqlite or postgres; got ${value}`)
}

export async function startTestServer(
  overrides: Partial<ServerConfig> = {},
  env: NodeJS.ProcessEnv = {},
  options: {
    /** A manual clock (server/clock.ts) lets a test move the platform's time. */
    clock?: Clock
    /**
     * The database: the embedded SQLite in the data folder, or a database of its own on the
     * process's PostgreSQL (tests/support/postgres.ts), dropped when the server stops. Unset:
     * TEST_DATABASE's engine (`npm run test:postgres` runs the server suite so), SQLite when that
     * is unset too. A `databaseUrl` given in `overrides` is used as it is (a second node).
     */
    engine?: 'sqlite' | 'postgres'
    /**
     * The loopback address to listen on: `::ffff:127.0.0.1` listens on a dual-stack socket, whose
     * IPv4 clients come as `::ffff:127.0.0.1` (as on a server listening on `::`).
     */
    host?: '127.0.0.1' | '::ffff:127.0.0.1'
    /** Called with the built app before it listens: a test's own hooks (one that holds a read). */
    beforeListen?: (app: BuiltServer['app']) => void
  } = {},
): Promise<TestServer> {
  const engine = options.engine ?? testDatabaseEngine()
  const postgres: TestPostgres | undefined =
    engine === 'postgres' && !overrides.databaseUrl ? await sharedPostgres() : undefined
  // Cloned from a database the platform's first start already migrated, filled and scanned (what
  // it would do again here, the same whatever the test's configuration), unless the catalogue is a
  // benchmark's synthetic one or the test moves the clock the scan stamps its rows with.
  const databaseUrl = postgres
    ? await postgres.database(syntheticCountFromEnv() > 0 ? 'empty' : options.clock ? 'catalogue' : 'scanned')
    : undefined
  const dataDir = mkdtempSync(join(tmpdir(), 'console-test-'))
  const config: ServerConfig = {
    // No test reaches the public registry: remotes serve their cache only unless a test names an upstream.
    ...configFromEnv({
      PORT: '0',
      HOST: '127.0.0.1',
      ...OFFLINE_REMOTES,
      ...env,
    }),
    dataDir,
    staticDir: resolve('dist'),
    ...(databaseUrl ? { databaseUrl } : {}),
    ...overrides,
  }
  const built = await buildServer(config, options.clock ? { clock: options.clock } : {})
  options.beforeListen?.(built.app)
  await built.app.listen({ host: options.host ?? '127.0.0.1', port: 0 })
  const address = built.app.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    ...built,
    config,
    url: `http://127.0.0.1:${port}`,
    async stop() {
      // Closing the app closes a PostgreSQL pool; the embedded SQLite is closed here. The
      // tests' clients are done by now, but a keep-alive socket the server did not yet count as
      // idle held the close until its time-out (the two-node test's stop, 60 s, after a race of
      // requests): a test server drops its connections as it closes.
      const closing = built.app.close()
      built.app.server.closeAllConnections()
      await closing
      if (databaseUrl) await postgres?.drop(databaseUrl)
      else if (!config.databaseUrl) built.ctx.db.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Headers a same-origin browser request carries; state-changing calls need them. */
export function browserHeaders(url: string, cookie?: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    'x-requested-with': 'XMLHttpRequest',
    origin: new URL(url).origin,
    ...(cookie ? { cookie } : {}),
  }
}
