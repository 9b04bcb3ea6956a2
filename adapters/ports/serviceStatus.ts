import type { LogFiles, NodeState, TopologyNode } from '../../domain/serviceStatus/types'
import type { Result } from './result'

// The serviceStatus (topology, nodes) area's API port (adapters/ports.ts).
export interface ServiceStatusApi {
  /** Every node of every service (`GET /system/status/ha`). */
  topology(): Promise<Result<ReadonlyArray<TopologyNode>>>
  /** The state of each node (`GET /system/status/nodes`): the per-node status of high-availability licences. */
  nodeStates(): Promise<Result<ReadonlyArray<NodeState>>>
  /** Removes a node of a service (`DELETE /access/api/v1/topology/{service_id}/{node_id}`). */
  removeNode(serviceId: string, nodeId: string): Promise<Result<void>>
  /** The log files of a product (log key) on a node, and how often to poll them. */
  logFiles(product: string, nodeId: string): Promise<Result<LogFiles>>
  /** What a log file gained after `fileSize` bytes. */
  logData(query: {
    readonly product: string
    readonly nodeId: string
    readonly file: string
    readonly fileSize: number
  }): Promise<Result<{ readonly content: string; readonly fileSize: number; readonly lastUpdate: string }>>
}
