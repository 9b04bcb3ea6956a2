import { from, map, switchMap } from 'rxjs'
import { isLeft } from 'fp-ts/Either'
import { LookupFailed, LookupLoaded } from '../../domain/releaseBundles/events'
import { caused, type Effect, type EffectTable } from './types'
import { ofType } from './operators'

/** How many bundles one lookup lists. */
export const LOOKUP_ROWS = 100

const lookup: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('releaseBundles/LookupRequested'),
    switchMap((env) => {
      const { requestId, checksum } = env.event.data
      return from(
        ports.releaseBundlesApi
          .byChecksum(checksum, LOOKUP_ROWS)
          .then((answer) =>
            isLeft(answer)
              ? LookupFailed({ requestId, failure: answer.left })
              : LookupLoaded({ requestId, bundles: [...answer.right] }),
          )
          .catch((error: unknown) =>
            LookupFailed({
              requestId,
              failure: { kind: 'network', message: error instanceof Error ? error.message : String(error) },
            }),
          ),
      ).pipe(map((event) => caused(env, event)))
    }),
  )

// Effects of the releaseBundles area: each calls a port and turns the answer into an event.
export const releaseBundlesEffects: EffectTable = { lookup }
