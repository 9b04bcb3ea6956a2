/**
 * The running node of one server instance: its id, the services it runs, its log files and
 * its heartbeat. One per ServerContext (tests run several servers in one process), created by
 * the operations routes when the server starts and shared with the integrations routes, which
 * write to the same service logs.
 */
import { randomBytes } from 'node:crypto'
import type { ServerContext } from '../context'
import { opsStore } from './store'
import { NodeLogs, nodeLogDir } from './logFiles'
import { registerNode, type NodeRegistration } from './topology'
import { SERVICES, servicesForConfig, type ServiceDefinition, type ServiceName } from './services'

export interface NodeRuntime {
  readonly nodeId: string
  readonly services: readonly ServiceDefinition[]
  readonly logs: NodeLogs
  readonly heartbeatMs: number
  /** Where the other nodes reach this one, once it listens (server/ops/nodeCalls.ts). */
  readonly url: string | undefined
  /** The key the nodes sign their calls to each other with. */
  nodeKey(): Promise<string>
  runs(name: ServiceName): boolean
  /** The service whose request log a request path belongs to (Artifactory by default). */
  serviceForPath(path: string): ServiceDefinition
  log(name: ServiceName, level: 'INFO' | 'WARN' | 'ERROR', message: string): void
  /**
   * Registers the node at `url` and starts its heartbeat (once the server listens: Online means
   * serving).
   */
  startHeartbeat(url?: string): Promise<void>
  stop(): Promise<void>
}

/** Heartbeat interval: `HEARTBEAT_INTERVAL_MS` (tests lower it), 5 s by default. */
export function heartbeatIntervalMs(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.HEARTBEAT_INTERVAL_MS ?? 5000)
  return Number.isInteger(value) && value >= 50 && value <= 60_000 ? value : 5000
}

const runtimes = new WeakMap<ServerContext, NodeRuntime>()

export function startNodeRuntime(ctx: ServerContext): NodeRuntime {
  const existing = runtimes.get(ctx)
  if (existing) return existing
  const { config } = ctx
  const dir = nodeLogDir(config.dataDir, config.nodeId)
  if (!dir) throw new Error(`NODE_ID must be letters, digits, '-' or '_'; got ${config.nodeId}`)
  const services = servicesForConfig(config)
  const logs = new NodeLogs(dir, config.nodeId, ctx.clock)
  const heartbeatMs = heartbeatIntervalMs()
  const runs = (name: ServiceName) => services.some((s) => s.name === name)
  const log: NodeRuntime['log'] = (name, level, message) => {
    if (runs(name)) logs.service(SERVICES[name], level, message)
  }
  let lastBeatFailed = false
  let registration: NodeRegistration | undefined
  let registering = false
  let stopped = false
  let url: string | undefined
  let key: Promise<string> | undefined
  const runtime: NodeRuntime = {
    nodeId: config.nodeId,
    services,
    logs,
    heartbeatMs,
    get url() {
      return url
    },
    nodeKey() {
      key ??= opsStore(ctx.sql)
        .nodeKey(randomBytes(32).toString('base64url'))
        .then((stored) => {
          if (stored === undefined) throw new Error('The cluster has no node key: no node registered yet')
          return stored
        })
      // A failed read is tried again by the next call.
      key.catch(() => (key = undefined))
      return key
    },
    runs,
    serviceForPath(path) {
      return services.find((s) => s.pathPrefix && path.startsWith(s.pathPrefix)) ?? SERVICES.artifactory
    },
    log,
    async startHeartbeat(at) {
      if (registration || registering) return
      registering = true
      url = at
      registration = await registerNode(ctx.sql, {
        nodeId: config.nodeId,
        services,
        heartbeatMs,
        ...(at ? { url: at } : {}),
        clock: ctx.clock,
        onSuccess: () => {
          if (lastBeatFailed) log('artifactory', 'INFO', 'Heartbeat recovered')
          lastBeatFailed = false
        },
        onError: (error) => {
          // Logged once per outage, not once per beat.
          if (!lastBeatFailed) log('artifactory', 'ERROR', `Heartbeat failed: ${String(error)}`)
          lastBeatFailed = true
        },
      })
      // Stopped while registering (a server closed as it started, PostgreSQL answering late):
      // no heartbeat, and no lines into logs already closed.
      if (stopped) return registration.stop()
      for (const service of services)
        log(
          service.name,
          'INFO',
          `Service ${service.type} (${service.key}) started on ${config.nodeId}, pid ${process.pid}`,
        )
    },
    async stop() {
      stopped = true
      registration?.stop()
      for (const service of services)
        log(service.name, 'INFO', `Service ${service.type} stopping on ${config.nodeId}`)
      runtimes.delete(ctx)
      await logs.close()
    },
  }
  runtimes.set(ctx, runtime)
  return runtime
}

/** The runtime of a started server (the operations routes start it first). */
export function nodeRuntime(ctx: ServerContext): NodeRuntime {
  return runtimes.get(ctx) ?? startNodeRuntime(ctx)
}
