import { switchMap } from 'rxjs'
import { LookupFailed, LookupLoaded } from '../../domain/releaseBundles/events'
import type { Effect, EffectTable } from './types'
import { ofType, request } from './operators'

/** How many bundles one lookup lists. */
export const LOOKUP_ROWS = 100

const lookup: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('releaseBundles/LookupRequested'),
    switchMap((env) => {
      const { requestId, checksum } = env.event.data
      return request(env, () => ports.releaseBundlesApi.byChecksum(checksum, LOOKUP_ROWS), {
        done: (bundles) => LookupLoaded({ requestId, bundles: [...bundles] }),
        failed: (failure) => LookupFailed({ requestId, failure }),
      })
    }),
  )

// Effects of the releaseBundles area: each calls a port and turns the answer into an event.
export const releaseBundlesEffects: EffectTable = { lookup }
