/**
 * Service Status (spec 001 sections 5 and 7): removing a node (DELETE, then the status is
 * fetched again) and the several-Mission-Controls warning, as decider and rule specifications.
 */
import { describe, expect, it } from 'vitest'
import { serviceStatusArea } from '../../domain/serviceStatus'
import {
  LogFilesLoaded,
  LogFilesRequested,
  LogNodesLoaded,
  LogViewerOpened,
  NodeRemovalFailed,
  NodeRemovalRequested,
  NodeRemoved,
  TopologyLoaded,
  TopologyRequested,
} from '../../domain/serviceStatus/events'
import { serviceStatusView } from '../../domain/serviceStatus/rules'
import { foldEvents, spec } from '../support/decider'
import { topologyNode } from '../support/fakeServiceStatusApi'
import type { Envelope } from '../../domain/shared/area'
import { appSlice, type AppEvent } from '../../domain/app'

const nodes = [topologyNode(), topologyNode({ nodeId: 'node-2' })].map((n) => ({
  ...n,
  microServices: [...n.microServices],
}))
const listed = [TopologyRequested({ requestId: 't1' }), TopologyLoaded({ requestId: 't1', nodes })]
const ref = { requestId: 'id-1', serviceId: 'jfrt@01', nodeId: 'node-2' }
const envelope = (event: AppEvent): Envelope<AppEvent> => ({
  seq: 1,
  at: 'x',
  source: 'effect',
  corr: 'c',
  event,
})

describe('removing a node', () => {
  it('asks the platform to remove a listed node', () => {
    spec(appSlice(serviceStatusArea))
      .given(...listed)
      .when({ type: 'serviceStatus/RemoveNode', serviceId: 'jfrt@01', nodeId: 'node-2' })
      .then(NodeRemovalRequested(ref))
  })

  it('refuses a node the page does not list, and a second removal while one is under way', () => {
    spec(appSlice(serviceStatusArea))
      .given(...listed)
      .when({ type: 'serviceStatus/RemoveNode', serviceId: 'jfrt@01', nodeId: 'node-9' })
      .rejected(/no node node-9/)
    spec(appSlice(serviceStatusArea))
      .given(...listed, NodeRemovalRequested(ref))
      .when({ type: 'serviceStatus/RemoveNode', serviceId: 'jfrt@01', nodeId: 'node-1' })
      .rejected(/already under way/)
  })

  it('drops the removed node at once and then fetches the status again', () => {
    const state = foldEvents([...listed, NodeRemovalRequested(ref), NodeRemoved(ref)])
    expect(state.serviceStatus.topology.status === 'loaded' && state.serviceStatus.topology.nodes).toEqual([
      nodes[0],
    ])
    expect(state.serviceStatus.removal).toBeUndefined()
    const commands = appSlice(serviceStatusArea).policies?.(envelope(NodeRemoved(ref)), state) ?? []
    expect(commands.map((c) => c.type)).toEqual(['serviceStatus/LoadTopology', 'notifications/Show'])
  })

  it('keeps the node and the failure when the platform refuses', () => {
    const failure = { kind: 'status' as const, status: 403, message: 'Admins only' }
    const state = foldEvents([...listed, NodeRemovalRequested(ref), NodeRemovalFailed({ ...ref, failure })])
    expect(state.serviceStatus.removal).toEqual({
      status: 'failed',
      serviceId: 'jfrt@01',
      nodeId: 'node-2',
      failure,
    })
    expect(state.serviceStatus.topology.status === 'loaded' && state.serviceStatus.topology.nodes).toEqual(
      nodes,
    )
  })
})

describe('the Service Status view', () => {
  it('lists only Online nodes, grouped per service', () => {
    const view = serviceStatusView([
      topologyNode(),
      topologyNode({ nodeId: 'node-2', status: 'Offline' }),
      topologyNode({ serviceId: 'jfxr@01', serviceType: 'xray' }),
    ])
    expect(view.services.map((s) => [s.service, s.nodes.map((n) => n.nodeId)])).toEqual([
      ['artifactory', ['node-1']],
      ['xray', ['node-1']],
    ])
    expect(view.multipleMissionControls).toBe(false)
  })

  it('warns when more than one distinct Mission Control service id reports', () => {
    const mc = (serviceId: string) => topologyNode({ serviceId, serviceType: 'mission control' })
    expect(serviceStatusView([mc('jfmc@a'), mc('jfmc@a')]).multipleMissionControls).toBe(false)
    expect(serviceStatusView([mc('jfmc@a'), mc('jfmc@b')]).multipleMissionControls).toBe(true)
  })
})

describe("the log viewer's files", () => {
  const opened = LogViewerOpened({ selection: 's1', highAvailability: false })
  const nodesLoaded = LogNodesLoaded({ selection: 's1', nodes: [{ product: 'jfrt', nodeId: 'node-2' }] })

  it('are asked for, for the node the fold chose, after each event that chooses a node', () => {
    spec(appSlice(serviceStatusArea))
      .given(opened, nodesLoaded)
      .when({ type: 'serviceStatus/LoadLogFiles' })
      .then(LogFilesRequested({ selection: 's1', product: 'jfrt', node: 'node-2' }))
    const state = foldEvents([opened, nodesLoaded])
    const commands = appSlice(serviceStatusArea).policies?.(envelope(nodesLoaded), state) ?? []
    expect(commands).toEqual([{ type: 'serviceStatus/LoadLogFiles' }])
  })

  it('are not asked for without a node, nor once loaded, nor with the viewer closed', () => {
    spec(appSlice(serviceStatusArea))
      .given(opened, LogNodesLoaded({ selection: 's1', nodes: [] }))
      .when({ type: 'serviceStatus/LoadLogFiles' })
      .nothing()
    spec(appSlice(serviceStatusArea))
      .given(opened, nodesLoaded, LogFilesLoaded({ selection: 's1', files: ['a.log'], refreshRateSecs: 10 }))
      .when({ type: 'serviceStatus/LoadLogFiles' })
      .nothing()
    spec(appSlice(serviceStatusArea))
      .given()
      .when({ type: 'serviceStatus/LoadLogFiles' })
      .rejected(/not open/)
  })
})
