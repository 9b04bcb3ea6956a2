import * as t from 'io-ts'
import { map } from 'fp-ts/Either'
import type { ServiceStatusApi } from '../ports'
import type { TopologyNode } from '../../domain/serviceStatus/types'
import type { HttpClient } from './client'

// The wire shape of `/system/status/ha` (server/API.md, Operations).
const HaNode = t.type({
  service_id: t.string,
  node_id: t.string,
  status: t.keyof({ Online: null, Offline: null }),
  state: t.string,
  last_heartbeat: t.string,
  uptime: t.string,
  micro_services: t.array(t.string),
  service_type: t.string,
})
const HaAnswer = t.type({ services: t.array(HaNode) })

// The wire shape of `/system/status/nodes`: the fields the log viewer reads.
const NodesAnswer = t.array(t.type({ service_id: t.string, node_id: t.string, state: t.string }))

const LogConfig = t.type({ logs: t.array(t.string), refreshRateSecs: t.number })
const LogData = t.type({ logContent: t.string, fileSize: t.number, lastUpdateLabel: t.string })

const toNode = (n: t.TypeOf<typeof HaNode>): TopologyNode => ({
  serviceId: n.service_id,
  nodeId: n.node_id,
  serviceType: n.service_type,
  status: n.status,
  state: n.state,
  lastHeartbeat: n.last_heartbeat,
  uptime: n.uptime,
  microServices: n.micro_services,
})

// Insight, Mission Control and Distribution serve their logs under their own API base (spec 001 section 7).
const LOG_BASES: Readonly<Record<string, string>> = {
  jfisv: '/insight/api/v2',
  jfmc: '/mc/api/ui/v1',
  jfds: '/distribution/api/ui',
}
const logPath = (kind: 'config' | 'data', product: string) =>
  `${LOG_BASES[product] ?? ''}/system/logs/${kind}/${encodeURIComponent(product)}`

/** The serviceStatus area's calls to the platform (see server/API.md). */
export function createServiceStatusApi(http: HttpClient): ServiceStatusApi {
  return {
    topology: async () =>
      map((a: t.TypeOf<typeof HaAnswer>) => a.services.map(toNode))(
        await http.request('/system/status/ha', HaAnswer),
      ),
    nodeStates: async () =>
      map((a: t.TypeOf<typeof NodesAnswer>) =>
        a.map((n) => ({ serviceId: n.service_id, nodeId: n.node_id, state: n.state })),
      )(await http.request('/system/status/nodes', NodesAnswer)),
    removeNode: (serviceId, nodeId) =>
      http.send(`/access/api/v1/topology/${encodeURIComponent(serviceId)}/${encodeURIComponent(nodeId)}`, {
        method: 'DELETE',
      }),
    logFiles: async (product, nodeId) =>
      map((a: t.TypeOf<typeof LogConfig>) => ({ files: a.logs, refreshRateSecs: a.refreshRateSecs }))(
        await http.request(logPath('config', product), LogConfig, { query: { nodeId } }),
      ),
    logData: async ({ product, nodeId, file, fileSize }) =>
      map((a: t.TypeOf<typeof LogData>) => ({
        content: a.logContent,
        fileSize: a.fileSize,
        lastUpdate: a.lastUpdateLabel,
      }))(
        await http.request(logPath('data', product), LogData, {
          query: { nodeId, id: file, file_size: fileSize },
        }),
      ),
  }
}
