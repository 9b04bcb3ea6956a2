import type { QueryTable, Selector } from './types'
import type { TopologyState } from '../domain/serviceStatus'

const topology: Selector<object, TopologyState> = (state) => state.serviceStatus.topology

// Queries of the serviceStatus area, named `serviceStatus/Noun`.
export const serviceStatusQueries = { 'serviceStatus/Topology': topology } satisfies QueryTable
