import { catchError, concatMap, exhaustMap, from, map, of } from 'rxjs'
import { isLeft } from 'fp-ts/Either'
import type { AppEvent } from '../../domain/app'
import {
  GettingStartedSaved,
  GettingStartedSaveFailed,
  ProjectCreated,
  ProjectCreationFailed,
} from '../../domain/gettingStarted/events'
import { caused, type Effect, type EffectTable } from './types'
import { ofType, request, settle, thrown } from './operators'

/** Saves the getting-started flag the decider set. */
const saveGettingStarted: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('gettingStarted/Seen'),
    concatMap((envelope) =>
      request(envelope, () => ports.gettingStartedApi.saveGettingStartedSeen(), {
        done: () => GettingStartedSaved({}),
        failed: (failure) => GettingStartedSaveFailed({ failure }),
      }),
    ),
  )

/**
 * Sends the questionnaire's answers, then creates the project they name. The answers are saved
 * first so that a refused project (say, a key already taken) keeps them on the platform too.
 */
const createProject: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('gettingStarted/ProjectCreationRequested'),
    exhaustMap((envelope) => {
      const { answers } = envelope.event.data
      const run = async (): Promise<AppEvent> => {
        const saved = await settle(() => ports.gettingStartedApi.saveQuestionnaire(answers))
        if (isLeft(saved)) return ProjectCreationFailed({ failure: saved.left })
        const created = await settle(() =>
          ports.adminApi.createProject({
            key: answers.projectKey,
            name: answers.projectName.trim(),
            description: '',
          }),
        )
        return isLeft(created)
          ? ProjectCreationFailed({ failure: created.left })
          : ProjectCreated({ project: { key: created.right.key, name: created.right.name } })
      }
      return from(run()).pipe(
        catchError((error: unknown) => of(ProjectCreationFailed({ failure: thrown(error) }))),
        map((event) => caused(envelope, event)),
      )
    }),
  )

// Effects of the getting-started area: each calls a port and turns the answer into an event.
export const gettingStartedEffects: EffectTable = {
  saveGettingStarted,
  createProject,
}
