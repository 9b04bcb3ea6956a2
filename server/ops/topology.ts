/**
 * Cluster topology: every node registers one row per service it runs and refreshes its
 * heartbeat on a timer. A row whose heartbeat is older than three of its own intervals is
 * Offline. Registration is an upsert, so a node removed while still running registers again
 * on its next heartbeat (removal is meant for nodes that are gone).
 */
import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import { isoNow, type Clock } from '../clock'
import type { Sql } from '../db/sql'
import type { ServiceDefinition } from './services'
import { opsStore } from './store'

export interface TopologyRow {
  readonly service_id: string
  readonly node_id: string
  readonly service_type: string
  readonly status: 'Online' | 'Offline'
  readonly state: 'HEALTHY' | 'UNHEALTHY'
  readonly last_heartbeat: string
  readonly uptime: string
  readonly micro_services: string[]
}

/** The cluster's id, created by whichever node asks first. */
export async function clusterId(sql: Sql, clock: Clock): Promise<string> {
  return opsStore(sql).clusterId(randomUUID(), isoNow(clock))
}

/**
 * The ids of one host's nodes: `<NODE_ID>-1`…`<NODE_ID>-N`, `node-1`… when NODE_ID is unset. Each
 * host of one platform names its own (NODE_ID=host-b): the ids key heartbeats, topology and log
 * folders, and two hosts' `node-1` would be one row.
 */
export function hostNodeIds(prefix: string | undefined, count: number): string[] {
  const base = prefix ?? 'node'
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]{0,59}$/.test(base))
    throw new Error(`NODE_ID must be letters, digits, '-' or '_' (at most 60); got ${base}`)
  return Array.from({ length: count }, (_, i) => `${base}-${i + 1}`)
}

export const serviceId = (service: ServiceDefinition, cluster: string): string => `${service.key}@${cluster}`

/** Process start, the `uptime` field of status answers. */
export const processStart = (): string => new Date(Math.round(performance.timeOrigin)).toISOString()

export interface NodeRegistration {
  /** Writes a heartbeat now (also used by the timer). */
  beat(): Promise<void>
  stop(): void
}

/** Registers the node, answering once its first heartbeat is written (or failed). */
export async function registerNode(
  sql: Sql,
  options: {
    nodeId: string
    services: readonly ServiceDefinition[]
    heartbeatMs: number
    /** Where the other nodes reach this one (server/ops/nodeCalls.ts). */
    url?: string
    clock: Clock
    onError: (error: unknown) => void
    onSuccess?: () => void
  },
): Promise<NodeRegistration> {
  const cluster = await clusterId(sql, options.clock)
  const startedAt = processStart()
  // One heartbeat at a time: a timer firing while one is being written (a busy database, or a
  // test's clock moved by a day at once) waits for one more write at the latest time, instead
  // of queueing thousands behind it.
  let inFlight: Promise<void> | undefined
  let again: Promise<void> | undefined
  const beat = (): Promise<void> => {
    if (inFlight === undefined) {
      inFlight = writeBeat().finally(() => {
        inFlight = undefined
      })
      return inFlight
    }
    return (again ??= inFlight.then(() => {
      again = undefined
      return beat()
    }))
  }
  const writeBeat = async () => {
    try {
      const now = isoNow(options.clock)
      await sql.transaction(async (tx) => {
        for (const service of options.services)
          await opsStore(tx).upsertNode({
            serviceId: serviceId(service, cluster),
            nodeId: options.nodeId,
            serviceType: service.type,
            microServices: JSON.stringify(service.microServices),
            startedAt,
            heartbeat: now,
            heartbeatMs: options.heartbeatMs,
            pid: process.pid,
            host: hostname(),
            url: options.url ?? null,
          })
      })
      options.onSuccess?.()
    } catch (error) {
      // A busy or closed database must not crash the node; the next beat tries again.
      options.onError(error)
    }
  }
  await beat()
  const stop = options.clock.every(options.heartbeatMs, () => void beat())
  return { beat, stop }
}

export function isOnline(lastHeartbeat: string, intervalMs: number, nowMs: number): boolean {
  const age = nowMs - Date.parse(lastHeartbeat)
  return age <= 3 * intervalMs + 1000
}

export async function readTopology(sql: Sql, nowMs: number): Promise<TopologyRow[]> {
  const rows = await opsStore(sql).nodes()
  return rows.map((r) => {
    const online = isOnline(r.last_heartbeat, r.heartbeat_interval_ms, nowMs)
    return {
      service_id: r.service_id,
      node_id: r.node_id,
      service_type: r.service_type,
      status: online ? 'Online' : 'Offline',
      state: online ? 'HEALTHY' : 'UNHEALTHY',
      last_heartbeat: r.last_heartbeat,
      uptime: r.started_at,
      micro_services: JSON.parse(r.micro_services) as string[],
    }
  })
}

/** Removes one node of one service; false when there was no such row. */
export async function removeNode(sql: Sql, serviceIdValue: string, nodeId: string): Promise<boolean> {
  return opsStore(sql).removeNode(serviceIdValue, nodeId)
}
