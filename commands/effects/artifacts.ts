import { Observable, mergeMap, switchMap } from 'rxjs'
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
import { ofType, request, settle } from './operators'
import { caused, type Effect, type EffectOutput, type EffectTable } from './types'

const repositories: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('artifacts/RepositoriesRequested'),
    switchMap((env) => {
      const { requestId } = env.event.data
      return request(env, () => ports.artifactsApi.repositories(), {
        done: (repositories) => RepositoriesLoaded({ requestId, repositories: [...repositories] }),
        failed: (failure) => RepositoriesFailed({ requestId, failure }),
      })
    }),
  )

// Pages of different folders load side by side; a folder's older page is ignored by evolve.
const children: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('artifacts/ChildrenRequested'),
    mergeMap((env) => {
      const { requestId, repoKey, path, offset, limit } = env.event.data
      return request(env, () => ports.artifactsApi.children(repoKey, path, offset, limit), {
        done: ({ children, total }) =>
          ChildrenLoaded({ requestId, repoKey, path, offset, children: [...children], total }),
        failed: (failure) => ChildrenFailed({ requestId, repoKey, path, failure }),
      })
    }),
  )

const info: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('artifacts/InfoRequested'),
    switchMap((env) => {
      const { requestId, repoKey, path } = env.event.data
      return request(env, () => ports.artifactsApi.info(repoKey, path), {
        done: (info) => InfoLoaded({ requestId, info }),
        failed: (failure) => InfoFailed({ requestId, repoKey, path, failure }),
      })
    }),
  )

const deploy: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('artifacts/DeployRequested'),
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
          settle(() =>
            ports.artifactsApi.deploy(repoKey, path, file, (loaded, total) => {
              if (out.closed || !progressWorthRecording(recorded, loaded, total)) return
              recorded = loaded
              out.next(caused(env, DeployProgressed({ requestId, loaded, total })))
            }),
          )
            .then((a) =>
              isLeft(a)
                ? DeployFailed({ requestId, repoKey, path, failure: a.left })
                : Deployed({ requestId, repoKey, path, sha256: a.right.sha256, size: a.right.size }),
            )
            .then((event) => {
              out.next(caused(env, event))
              out.complete()
            })
        }),
    ),
  )

// A file or folder, or (from a docker tag's manifest.json) the image manifest it names.
const remove: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('artifacts/DeleteRequested', 'artifacts/ImageManifestDeleteRequested'),
    mergeMap((env) => {
      const { requestId, repoKey, path } = env.event.data
      const api = ports.artifactsApi
      const call =
        env.event.type === 'artifacts/ImageManifestDeleteRequested'
          ? () => api.removeImageManifest(repoKey, path)
          : () => api.remove(repoKey, path)
      return request(env, call, {
        done: () => Deleted({ requestId, repoKey, path }),
        failed: (failure) => DeleteFailed({ requestId, repoKey, path, failure }),
      })
    }),
  )

// Effects of the artifacts area: each calls a port and turns the answer into an event.
export const artifactsEffects: EffectTable = { repositories, children, info, deploy, remove }
