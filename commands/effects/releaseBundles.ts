import { filter, from, map, switchMap } from 'rxjs'
import { isLeft } from 'fp-ts/Either'
import type { AppEvent } from '../../domain/app'
import type { Envelope } from '../../domain/shared/area'
import { LookupFailed, LookupLoaded } from '../../domain/releaseBundles/events'
import { caused, type Effect, type EffectTable } from './types'

/** How many bundles one lookup lists. */
export const LOOKUP_ROWS = 100

type Requested = Envelope<Extract<AppEvent, { type: 'releaseBundles/LookupRequested' }>>

const lookup: Effect = (events$, _state$, ports) =>
  events$.pipe(
    filter((e): e is Requested => e.event.type === 'releaseBundles/LookupRequested'),
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
