// Written by `npm run codecs` from ./commands.ts: do not edit (a unit test checks it is current).
import * as t from 'io-ts'
import type { CommandCodecs } from '../shared/area'
import type { NavigationCommand } from './commands'

/** The fields of each command of the area, decoded before it is decided (the type is checked by the bus). */
export const navigationCommandCodecs: CommandCodecs<NavigationCommand> = {
  'navigation/CloseModal': t.type({
    modal: t.keyof({
      repositoryCreation: null,
      repositoryCreated: null,
      projectsAnimation: null,
      contactUs: null,
      keyboardShortcuts: null,
    }),
  }),
  'navigation/GoToAdminLanding': t.UnknownRecord,
  'navigation/GoToApplicationLanding': t.UnknownRecord,
  'navigation/GoToLanding': t.UnknownRecord,
  'navigation/LeaveForExternal': t.type({ url: t.string }),
  'navigation/Navigate': t.intersection([t.type({ to: t.string }), t.partial({ replace: t.boolean })]),
  'navigation/OpenAccountPortal': t.UnknownRecord,
  'navigation/OpenMenu': t.type({
    menu: t.union([t.null, t.literal('user'), t.literal('help'), t.literal('add')]),
  }),
  'navigation/OpenModal': t.type({
    modal: t.keyof({
      repositoryCreation: null,
      repositoryCreated: null,
      projectsAnimation: null,
      contactUs: null,
      keyboardShortcuts: null,
    }),
  }),
  'navigation/RecheckGuard': t.UnknownRecord,
  'navigation/RecordChunkFailure': t.intersection([
    t.type({
      area: t.string,
      failure: t.keyof({ missing: null, error: null, timeout: null }),
      request: t.string,
    }),
    t.partial({ asset: t.keyof({ script: null, style: null }) }),
  ]),
  'navigation/RegisterRoute': t.intersection([
    t.type({ name: t.string, pattern: t.string }),
    t.partial({ title: t.string, order: t.number }),
  ]),
  'navigation/SelectProject': t.partial({ key: t.string }),
  'navigation/SyncFromHistory': t.type({ to: t.string }),
  'navigation/ToggleDebugPanel': t.UnknownRecord,
  'navigation/ToggleSidebar': t.UnknownRecord,
}
