import { mergeMap, switchMap } from 'rxjs'
import { LoadFailed, Loaded, SaveFailed, Saved, TestFailed, Tested } from '../../domain/security/events'
import { problemsOfRefusal } from '../../domain/security/rules'
import { ofType, request } from './operators'
import type { Effect, EffectTable } from './types'

const load: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('security/LoadRequested'),
    mergeMap((env) => {
      const { page, requestId } = env.event.data
      return request(env, () => ports.securityApi.load(page), {
        done: (values) => Loaded({ page, requestId, values }),
        failed: (failure) => LoadFailed({ page, requestId, failure }),
      })
    }),
  )

const save: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('security/SaveRequested'),
    mergeMap((env) => {
      const { page, requestId, values, secretRef } = env.event.data
      // The secret leaves the vault here, once, straight into the request.
      const secret = secretRef === null ? undefined : ports.secrets.take(secretRef)
      return request(env, () => ports.securityApi.save(page, values, secret), {
        done: (saved) => Saved({ page, requestId, values: saved }),
        failed: (failure) =>
          SaveFailed({ page, requestId, failure, problems: { ...problemsOfRefusal(failure) } }),
      })
    }),
  )

const test: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('security/TestRequested'),
    switchMap((env) => {
      const { page, requestId, target } = env.event.data
      return request(env, () => ports.securityApi.test(page, target), {
        done: (found) => Tested({ page, requestId, found: { ...found } }),
        failed: (failure) => TestFailed({ page, requestId, failure }),
      })
    }),
  )

export const securityEffects: EffectTable = { load, save, test }
