/**
 * Cluster topology: every node registers one row per service it runs and refreshes its
 * heartbeat on a timer. A row whose heartbeat is older than three of its own intervals is
 * Offline. Registration is an upsert, so a node removed while still running registers again
 * on its next heartbeat (removal is meant for nodes that are gone).
 */
import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import { isoNow, type Clock } from '../clock'
import type { Db } from '../db'
import type { ServiceDefinition } from './services'

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
export function clusterId(db: Db, clock: Clock): string {
  db.prepare('INSERT OR IGNORE INTO cluster_info (id, cluster_id, created_at) VALUES (1, ?, ?)').run(
    randomUUID(),
    isoNow(clock),
  )
  return (db.prepare('SELECT cluster_id FROM cluster_info WHERE id = 1').get() as { cluster_id: string })
    .cluster_id
}

export const serviceId = (service: ServiceDefinition, cluster: string): string => `${service.key}@${cluster}`

/** Process start, the `uptime` field of status answers. */
export const processStart = (): string => new Date(Math.round(performance.timeOrigin)).toISOString()

export interface NodeRegistration {
  /** Writes a heartbeat now (also used by the timer). */
  beat(): void
  stop(): void
}

export function registerNode(
  db: Db,
  options: {
    nodeId: string
    services: readonly ServiceDefinition[]
    heartbeatMs: number
    clock: Clock
    onError: (error: unknown) => void
    onSuccess?: () => void
  },
): NodeRegistration {
  const cluster = clusterId(db, options.clock)
  const startedAt = processStart()
  const upsert = db.prepare(
    `INSERT INTO cluster_nodes (service_id, node_id, service_type, micro_services, started_at, last_heartbeat,
       heartbeat_interval_ms, pid, host)
     VALUES (@service_id, @node_id, @service_type, @micro_services, @started_at, @now, @interval, @pid, @host)
     ON CONFLICT (service_id, node_id) DO UPDATE SET last_heartbeat = @now, started_at = @started_at,
       heartbeat_interval_ms = @interval, pid = @pid, host = @host, micro_services = @micro_services`,
  )
  const beatAll = db.transaction((now: string) => {
    for (const service of options.services)
      upsert.run({
        service_id: serviceId(service, cluster),
        node_id: options.nodeId,
        service_type: service.type,
        micro_services: JSON.stringify(service.microServices),
        started_at: startedAt,
        now,
        interval: options.heartbeatMs,
        pid: process.pid,
        host: hostname(),
      })
  })
  const beat = () => {
    try {
      beatAll(isoNow(options.clock))
      options.onSuccess?.()
    } catch (error) {
      // A busy or closed database must not crash the node; the next beat tries again.
      options.onError(error)
    }
  }
  beat()
  const stop = options.clock.every(options.heartbeatMs, beat)
  return { beat, stop }
}

interface NodeRecord {
  service_id: string
  node_id: string
  service_type: string
  micro_services: string
  started_at: string
  last_heartbeat: string
  heartbeat_interval_ms: number
}

export function isOnline(lastHeartbeat: string, intervalMs: number, nowMs: number): boolean {
  const age = nowMs - Date.parse(lastHeartbeat)
  return age <= 3 * intervalMs + 1000
}

export function readTopology(db: Db, nowMs: number): TopologyRow[] {
  const rows = db
    .prepare(
      `SELECT service_id, node_id, service_type, micro_services, started_at, last_heartbeat, heartbeat_interval_ms
       FROM cluster_nodes ORDER BY service_type, node_id`,
    )
    .all() as NodeRecord[]
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
export function removeNode(db: Db, serviceIdValue: string, nodeId: string): boolean {
  return (
    db.prepare('DELETE FROM cluster_nodes WHERE service_id = ? AND node_id = ?').run(serviceIdValue, nodeId)
      .changes > 0
  )
}
