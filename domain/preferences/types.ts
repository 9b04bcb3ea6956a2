// State of the preferences area: the user's choice of console layout.

// The chrome's layout is the navigation area's type; the preference keeps which one the user chose.
import type { NavigationType } from '../navigation'
export type { NavigationType }

export interface PreferencesState {
  /** The navigation type the platform keeps for the user, as read at start-up; null until read. */
  readonly savedNavigationType: string | null
  /** The type the user switched to since (or went back to when saving it failed). */
  readonly chosenNavigationType?: NavigationType
}

export const initialPreferencesState: PreferencesState = { savedNavigationType: null }
