/**
 * The Service Status page's list of nodes (spec 001 sections 3 and 7): loading it, what stays
 * shown while it reloads or when a reload fails, answers to an older request, the removal's
 * answers for another removal, and a sign-out.
 */
import { describe, expect, it } from 'vitest'
import { appSlice, type AppEvent } from '../../domain/app'
import { serviceStatusArea } from '../../domain/serviceStatus'
import * as E from '../../domain/serviceStatus/events'
import { MAX_NODES } from '../../domain/serviceStatus/types'
import { SignedOut } from '../../domain/session/events'
import type { Envelope } from '../../domain/shared/area'
import { foldEvents, recordedAt, spec } from '../support/decider'
import { topologyNode as listedNode } from '../support/fakeServiceStatusApi'

// A node as the platform's answer carries it (its events' arrays are not read-only).
const topologyNode = (over: Parameters<typeof listedNode>[0] = {}) => {
  const n = listedNode(over)
  return { ...n, microServices: [...n.microServices] }
}
const status = spec(appSlice(serviceStatusArea))
const one = topologyNode()
const two = topologyNode({ nodeId: 'node-2' })
const failure = { kind: 'status' as const, status: 500, message: 'down' }
const topologyOf = (events: ReadonlyArray<AppEvent>) => foldEvents(events).serviceStatus.topology
const nodesOf = (events: ReadonlyArray<AppEvent>) => {
  const t = topologyOf(events)
  return t.status === 'idle' ? undefined : t.nodes
}

describe('the list of nodes', () => {
  it('is asked for under the command id, and shows nothing before its answer', () => {
    status
      .given()
      .when({ type: 'serviceStatus/LoadTopology' })
      .then(E.TopologyRequested({ requestId: 'id-1' }))
    expect(topologyOf([E.TopologyRequested({ requestId: 't1' })])).toEqual({
      status: 'loading',
      requestId: 't1',
      nodes: [],
    })
  })

  it('shows the answer, loaded at the time it was recorded', () => {
    const at = '2026-03-04T05:06:07.000Z'
    const t = foldEvents([
      E.TopologyRequested({ requestId: 't1' }),
      recordedAt(at, E.TopologyLoaded({ requestId: 't1', nodes: [one, two] })),
    ]).serviceStatus.topology
    expect(t).toEqual({ status: 'loaded', nodes: [one, two], loadedAt: at })
    // An older log's answer names its own time.
    const old = topologyOf([
      E.TopologyRequested({ requestId: 't1' }),
      E.TopologyLoaded({ requestId: 't1', nodes: [one], recordedAt: '2025-01-01T00:00:00.000Z' }),
    ])
    expect(old.status === 'loaded' && old.loadedAt).toBe('2025-01-01T00:00:00.000Z')
  })

  it('keeps at most its cap of nodes', () => {
    const many = Array.from({ length: MAX_NODES + 3 }, (_, i) => topologyNode({ nodeId: `n${i}` }))
    const nodes = nodesOf([
      E.TopologyRequested({ requestId: 't1' }),
      E.TopologyLoaded({ requestId: 't1', nodes: many }),
    ])
    expect(nodes).toHaveLength(MAX_NODES)
    expect(nodes?.[0]?.nodeId).toBe('n0')
  })

  it('keeps the nodes shown while it reloads and when the reload fails', () => {
    const listed = [
      E.TopologyRequested({ requestId: 't1' }),
      E.TopologyLoaded({ requestId: 't1', nodes: [one] }),
    ]
    expect(topologyOf([...listed, E.TopologyRequested({ requestId: 't2' })])).toEqual({
      status: 'loading',
      requestId: 't2',
      nodes: [one],
    })
    expect(
      topologyOf([
        ...listed,
        E.TopologyRequested({ requestId: 't2' }),
        E.TopologyLoadFailed({ requestId: 't2', failure }),
      ]),
    ).toEqual({ status: 'failed', failure, nodes: [one] })
  })

  it('ignores the answer or failure of an older request, and one that comes when none is asked', () => {
    const asked = [E.TopologyRequested({ requestId: 't1' }), E.TopologyRequested({ requestId: 't2' })]
    const stale = E.TopologyLoaded({ requestId: 't1', nodes: [two] })
    expect(topologyOf([...asked, stale])).toEqual({ status: 'loading', requestId: 't2', nodes: [] })
    expect(topologyOf([...asked, E.TopologyLoadFailed({ requestId: 't1', failure })])).toEqual({
      status: 'loading',
      requestId: 't2',
      nodes: [],
    })
    // Once loaded, a repeated answer of the same request changes nothing.
    const loaded = [
      E.TopologyRequested({ requestId: 't1' }),
      E.TopologyLoaded({ requestId: 't1', nodes: [one] }),
    ]
    expect(nodesOf([...loaded, E.TopologyLoaded({ requestId: 't1', nodes: [two] })])).toEqual([one])
    expect(topologyOf([...loaded, E.TopologyLoadFailed({ requestId: 't1', failure })]).status).toBe('loaded')
  })

  it('a removal cannot be asked before the list is there', () => {
    status
      .given()
      .when({ type: 'serviceStatus/RemoveNode', serviceId: one.serviceId, nodeId: one.nodeId })
      .rejected(/no node node-1/)
    // The node must match both its service and its id.
    status
      .given(E.TopologyRequested({ requestId: 't1' }), E.TopologyLoaded({ requestId: 't1', nodes: [one] }))
      .when({ type: 'serviceStatus/RemoveNode', serviceId: 'jfxr@01', nodeId: one.nodeId })
      .rejected(/no node/)
  })

  it('a removal may be asked again after one failed', () => {
    const ref = { requestId: 'r1', serviceId: one.serviceId, nodeId: one.nodeId }
    status
      .given(
        E.TopologyRequested({ requestId: 't1' }),
        E.TopologyLoaded({ requestId: 't1', nodes: [one] }),
        E.NodeRemovalRequested(ref),
        E.NodeRemovalFailed({ ...ref, failure }),
      )
      .when({ type: 'serviceStatus/RemoveNode', serviceId: one.serviceId, nodeId: one.nodeId })
      .then(E.NodeRemovalRequested({ ...ref, requestId: 'id-1' }))
  })

  it('an answer about another removal leaves the pending one and the list alone', () => {
    const ref = { requestId: 'r2', serviceId: one.serviceId, nodeId: one.nodeId }
    const pending = [
      E.TopologyRequested({ requestId: 't1' }),
      E.TopologyLoaded({ requestId: 't1', nodes: [one, two] }),
      E.NodeRemovalRequested(ref),
    ]
    for (const answer of [
      E.NodeRemoved({ ...ref, requestId: 'r1' }),
      E.NodeRemovalFailed({ ...ref, requestId: 'r1', failure }),
    ]) {
      const s = foldEvents([...pending, answer]).serviceStatus
      expect(s.removal).toEqual({ status: 'pending', ...ref })
      expect(s.topology.status !== 'idle' && s.topology.nodes).toEqual([one, two])
    }
    // With no removal under way, an answer changes nothing either.
    const none = foldEvents([...pending.slice(0, 2), E.NodeRemoved(ref)]).serviceStatus
    expect(none.removal).toBeUndefined()
    expect(none.topology.status !== 'idle' && none.topology.nodes).toEqual([one, two])
    const noneFailed = foldEvents([...pending.slice(0, 2), E.NodeRemovalFailed({ ...ref, failure })])
    expect(noneFailed.serviceStatus.removal).toBeUndefined()
  })

  it('a node removed before any list was asked leaves no list', () => {
    const ref = { requestId: 'r1', serviceId: one.serviceId, nodeId: one.nodeId }
    const s = foldEvents([E.NodeRemovalRequested(ref), E.NodeRemoved(ref)]).serviceStatus
    expect(s.topology.status).toBe('idle')
    expect(s.removal).toBeUndefined()
  })

  it('removes only the node of that service', () => {
    const other = topologyNode({ serviceId: 'jfxr@01', nodeId: one.nodeId })
    const ref = { requestId: 'r1', serviceId: one.serviceId, nodeId: one.nodeId }
    expect(
      nodesOf([
        E.TopologyRequested({ requestId: 't1' }),
        E.TopologyLoaded({ requestId: 't1', nodes: [one, other, two] }),
        E.NodeRemovalRequested(ref),
        E.NodeRemoved(ref),
      ]),
    ).toEqual([other, two])
  })

  it('tells the user which node was removed', () => {
    const ref = { requestId: 'r1', serviceId: one.serviceId, nodeId: one.nodeId }
    const envelope: Envelope<AppEvent> = {
      seq: 1,
      at: 'x',
      source: 'effect',
      corr: 'c',
      event: E.NodeRemoved(ref),
    }
    const state = foldEvents([])
    expect(appSlice(serviceStatusArea).policies?.(envelope, state)).toEqual([
      { type: 'serviceStatus/LoadTopology' },
      {
        type: 'notifications/Show',
        kind: 'success',
        message: { key: 'nodeRemoved', nodeId: 'node-1', serviceId: 'jfrt@01' },
      },
    ])
    const failed: Envelope<AppEvent> = { ...envelope, event: E.NodeRemovalFailed({ ...ref, failure }) }
    expect(appSlice(serviceStatusArea).policies?.(failed, state)).toEqual([])
  })

  it('a sign-out forgets the list and the removal', () => {
    const ref = { requestId: 'r1', serviceId: one.serviceId, nodeId: one.nodeId }
    const s = foldEvents([
      E.TopologyRequested({ requestId: 't1' }),
      E.TopologyLoaded({ requestId: 't1', nodes: [one] }),
      E.NodeRemovalRequested(ref),
      SignedOut({ reason: 'logout' }),
    ]).serviceStatus
    expect(s).toEqual(foldEvents([]).serviceStatus)
  })
})
