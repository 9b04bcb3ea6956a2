import * as t from 'io-ts'
import { defineEvent, type EventOf } from '../shared/events'
import { Failure } from '../shared/failure'

// The navigation type was the navigation area's until the preferences became an area of their
// own: logs written then name these events `navigation/…` (`formerly`), with the same data.

const NavigationTypeC = t.keyof({ new: null, classic: null })
/** The user chose the other navigation type (saved on the server by an effect). */
export const NavigationTypeSwitched = defineEvent(
  'preferences/NavigationTypeSwitched',
  t.type({ type: NavigationTypeC }),
  { formerly: ['navigation/NavigationTypeSwitched'] },
)
/** Saving the choice failed: the console goes back to `type`. */
export const NavigationTypeSaveFailed = defineEvent(
  'preferences/NavigationTypeSaveFailed',
  t.type({ type: NavigationTypeC, failure: Failure }),
  { formerly: ['navigation/NavigationTypeSaveFailed'] },
)

export const preferencesEvents = [NavigationTypeSwitched, NavigationTypeSaveFailed] as const

export type PreferencesEvent = EventOf<(typeof preferencesEvents)[number]>
