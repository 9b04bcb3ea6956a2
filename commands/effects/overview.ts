import { distinctUntilChanged, EMPTY, map, switchMap, timer } from 'rxjs'
import { Failed, Loaded, Requested } from '../../domain/overview/events'
import { awaitsStorageCache } from '../../domain/overview/rules'
import { findRoute } from '../../domain/navigation/routes'
import { ofType, request } from './operators'
import type { Effect, EffectTable } from './types'

/** How long to wait before asking again while the platform calculates its storage cache. */
export const STORAGE_CACHE_POLL_MS = 2000

const load: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('overview/Requested'),
    switchMap((env) => {
      const { requestId } = env.event.data
      return request(env, () => ports.overviewApi.load(), {
        done: (overview) => Loaded({ requestId, overview }),
        failed: (failure) => Failed({ requestId, failure }),
      })
    }),
  )

/** While the overview is open and the storage cache is being calculated, ask again every 2 s. */
const pollStorageCache: Effect = (_events$, state$, ports) =>
  state$.pipe(
    map(
      (state) =>
        awaitsStorageCache(state.overview) &&
        findRoute(state.navigation.location.path)?.route.area === 'overview',
    ),
    distinctUntilChanged(),
    switchMap((waiting) =>
      waiting
        ? timer(STORAGE_CACHE_POLL_MS, ports.scheduler).pipe(
            map(() => Requested({ requestId: ports.ids.next() })),
          )
        : EMPTY,
    ),
  )

// Effects of the overview area: each calls a port and turns the answer into an event.
export const overviewEffects: EffectTable = { load, pollStorageCache }
