/**
 * The debug panel's rules: which events to list, the state at any of them, what changed.
 * Not an area of the bus: inspecting a session must not add to the log it inspects, and a
 * new slice of state would change the hash of every kept log.
 */
export { diffStates, type Change } from './diff'
export {
  areaOfType,
  areasIn,
  filterEvents,
  matchesFilter,
  noFilter,
  rejectedCommands,
  type EventFilter,
} from './filter'
export { createTimeline, readLog, type ImportedLog, type Timeline } from './timeline'
export { logStateHash } from '../logHash'
