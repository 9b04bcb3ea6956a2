import * as t from 'io-ts'
import { defineEvent, type EventOf } from '../shared/events'
import { Failure } from '../shared/failure'

export const TopologyNodeC = t.type({
  serviceId: t.string,
  nodeId: t.string,
  serviceType: t.string,
  status: t.keyof({ Online: null, Offline: null }),
  state: t.string,
  lastHeartbeat: t.string,
  uptime: t.string,
  microServices: t.array(t.string),
})

export const TopologyRequested = defineEvent(
  'serviceStatus/TopologyRequested',
  t.type({ requestId: t.string }),
)
export const TopologyLoaded = defineEvent(
  'serviceStatus/TopologyLoaded',
  t.type({ requestId: t.string, nodes: t.array(TopologyNodeC), at: t.string }),
)
export const TopologyLoadFailed = defineEvent(
  'serviceStatus/TopologyLoadFailed',
  t.type({ requestId: t.string, failure: Failure }),
)

export const serviceStatusEvents = [TopologyRequested, TopologyLoaded, TopologyLoadFailed] as const

export type ServiceStatusEvent = EventOf<(typeof serviceStatusEvents)[number]>
