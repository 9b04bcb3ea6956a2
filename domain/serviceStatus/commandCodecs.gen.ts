// Written by `npm run codecs` from ./commands.ts: do not edit (a unit test checks it is current).
import * as t from 'io-ts'
import type { CommandCodecs } from '../shared/area'
import type { ServiceStatusCommand } from './commands'

/** The fields of each command of the area, decoded before it is decided (the type is checked by the bus). */
export const serviceStatusCommandCodecs: CommandCodecs<ServiceStatusCommand> = {
  'serviceStatus/ChooseLogFile': t.type({ file: t.string }),
  'serviceStatus/ChooseLogNode': t.type({ nodeId: t.string }),
  'serviceStatus/ChooseLogProduct': t.type({ product: t.string }),
  'serviceStatus/CloseLogViewer': t.UnknownRecord,
  'serviceStatus/FlagLogServiceChange': t.UnknownRecord,
  'serviceStatus/LoadLogFiles': t.UnknownRecord,
  'serviceStatus/LoadTopology': t.UnknownRecord,
  'serviceStatus/OpenLogViewer': t.UnknownRecord,
  'serviceStatus/PauseLog': t.UnknownRecord,
  'serviceStatus/RefreshLogNow': t.UnknownRecord,
  'serviceStatus/RemoveNode': t.type({ serviceId: t.string, nodeId: t.string }),
  'serviceStatus/ResumeLog': t.UnknownRecord,
  'serviceStatus/SetLogView': t.type({
    view: t.type({
      levels: t.array(t.keyof({ INFO: null, ERROR: null, WARN: null, DEBUG: null })),
      search: t.string,
      wrap: t.boolean,
    }),
  }),
  'serviceStatus/SetLogVisibility': t.type({ visible: t.boolean }),
  'serviceStatus/TakeLogChunk': t.type({
    selection: t.string,
    from: t.number,
    content: t.string,
    fileSize: t.number,
    lastUpdate: t.string,
  }),
}
