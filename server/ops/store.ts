/**
 * Operations' records: support bundles, the bundle-retention setting, which nodes the cluster
 * knows, the key they sign their calls with, and leases. Portable SQL over the stores' interface (server/db/sql.ts).
 */
import type { Sql } from '../db/sql'

export type BundleStatus = 'in progress' | 'success' | 'failed'

export interface BundleRecord {
  readonly id: string
  readonly name: string
  readonly description: string
  readonly service: string
  readonly status: BundleStatus
  readonly created_at: string
  readonly node_id: string
  readonly size_bytes: number | null
  readonly error: string | null
  readonly session_events: number | null
}

export interface NewBundle {
  readonly id: string
  readonly name: string
  readonly description: string
  readonly service: string
  readonly createdAt: string
  readonly createdBy: string
  readonly nodeId: string
  readonly threadDumpCount: number
  readonly threadDumpIntervalSecs: number
  /** Events of the console session it carries (none when absent). */
  readonly sessionEvents?: number | null
}

export interface BundleEnd {
  readonly status: Exclude<BundleStatus, 'in progress'>
  readonly sizeBytes: number | null
  readonly error: string | null
  readonly at: string
}

const COLUMNS =
  'id, name, description, service, status, created_at, node_id, size_bytes, error, session_events'

const Q = {
  interrupted: `UPDATE support_bundles SET status = 'failed', error = 'Interrupted: the node restarted', finished_at = ?
     WHERE status = 'in progress' AND node_id = ?`,
  list: `SELECT ${COLUMNS} FROM support_bundles ORDER BY created_at DESC, id`,
  one: `SELECT ${COLUMNS} FROM support_bundles WHERE id = ?`,
  inProgress: `SELECT COUNT(*) AS n FROM support_bundles WHERE status = 'in progress' AND node_id = ?`,
  insert: `INSERT INTO support_bundles (id, name, description, service, status, created_at, created_by, node_id,
       thread_dump_count, thread_dump_interval_secs, session_events)
     VALUES (?, ?, ?, ?, 'in progress', ?, ?, ?, ?, ?, ?)`,
  delete: 'DELETE FROM support_bundles WHERE id = ?',
  finish: `UPDATE support_bundles SET status = ?, size_bytes = ?, error = ?, finished_at = ?
     WHERE id = ? AND status = 'in progress'`,
  integrationTokens: "SELECT token FROM git_integrations WHERE token <> ''",
  setting: 'SELECT value FROM ops_settings WHERE key = ?',
  setSetting:
    'INSERT INTO ops_settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  nodeIds: 'SELECT DISTINCT node_id FROM cluster_nodes ORDER BY node_id',
  knownNode: 'SELECT 1 AS known FROM cluster_nodes WHERE node_id = ? LIMIT 1',
  nodeUrl: `SELECT url FROM cluster_nodes WHERE node_id = ? AND url IS NOT NULL
     ORDER BY last_heartbeat DESC LIMIT 1`,
  setNodeKey: 'UPDATE cluster_info SET node_key = ? WHERE id = 1 AND node_key IS NULL',
  nodeKey: 'SELECT node_key FROM cluster_info WHERE id = 1',
  takeLease: `INSERT INTO leases (name, holder, expires_ms) VALUES (?, ?, ?)
     ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_ms = excluded.expires_ms
     WHERE leases.holder = excluded.holder OR leases.expires_ms < ?`,
  releaseLease: 'DELETE FROM leases WHERE name = ? AND holder = ?',
  newCluster: 'INSERT INTO cluster_info (id, cluster_id, created_at) VALUES (1, ?, ?) ON CONFLICT DO NOTHING',
  clusterId: 'SELECT cluster_id FROM cluster_info WHERE id = 1',
  upsertNode: `INSERT INTO cluster_nodes (service_id, node_id, service_type, micro_services, started_at, last_heartbeat,
       heartbeat_interval_ms, pid, host, url)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (service_id, node_id) DO UPDATE SET last_heartbeat = excluded.last_heartbeat,
       started_at = excluded.started_at, heartbeat_interval_ms = excluded.heartbeat_interval_ms, pid = excluded.pid,
       host = excluded.host, micro_services = excluded.micro_services, url = excluded.url`,
  nodes: `SELECT service_id, node_id, service_type, micro_services, started_at, last_heartbeat, heartbeat_interval_ms
     FROM cluster_nodes ORDER BY service_type, node_id`,
  removeNode: 'DELETE FROM cluster_nodes WHERE service_id = ? AND node_id = ?',
  reachable: `SELECT node_id, url, last_heartbeat, heartbeat_interval_ms FROM cluster_nodes
     ORDER BY node_id, last_heartbeat DESC`,
  peers: `SELECT node_id, host, last_heartbeat, heartbeat_interval_ms, service_type FROM cluster_nodes
     ORDER BY node_id, service_type`,
} as const

/** One service of one node as the download network's peers list reads it. */
export interface PeerRow {
  readonly node_id: string
  readonly host: string
  readonly last_heartbeat: string
  readonly heartbeat_interval_ms: number
  readonly service_type: string
}

/** One service of one node: where it is reached and when it last beat. */
export interface ReachRow {
  readonly node_id: string
  readonly url: string | null
  readonly last_heartbeat: string
  readonly heartbeat_interval_ms: number
}

/** One service of one node as the topology keeps it. */
export interface NodeRow {
  readonly service_id: string
  readonly node_id: string
  readonly service_type: string
  /** JSON array of micro-service keys. */
  readonly micro_services: string
  readonly started_at: string
  readonly last_heartbeat: string
  readonly heartbeat_interval_ms: number
}

export interface NodeBeat {
  readonly serviceId: string
  readonly nodeId: string
  readonly serviceType: string
  readonly microServices: string
  readonly startedAt: string
  readonly heartbeat: string
  readonly heartbeatMs: number
  readonly pid: number
  readonly host: string
  readonly url: string | null
}

export function opsStore(sql: Sql) {
  const storedNodeKey = async () =>
    (await sql.one<{ node_key: string | null }>(Q.nodeKey))?.node_key ?? undefined
  return {
    /** Bundles a node was building when it stopped end 'failed'; answers how many. */
    async failInterrupted(nodeId: string, at: string): Promise<number> {
      return (await sql.run(Q.interrupted, [at, nodeId])).changes
    },
    bundles(): Promise<BundleRecord[]> {
      return sql.all<BundleRecord>(Q.list)
    },
    bundle(id: string): Promise<BundleRecord | undefined> {
      return sql.one<BundleRecord>(Q.one, [id])
    },
    async bundlesInProgress(nodeId: string): Promise<number> {
      return (await sql.one<{ n: number }>(Q.inProgress, [nodeId]))?.n ?? 0
    },
    /**
     * Records a bundle 'in progress' unless its node already builds `max`; false then. One
     * transaction, so requests arriving together never pass the count all at once.
     */
    addBundle(b: NewBundle, max: number): Promise<boolean> {
      return sql.transaction(async (tx) => {
        const busy = (await tx.one<{ n: number }>(Q.inProgress, [b.nodeId]))?.n ?? 0
        if (busy >= max) return false
        await tx.run(Q.insert, [
          b.id,
          b.name,
          b.description,
          b.service,
          b.createdAt,
          b.createdBy,
          b.nodeId,
          b.threadDumpCount,
          b.threadDumpIntervalSecs,
          b.sessionEvents ?? null,
        ])
        return true
      })
    },
    /** False when there was no such bundle. */
    async deleteBundle(id: string): Promise<boolean> {
      return (await sql.run(Q.delete, [id])).changes > 0
    },
    /** Ends a bundle still in progress; false when it was deleted (or ended) meanwhile. */
    async finishBundle(id: string, end: BundleEnd): Promise<boolean> {
      return (await sql.run(Q.finish, [end.status, end.sizeBytes, end.error, end.at, id])).changes > 0
    },
    /** The git integrations' stored tokens (secrets a bundle must not carry). */
    async integrationTokens(): Promise<string[]> {
      return (await sql.all<{ token: string }>(Q.integrationTokens)).map((r) => r.token)
    },
    async setting(key: string): Promise<string | undefined> {
      return (await sql.one<{ value: string }>(Q.setting, [key]))?.value
    },
    async setSetting(key: string, value: string): Promise<void> {
      await sql.run(Q.setSetting, [key, value])
    },
    /** The cluster's id: `fresh` when it had none (the first node to ask makes it). */
    async clusterId(fresh: string, at: string): Promise<string> {
      await sql.run(Q.newCluster, [fresh, at])
      return (await sql.one<{ cluster_id: string }>(Q.clusterId))!.cluster_id
    },
    /** Registers one service of a node, or refreshes its heartbeat. */
    async upsertNode(b: NodeBeat): Promise<void> {
      await sql.run(Q.upsertNode, [
        b.serviceId,
        b.nodeId,
        b.serviceType,
        b.microServices,
        b.startedAt,
        b.heartbeat,
        b.heartbeatMs,
        b.pid,
        b.host,
        b.url,
      ])
    },
    /** Every service of every node with its host and heartbeat, by node. */
    peers(): Promise<PeerRow[]> {
      return sql.all<PeerRow>(Q.peers)
    },
    nodes(): Promise<NodeRow[]> {
      return sql.all<NodeRow>(Q.nodes)
    },
    /** Every service of every node with its address and heartbeat, newest heartbeat first per node. */
    reachable(): Promise<ReachRow[]> {
      return sql.all<ReachRow>(Q.reachable)
    },
    /** False when there was no such row. */
    async removeNode(serviceId: string, nodeId: string): Promise<boolean> {
      return (await sql.run(Q.removeNode, [serviceId, nodeId])).changes > 0
    },
    /** Every node the cluster's topology holds. */
    async nodeIds(): Promise<string[]> {
      return (await sql.all<{ node_id: string }>(Q.nodeIds)).map((r) => r.node_id)
    },
    /** Whether the node has ever registered in the cluster's topology. */
    async isKnownNode(nodeId: string): Promise<boolean> {
      return (await sql.one(Q.knownNode, [nodeId])) !== undefined
    },
    /** The address a node registered for the others to reach it at, if it did. */
    async nodeUrl(nodeId: string): Promise<string | undefined> {
      return (await sql.one<{ url: string }>(Q.nodeUrl, [nodeId]))?.url
    },
    /**
     * The key nodes sign their calls to each other with: `fresh` when none was set before (the
     * cluster's row exists once a node registered), else the one set first.
     */
    async nodeKey(fresh: string): Promise<string | undefined> {
      await sql.run(Q.setNodeKey, [fresh])
      return storedNodeKey()
    },
    /** The node key if one was set; never sets one (a support bundle reads it to cut it). */
    storedNodeKey,
    /**
     * Takes the lease `name` for `holder` until `expiresMs`, or renews it: true when `holder`
     * has it now. One statement, so two nodes trying at once never both get it.
     */
    async takeLease(name: string, holder: string, expiresMs: number, nowMs: number): Promise<boolean> {
      return (await sql.run(Q.takeLease, [name, holder, expiresMs, nowMs])).changes > 0
    },
    async releaseLease(name: string, holder: string): Promise<void> {
      await sql.run(Q.releaseLease, [name, holder])
    },
  }
}

export type OpsStore = ReturnType<typeof opsStore>
