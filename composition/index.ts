/**
 * The client as a library (`import { createApp } from 'artifact-console/commands'`): the bus
 * with every area, effect and policy, composed from ports. For Node, the ports that talk to a
 * running platform are `createScriptPorts` (`artifact-console/node`); a script dispatches,
 * awaits `app.settled()` and reads `app.getState()` (docs/scripting.md). The API report
 * (docs/api/commands.api.txt) lists what it exports.
 */
export {
  allEffects,
  createApp,
  type App,
  type CreateAppOptions,
  type Policy,
  type SettlingApp,
} from './createApp'
export type { EffectTable } from '../commands/effects/types'
