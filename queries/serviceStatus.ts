import type { QueryTable, Selector } from './types'
import type { LogViewerState, TopologyState } from '../domain/serviceStatus'

const topology: Selector<object, TopologyState> = (state) => state.serviceStatus.topology
const logViewer: Selector<object, LogViewerState> = (state) => state.serviceStatus.logViewer

// Queries of the serviceStatus area, named `serviceStatus/Noun`.
export const serviceStatusQueries = {
  'serviceStatus/Topology': topology,
  'serviceStatus/LogViewer': logViewer,
} satisfies QueryTable
