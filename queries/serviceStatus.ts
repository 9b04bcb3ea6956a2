import type { QueryTable, Selector } from './types'
import type { LogViewerState, NodeRemoval, TopologyState } from '../domain/serviceStatus'

const topology: Selector<object, TopologyState> = (state) => state.serviceStatus.topology
const removal: Selector<object, NodeRemoval | undefined> = (state) => state.serviceStatus.removal
const logViewer: Selector<object, LogViewerState> = (state) => state.serviceStatus.logViewer

// Queries of the serviceStatus area, named `serviceStatus/Noun`.
export const serviceStatusQueries = {
  'serviceStatus/Topology': topology,
  'serviceStatus/NodeRemoval': removal,
  'serviceStatus/LogViewer': logViewer,
} satisfies QueryTable
