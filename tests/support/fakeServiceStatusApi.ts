// An in-memory platform for the serviceStatus area: topology nodes and log files that tests
// append to, read by byte offset the way the server does (ASCII text, so bytes = characters).
import { left, right } from 'fp-ts/Either'
import type { Result, ServiceStatusApi } from '../../adapters/ports'
import type { TopologyNode } from '../../domain/serviceStatus'

export const topologyNode = (over: Partial<TopologyNode> = {}): TopologyNode => ({
  serviceId: 'jfrt@01',
  nodeId: 'node-1',
  serviceType: 'artifactory',
  status: 'Online',
  state: 'HEALTHY',
  lastHeartbeat: '2026-01-03T04:05:00.000Z',
  uptime: '2026-01-01T00:00:00.000Z',
  microServices: [],
  ...over,
})

export interface FakeLogPlatform extends ServiceStatusApi {
  nodes: TopologyNode[]
  /** `product/node` → file id → content. */
  readonly files: Map<string, Map<string, string>>
  readonly dataCalls: Array<{ product: string; nodeId: string; file: string; fileSize: number }>
  /** The status calls made, in order. */
  readonly statusCalls: string[]
  /** When set, the next answers of these calls fail. */
  fail: {
    topology?: Result<never>
    removeNode?: Result<never>
    logFiles?: Result<never>
    logData?: Result<never>
  }
  readonly removals: Array<{ serviceId: string; nodeId: string }>
  append(product: string, nodeId: string, file: string, text: string): void
}

export function fakeLogPlatform(nodes: TopologyNode[] = [topologyNode()]): FakeLogPlatform {
  const files = new Map<string, Map<string, string>>()
  const platform: FakeLogPlatform = {
    nodes,
    files,
    dataCalls: [],
    removals: [],
    fail: {},
    append(product, nodeId, file, text) {
      const key = `${product}/${nodeId}`
      const node = files.get(key) ?? new Map<string, string>()
      node.set(file, (node.get(file) ?? '') + text)
      files.set(key, node)
    },
    statusCalls: [],
    topology: () => {
      platform.statusCalls.push('/system/status/ha')
      return Promise.resolve(platform.fail.topology ?? right(platform.nodes))
    },
    // The per-node status reports the same nodes: HEALTHY while Online.
    nodeStates: () => {
      platform.statusCalls.push('/system/status/nodes')
      return Promise.resolve(
        platform.fail.topology ??
          right(
            platform.nodes.map((n) => ({
              serviceId: n.serviceId,
              nodeId: n.nodeId,
              state: n.status === 'Online' ? 'HEALTHY' : 'UNHEALTHY',
            })),
          ),
      )
    },
    removeNode: (serviceId, nodeId) => {
      platform.removals.push({ serviceId, nodeId })
      if (platform.fail.removeNode) return Promise.resolve(platform.fail.removeNode)
      const before = platform.nodes.length
      platform.nodes = platform.nodes.filter((n) => !(n.serviceId === serviceId && n.nodeId === nodeId))
      return Promise.resolve(
        platform.nodes.length < before
          ? right(undefined)
          : left({ kind: 'status', status: 404, message: `No node ${nodeId} in service ${serviceId}` }),
      )
    },
    logFiles: (product, nodeId) => {
      if (platform.fail.logFiles) return Promise.resolve(platform.fail.logFiles)
      const node = files.get(`${product}/${nodeId}`)
      return Promise.resolve(right({ files: [...(node?.keys() ?? [])], refreshRateSecs: 10 }))
    },
    logData: (query) => {
      platform.dataCalls.push({ ...query })
      if (platform.fail.logData) return Promise.resolve(platform.fail.logData)
      const content = files.get(`${query.product}/${query.nodeId}`)?.get(query.file)
      if (content === undefined)
        return Promise.resolve(left({ kind: 'status', status: 404, message: 'No such log' }))
      const start = query.fileSize > content.length ? 0 : query.fileSize
      return Promise.resolve(
        right({
          content: content.slice(start),
          fileSize: content.length,
          lastUpdate: '2026-01-01T00:00:00.000Z',
        }),
      )
    },
  }
  return platform
}
