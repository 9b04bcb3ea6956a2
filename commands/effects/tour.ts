import { EMPTY, mergeMap } from 'rxjs'
import { TourCompletionRead } from '../../domain/tour/events'
import { caused, type Effect, type EffectTable } from './types'
import { ofType } from './operators'

/** Local-storage key of the date a user finished the navigation tour (a UI fact, never a secret). */
export const tourCompletedKey = (user: string) => `navigationTour.completedAt.${user}`

/** Remembers per user that the tour was finished, and reads it back when the user is known. */
const tourCompletion: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('tour/Ended', 'session/UserDataLoaded'),
    mergeMap((envelope) => {
      const event = envelope.event
      if (event.type === 'tour/Ended') {
        if (event.data.completed) ports.localStore.set(tourCompletedKey(event.data.user), envelope.at)
        return EMPTY
      }
      const user = event.data.user.name
      const at = ports.localStore.get(tourCompletedKey(user))
      // Only a date is taken back: storage is the user's to edit.
      return at !== null && !Number.isNaN(Date.parse(at))
        ? [caused(envelope, TourCompletionRead({ user, at: new Date(Date.parse(at)).toISOString() }))]
        : EMPTY
    }),
  )

export const tourEffects: EffectTable = { tourCompletion }
