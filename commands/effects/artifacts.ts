import { Observable, filter, from, map, mergeMap, switchMap } from 'rxjs'
import { isLeft } from 'fp-ts/Either'
import {
  ChildrenFailed,
  ChildrenLoaded,
  DeleteFailed,
  Deleted,
  Deployed,
  DeployFailed,
  DeployProgressed,
  InfoFailed,
  InfoLoaded,
  RepositoriesFailed,
  RepositoriesLoaded,
} from '../../domain/artifacts/events'
import { progressWorthRecording } from '../../domain/artifacts/rules'
import { caused, isEvent, thrownFailure, type Effect, type EffectOutput, type EffectTable } from './types'

const repositories: Effect = (events$, _state$, ports) =>
  events$.pipe(
    filter(isEvent('artifacts/RepositoriesRequested')),
    switchMap((env) => {
      const { requestId } = env.event.data
      return from(
        ports.artifactsApi
          .repositories()
          .then((a) =>
            isLeft(a)
              ? RepositoriesFailed({ requestId, failure: a.left })
              : RepositoriesLoaded({ requestId, repositories: [...a.right] }),
          )
          .catch((error: unknown) => RepositoriesFailed({ requestId, failure: thrownFailure(error) })),
      ).pipe(map((event) => caused(env, event)))
    }),
  )

// Pages of different folders load side by side; a folder's older page is ignored by evolve.
const children: Effect = (events$, _state$, ports) =>
  events$.pipe(
    filter(isEvent('artifacts/ChildrenRequested')),
    mergeMap((env) => {
      const { requestId, repoKey, path, offset, limit } = env.event.data
      return from(
        ports.artifactsApi
          .children(repoKey, path, offset, limit)
          .then((a) =>
            isLeft(a)
              ? ChildrenFailed({ requestId, repoKey, path, failure: a.left })
              : ChildrenLoaded({
                  requestId,
                  repoKey,
                  path,
                  offset,
                  children: [...a.right.children],
                  total: a.right.total,
                }),
          )
          .catch((error: unknown) =>
            ChildrenFailed({ requestId, repoKey, path, failure: thrownFailure(error) }),
          ),
      ).pipe(map((event) => caused(env, event)))
    }),
  )

const info: Effect = (events$, _state$, ports) =>
  events$.pipe(
    filter(isEvent('artifacts/InfoRequested')),
    switchMap((env) => {
      const { requestId, repoKey, path } = env.event.data
      return from(
        ports.artifactsApi
          .info(repoKey, path)
          .then((a) =>
            isLeft(a)
              ? InfoFailed({ requestId, repoKey, path, failure: a.left })
              : InfoLoaded({ requestId, info: a.right }),
          )
          .catch((error: unknown) => InfoFailed({ requestId, repoKey, path, failure: thrownFailure(error) })),
      ).pipe(map((event) => caused(env, event)))
    }),
  )

const deploy: Effect = (events$, _state$, ports) =>
  events$.pipe(
    filter(isEvent('artifacts/DeployRequested')),
    mergeMap(
      (env) =>
        new Observable<EffectOutput>((out) => {
          const { requestId, repoKey, path, fileRef } = env.event.data
          const file = ports.files.take(fileRef)
          if (!file) {
            out.next(
              caused(
                env,
                DeployFailed({
                  requestId,
                  repoKey,
                  path,
                  failure: {
                    kind: 'network',
                    message: 'the chosen file is no longer available: choose it again',
                  },
                }),
              ),
            )
            out.complete()
            return
          }
          let recorded = 0
          ports.artifactsApi
            .deploy(repoKey, path, file, (loaded, total) => {
              if (out.closed || !progressWorthRecording(recorded, loaded, total)) return
              recorded = loaded
              out.next(caused(env, DeployProgressed({ requestId, loaded, total })))
            })
            .then((a) =>
              isLeft(a)
                ? DeployFailed({ requestId, repoKey, path, failure: a.left })
                : Deployed({ requestId, repoKey, path, sha256: a.right.sha256, size: a.right.size }),
            )
            .catch((error: unknown) =>
              DeployFailed({ requestId, repoKey, path, failure: thrownFailure(error) }),
            )
            .then((event) => {
              out.next(caused(env, event))
              out.complete()
            })
        }),
    ),
  )

const remove: Effect = (events$, _state$, ports) =>
  events$.pipe(
    filter(isEvent('artifacts/DeleteRequested')),
    mergeMap((env) => {
      const { requestId, repoKey, path } = env.event.data
      return from(
        ports.artifactsApi
          .remove(repoKey, path)
          .then((a) =>
            isLeft(a)
              ? DeleteFailed({ requestId, repoKey, path, failure: a.left })
              : Deleted({ requestId, repoKey, path }),
          )
          .catch((error: unknown) =>
            DeleteFailed({ requestId, repoKey, path, failure: thrownFailure(error) }),
          ),
      ).pipe(map((event) => caused(env, event)))
    }),
  )

// Effects of the artifacts area: each calls a port and turns the answer into an event.
export const artifactsEffects: EffectTable = { repositories, children, info, deploy, remove }
