import { filter, from, map, switchMap } from 'rxjs'
import { isLeft, left } from 'fp-ts/Either'
import type { Result } from '../../adapters/ports'
import type { TopologyNode } from '../../domain/serviceStatus/types'
import { TopologyLoadFailed, TopologyLoaded } from '../../domain/serviceStatus/events'
import { caused, type Effect, type EffectTable } from './types'

/** Loads the topology; a newer request supersedes an older one (switchMap). */
const loadTopology: Effect = (events$, _state$, ports) =>
  events$.pipe(
    filter((e) => e.event.type === 'serviceStatus/TopologyRequested'),
    switchMap((envelope) => {
      const requestId = (envelope.event.data as { requestId: string }).requestId
      const answer$ = ports.serviceStatusApi
        .topology()
        .catch((error: unknown): Result<ReadonlyArray<TopologyNode>> =>
          left({ kind: 'network', message: error instanceof Error ? error.message : String(error) }),
        )
      return from(answer$).pipe(
        map((answer) =>
          caused(
            envelope,
            isLeft(answer)
              ? TopologyLoadFailed({ requestId, failure: answer.left })
              : TopologyLoaded({
                  requestId,
                  nodes: answer.right.map((n) => ({ ...n, microServices: [...n.microServices] })),
                  at: new Date(ports.clock.now()).toISOString(),
                }),
          ),
        ),
      )
    }),
  )

export const serviceStatusEffects: EffectTable = { loadTopology }
