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

/** The serviceStatus area's calls to the platform (see server/API.md). */
export function createServiceStatusApi(http: HttpClient): ServiceStatusApi {
  return {
    topology: async () =>
      map((a: t.TypeOf<typeof HaAnswer>) => a.services.map(toNode))(
        await http.request('/system/status/ha', HaAnswer),
      ),
  }
}
