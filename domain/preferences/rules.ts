/** The navigation type (new or classic) the user switches between from the user menu. */
import type { EventOf } from '../shared/events'
import type { Failure } from '../shared/failure'
import { Shown } from '../notifications/events'
import { NavigationTypeSaveFailed } from './events'
import type { NavigationType, PreferencesState } from './types'

export const otherNavigationType = (type: NavigationType): NavigationType =>
  type === 'new' ? 'classic' : 'new'

/** The navigation type in use: the one chosen since start-up, else the platform's (new unless it says classic). */
export const navigationTypeOf = (prefs: PreferencesState): NavigationType =>
  prefs.chosenNavigationType ?? (prefs.savedNavigationType === 'classic' ? 'classic' : 'new')

/**
 * The platform did not save the type the user switched to: the console goes back to the other
 * type and tells the user why, with the platform's reason (the toast's words are the view's).
 */
export function navigationTypeNotSaved(input: {
  readonly switchedTo: NavigationType
  readonly failure: Failure
  /** The toast's id. */
  readonly id: string
}): ReadonlyArray<EventOf<typeof NavigationTypeSaveFailed> | EventOf<typeof Shown>> {
  return [
    NavigationTypeSaveFailed({ type: otherNavigationType(input.switchedTo), failure: input.failure }),
    Shown({
      id: input.id,
      kind: 'error',
      message: { key: 'navigationTypeNotSaved', detail: input.failure.message },
    }),
  ]
}
