import { filter, from, map, mergeMap, switchMap } from 'rxjs'
import { isLeft } from 'fp-ts/Either'
import type { AppEvent } from '../../domain/app'
import type { Envelope } from '../../domain/shared/area'
import type { Failure } from '../../domain/shared/failure'
import { LoadFailed, Loaded, SaveFailed, Saved, TestFailed, Tested } from '../../domain/security/events'
import { problemsOfRefusal } from '../../domain/security/rules'
import { caused, type Effect, type EffectTable } from './types'

type Of<T extends AppEvent['type']> = Envelope<Extract<AppEvent, { type: T }>>
const is =
  <T extends AppEvent['type']>(type: T) =>
  (e: Envelope<AppEvent>): e is Of<T> =>
    e.event.type === type

const thrown = (error: unknown): Failure => ({
  kind: 'network',
  message: error instanceof Error ? error.message : String(error),
})

const load: Effect = (events$, _state$, ports) =>
  events$.pipe(
    filter(is('security/LoadRequested')),
    mergeMap((env) => {
      const { page, requestId } = env.event.data
      return from(
        ports.securityApi
          .load(page)
          .then((a) =>
            isLeft(a)
              ? LoadFailed({ page, requestId, failure: a.left })
              : Loaded({ page, requestId, values: a.right }),
          )
          .catch((error: unknown) => LoadFailed({ page, requestId, failure: thrown(error) })),
      ).pipe(map((event) => caused(env, event)))
    }),
  )

const save: Effect = (events$, _state$, ports) =>
  events$.pipe(
    filter(is('security/SaveRequested')),
    mergeMap((env) => {
      const { page, requestId, values, secretRef } = env.event.data
      // The secret leaves the vault here, once, straight into the request.
      const secret = secretRef === null ? undefined : ports.secrets.take(secretRef)
      return from(
        ports.securityApi
          .save(page, values, secret)
          .then((a) =>
            isLeft(a)
              ? SaveFailed({ page, requestId, failure: a.left, problems: { ...problemsOfRefusal(a.left) } })
              : Saved({ page, requestId, values: a.right }),
          )
          .catch((error: unknown) => SaveFailed({ page, requestId, failure: thrown(error), problems: {} })),
      ).pipe(map((event) => caused(env, event)))
    }),
  )

const test: Effect = (events$, _state$, ports) =>
  events$.pipe(
    filter(is('security/TestRequested')),
    switchMap((env) => {
      const { page, requestId, target } = env.event.data
      return from(
        ports.securityApi
          .test(page, target)
          .then((a) =>
            isLeft(a)
              ? TestFailed({ page, requestId, failure: a.left })
              : Tested({ page, requestId, found: { ...a.right } }),
          )
          .catch((error: unknown) => TestFailed({ page, requestId, failure: thrown(error) })),
      ).pipe(map((event) => caused(env, event)))
    }),
  )

export const securityEffects: EffectTable = { load, save, test }
