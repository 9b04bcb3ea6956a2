import type { LogView } from './logLines'

// Commands of the serviceStatus area, named `serviceStatus/Imperative`.
export type ServiceStatusCommand =
  | { readonly type: 'serviceStatus/LoadTopology' }
  /** Removes a node of a service from the topology (the user has confirmed it). */
  | { readonly type: 'serviceStatus/RemoveNode'; readonly serviceId: string; readonly nodeId: string }
  | { readonly type: 'serviceStatus/OpenLogViewer' }
  | { readonly type: 'serviceStatus/CloseLogViewer' }
  /** The product select is about to change the service: a product change is accepted after it. */
  | { readonly type: 'serviceStatus/FlagLogServiceChange' }
  | { readonly type: 'serviceStatus/ChooseLogProduct'; readonly product: string }
  | { readonly type: 'serviceStatus/ChooseLogNode'; readonly nodeId: string }
  | { readonly type: 'serviceStatus/ChooseLogFile'; readonly file: string }
  /** Asks for the files of the chosen node while they are loading (the area's policy sends it). */
  | { readonly type: 'serviceStatus/LoadLogFiles' }
  | { readonly type: 'serviceStatus/PauseLog' }
  | { readonly type: 'serviceStatus/ResumeLog' }
  | { readonly type: 'serviceStatus/RefreshLogNow' }
  /** What the platform answered for the tailed file after `from` bytes (the tail's effect sends it). */
  | {
      readonly type: 'serviceStatus/TakeLogChunk'
      readonly selection: string
      readonly from: number
      readonly content: string
      readonly fileSize: number
      readonly lastUpdate: string
    }
  | { readonly type: 'serviceStatus/SetLogVisibility'; readonly visible: boolean }
  /** How the log is shown: levels, search and wrapping. */
  | { readonly type: 'serviceStatus/SetLogView'; readonly view: LogView }
