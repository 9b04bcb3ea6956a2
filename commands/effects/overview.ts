import { filter, from, map, switchMap } from 'rxjs'
import { isLeft } from 'fp-ts/Either'
import { Failed, Loaded } from '../../domain/overview/events'
import { caused, isEvent, thrownFailure, type Effect, type EffectTable } from './types'

const load: Effect = (events$, _state$, ports) =>
  events$.pipe(
    filter(isEvent('overview/Requested')),
    switchMap((env) => {
      const { requestId } = env.event.data
      return from(
        ports.overviewApi
          .load()
          .then((a) =>
            isLeft(a) ? Failed({ requestId, failure: a.left }) : Loaded({ requestId, overview: a.right }),
          )
          .catch((error: unknown) => Failed({ requestId, failure: thrownFailure(error) })),
      ).pipe(map((event) => caused(env, event)))
    }),
  )

// Effects of the overview area: each calls a port and turns the answer into an event.
export const overviewEffects: EffectTable = { load }
