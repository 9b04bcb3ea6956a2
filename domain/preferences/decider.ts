import { left, right, type Either } from 'fp-ts/Either'
import type { SliceArea } from '../shared/area'
import { shellContextOf, type ShellSlices } from '../navigation'
import type { PlatformEvent } from '../platform/events'
import { NavigationTypeSwitched, preferencesEvents, type PreferencesEvent } from './events'
import type { PreferencesCommand } from './commands'
import { navigationTypeOf, otherNavigationType } from './rules'
import { initialPreferencesState, type PreferencesState } from './types'
import { preferencesCommandCodecs } from './commandCodecs.gen'

/** What the decisions read of the rest of the state. */
interface PreferencesContext {
  readonly signedIn: boolean
}

export const preferencesArea: SliceArea<
  'preferences',
  PreferencesState,
  PreferencesCommand,
  PreferencesEvent,
  PreferencesContext,
  never,
  ShellSlices
> = {
  key: 'preferences',
  commands: preferencesCommandCodecs,
  initialState: initialPreferencesState,
  events: preferencesEvents,
  contextOf: (state) => ({ signedIn: shellContextOf(state).signedIn }),
  decide(command, prefs, { signedIn }): Either<string, ReadonlyArray<PreferencesEvent>> {
    switch (command.type) {
      case 'preferences/SwitchNavigationType':
        if (!signedIn) return left('only a signed-in user has a navigation type')
        return right([NavigationTypeSwitched({ type: otherNavigationType(navigationTypeOf(prefs)) })])
    }
  },
  evolve(prefs: PreferencesState, event: PreferencesEvent | PlatformEvent): PreferencesState {
    switch ((event as PreferencesEvent).type) {
      case 'preferences/NavigationTypeSwitched':
      case 'preferences/NavigationTypeSaveFailed':
        return { ...prefs, chosenNavigationType: (event as PreferencesEvent).data.type }
      default:
        // The start-up sequence (platform area) reads the type the platform keeps for the user.
        return event.type === 'platform/NavigationTypeInitialised'
          ? { savedNavigationType: event.data.navigationType }
          : prefs
    }
  },
  evolvesOn: ['platform/NavigationTypeInitialised'],
}
