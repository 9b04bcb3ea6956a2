/**
 * Entry point of the reference server: `tsx server/main.ts`. A small cluster (`node:cluster`):
 * the primary runs the database migrations once, then forks `NODES` workers (2 by default),
 * each a platform node with its own id (`node-1`, `node-2`, …; `<NODE_ID>-1`, … where NODE_ID names
 * this host's nodes, as each host of one platform on PostgreSQL must) sharing the port,
 * the database and the data folder. A worker that dies is restarted, at most
 * MAX_RESTARTS_PER_NODE times per node; SIGINT or SIGTERM stops every worker and then the
 * primary.
 */
import cluster, { type Worker } from 'node:cluster'
import { configFromEnv } from './config'
import { buildServer } from './app'
import { openDatabase } from './db'
import { sqliteSql } from './db/sqliteSql'
import { openPostgres } from './db/postgresSql'
import { seedDataFolder } from './catalog/load'
import { syntheticCountFromEnv } from './metadata/routes'
import { hostNodeIds } from './ops/topology'
import { nodeEnvironment } from './ops/nodeEnvironment'

export const DEFAULT_NODES = 2
const MAX_NODES = 16
export const MAX_RESTARTS_PER_NODE = 5
/** Wait before a restart, so a node failing at start does not spin. */
const RESTART_DELAY_MS = 1000
/** Workers get this long to close before the primary gives up on them. */
const STOP_TIMEOUT_MS = 10_000

function nodeCount(text: string | undefined): number {
  const count = Number(text ?? DEFAULT_NODES)
  if (!Number.isInteger(count) || count < 1 || count > MAX_NODES)
    throw new Error(`NODES must be a whole number from 1 to ${MAX_NODES}; got ${text}`)
  return count
}

async function runPrimary(): Promise<void> {
  const config = configFromEnv()
  const count = nodeCount(process.env.NODES)
  const nodeIds = hostNodeIds(process.env.NODE_ID || undefined, count)
  // Migrations run once, before the nodes race for the same database. On SQLite a new data
  // folder starts from the ready-made catalogue.
  const postgres = config.databaseUrl ? await openPostgres(config.databaseUrl) : undefined
  if (postgres) await postgres.migrate()
  else seedDataFolder(config.dataDir, { synthetic: syntheticCountFromEnv() })
  const sql = postgres ?? sqliteSql(openDatabase(config.dataDir))
  let idpBanner = ''
  // Loaded only when asked for: oidc-provider is large and warns on Node 20 at import.
  if (process.env.IDP === 'oidc')
    idpBanner = (await (await import('./sso/localIdpStart')).startLocalIdpFor(config, sql)).banner
  else if (process.env.IDP === 'saml')
    idpBanner = (await (await import('./sso/localSamlIdpStart')).startLocalSamlIdpFor(config, sql)).banner
  else if (process.env.IDP) throw new Error(`IDP must be oidc or saml (or unset); got ${process.env.IDP}`)
  await sql.close()

  const nodeOf = new Map<Worker, string>()
  const restarts = new Map<string, number>()
  let stopping = false
  let announced = false

  const fork = (nodeId: string) => {
    const worker = cluster.fork(nodeEnvironment(nodeId, process.env))
    nodeOf.set(worker, nodeId)
  }

  cluster.on('listening', (worker, address) => {
    console.log(`Node ${nodeOf.get(worker)} (pid ${worker.process.pid}) is serving`)
    if (announced) return
    announced = true
    const host = address.address ?? config.host
    console.log(`Console: http://${host.includes(':') ? `[${host}]` : host}:${address.port}/ui/`)
    if (idpBanner) console.log(idpBanner)
  })

  cluster.on('exit', (worker, code, signal) => {
    const nodeId = nodeOf.get(worker) ?? 'unknown'
    nodeOf.delete(worker)
    if (stopping) {
      if (nodeOf.size === 0) process.exit(0)
      return
    }
    const done = restarts.get(nodeId) ?? 0
    const why = signal ? `signal ${signal}` : `code ${code}`
    if (done >= MAX_RESTARTS_PER_NODE) {
      console.error(
        `Node ${nodeId} stopped (${why}) and was restarted ${done} times already: not restarting it`,
      )
      if (nodeOf.size === 0) process.exit(1)
      return
    }
    restarts.set(nodeId, done + 1)
    console.error(`Node ${nodeId} stopped (${why}); restarting it (${done + 1}/${MAX_RESTARTS_PER_NODE})`)
    setTimeout(() => {
      if (!stopping) fork(nodeId)
    }, RESTART_DELAY_MS)
  })

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    console.log(`${signal}: stopping ${nodeOf.size} node(s)`)
    if (nodeOf.size === 0) process.exit(0)
    for (const worker of nodeOf.keys()) worker.process.kill('SIGTERM')
    setTimeout(() => {
      console.error('Nodes did not stop in time; exiting')
      process.exit(1)
    }, STOP_TIMEOUT_MS).unref()
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)

  for (const nodeId of nodeIds) fork(nodeId)
}

async function runNode(): Promise<void> {
  const config = configFromEnv()
  const { app, ctx } = await buildServer(config)
  let closing = false
  const close = async () => {
    if (closing) return
    closing = true
    // Closing runs the routes' onClose hooks: heartbeats stop, log files are flushed.
    await app.close()
    // On PostgreSQL closing the app ended the pool; the embedded SQLite is closed here.
    if (!config.databaseUrl) ctx.db.close()
    process.exit(0)
  }
  // A terminal's Ctrl-C reaches every process of the group: each node closes itself.
  process.on('SIGINT', () => void close())
  process.on('SIGTERM', () => void close())
  await app.listen({ host: config.host, port: config.port })
}

try {
  await (cluster.isPrimary ? runPrimary() : runNode())
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error))
  process.exit(1)
}
