// State of the preferences area: the user's choice of console layout.

/** The layout of the chrome: sidebars (new) or a top navigation bar (classic); a per-user preference. */
export type NavigationType = 'new' | 'classic'

export interface PreferencesState {
  /** The navigation type the platform keeps for the user, as read at start-up; null until read. */
  readonly savedNavigationType: string | null
  /** The type the user switched to since (or went back to when saving it failed). */
  readonly chosenNavigationType?: NavigationType
}

export const initialPreferencesState: PreferencesState = { savedNavigationType: null }
