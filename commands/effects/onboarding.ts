import { catchError, concatMap, exhaustMap, filter, from, map, of } from 'rxjs'
import { isLeft, left, type Either } from 'fp-ts/Either'
import type { AppEvent } from '../../domain/app'
import type { Envelope } from '../../domain/shared/area'
import type { Failure } from '../../domain/shared/failure'
import {
  GettingStartedSaved,
  GettingStartedSaveFailed,
  ProjectCreated,
  ProjectCreationFailed,
} from '../../domain/onboarding/events'
import { caused, type Effect, type EffectTable } from './types'

const settle = <A>(call: () => Promise<Either<Failure, A>>): Promise<Either<Failure, A>> =>
  call().catch((error: unknown): Either<Failure, A> =>
    left({ kind: 'network', message: error instanceof Error ? error.message : String(error) }),
  )

const ofType =
  <T extends AppEvent['type']>(type: T) =>
  (e: Envelope<AppEvent>): e is Envelope<Extract<AppEvent, { type: T }>> =>
    e.event.type === type

/** Saves the getting-started flag the decider set. */
const saveGettingStarted: Effect = (events$, _state$, ports) =>
  events$.pipe(
    filter(ofType('onboarding/GettingStartedSeen')),
    concatMap((envelope) =>
      from(settle(() => ports.onboardingApi.saveGettingStartedSeen())).pipe(
        map((answer) =>
          caused(
            envelope,
            isLeft(answer) ? GettingStartedSaveFailed({ failure: answer.left }) : GettingStartedSaved({}),
          ),
        ),
      ),
    ),
  )

/**
 * Sends the questionnaire's answers, then creates the project they name. The answers are saved
 * first so that a refused project (say, a key already taken) keeps them on the platform too.
 */
const createProject: Effect = (events$, _state$, ports) =>
  events$.pipe(
    filter(ofType('onboarding/ProjectCreationRequested')),
    exhaustMap((envelope) => {
      const { answers } = envelope.event.data
      const run = async (): Promise<AppEvent> => {
        const saved = await settle(() => ports.onboardingApi.saveQuestionnaire(answers))
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
        catchError((error: unknown) =>
          of(
            ProjectCreationFailed({
              failure: { kind: 'network', message: error instanceof Error ? error.message : String(error) },
            }),
          ),
        ),
        map((event) => caused(envelope, event)),
      )
    }),
  )

// Effects of the onboarding area: each calls a port and turns the answer into an event.
export const onboardingEffects: EffectTable = { saveGettingStarted, createProject }
