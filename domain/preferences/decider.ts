import { left, right, type Either } from 'fp-ts/Either'
import type { AppArea, AppEvent } from '../app'
import { shellContextOf } from '../navigation'
import { NavigationTypeSwitched, preferencesEvents, type PreferencesEvent } from './events'
import type { PreferencesCommand } from './commands'
import { navigationTypeOf, otherNavigationType } from './rules'
import { initialPreferencesState, type PreferencesState } from './types'
import { preferencesCommandCodecs } from './commandCodecs.gen'

export const preferencesArea: AppArea<'preferences'> = {
  key: 'preferences',
  commands: preferencesCommandCodecs,
  initialState: initialPreferencesState,
  events: preferencesEvents,
  decide(command: PreferencesCommand, state): Either<string, ReadonlyArray<AppEvent>> {
    switch (command.type) {
      case 'preferences/SwitchNavigationType':
        if (!shellContextOf(state).signedIn) return left('only a signed-in user has a navigation type')
        return right([
          NavigationTypeSwitched({ type: otherNavigationType(navigationTypeOf(state.preferences)) }),
        ])
    }
  },
  evolve(prefs: PreferencesState, event: AppEvent): PreferencesState {
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
