import { catchError, concatMap, EMPTY, exhaustMap, from, map, mergeMap, of, switchMap } from 'rxjs'
import { isLeft } from 'fp-ts/Either'
import type { AppEvent } from '../../domain/app'
import {
  ContactRequestAccepted,
  ContactRequestFailed,
  ContactRequestsLoaded,
  ContactRequestsLoadFailed,
  GettingStartedSaved,
  GettingStartedSaveFailed,
  ProjectCreated,
  ProjectCreationFailed,
  PersonalizationLoaded,
  PersonalizationLoadFailed,
  PersonalizationSendFailed,
  PersonalizationSent,
} from '../../domain/onboarding/events'
import {
  decodePersonalization,
  encodePersonalization,
  personalizationChoices,
  PERSONALIZATION_STORAGE_KEY,
} from '../../domain/onboarding/personalization'
import { caused, type Effect, type EffectTable } from './types'
import { ofType, request, settle, thrown } from './operators'

/** Saves the getting-started flag the decider set. */
const saveGettingStarted: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('onboarding/GettingStartedSeen'),
    concatMap((envelope) =>
      request(envelope, () => ports.onboardingApi.saveGettingStartedSeen(), {
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
    ofType('onboarding/ProjectCreationRequested'),
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
        catchError((error: unknown) => of(ProjectCreationFailed({ failure: thrown(error) }))),
        map((event) => caused(envelope, event)),
      )
    }),
  )

/** Sends the contact request the decider accepted; the answer (or the failure) becomes an event. */
const sendContactRequest: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('onboarding/ContactRequestPosted'),
    exhaustMap((envelope) =>
      request(envelope, () => ports.onboardingApi.sendContactRequest(envelope.event.data.request), {
        done: (value) => ContactRequestAccepted({ schedulingLink: value.schedulingLink }),
        failed: (failure) => ContactRequestFailed({ failure }),
      }),
    ),
  )

/** Loads the contact requests for the admin page; a newer request wins. */
const loadContactRequests: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('onboarding/ContactRequestsRequested'),
    switchMap((envelope) =>
      request(envelope, () => ports.onboardingApi.contactRequests(), {
        done: (value) => ContactRequestsLoaded({ requests: [...value] }),
        failed: (failure) => ContactRequestsLoadFailed({ failure }),
      }),
    ),
  )

/**
 * Asks the platform whether it has the user's personalization, with what local storage kept
 * (a bad stored value reads as none). Once the platform has it, the stored data is removed.
 */
const loadPersonalization: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('onboarding/PersonalizationRequested'),
    switchMap((envelope) => {
      const { requestId } = envelope.event.data
      return request(envelope, () => ports.onboardingApi.personalizationStatus(), {
        done: ({ sent }) => {
          if (sent) ports.localStore.remove(PERSONALIZATION_STORAGE_KEY)
          const stored = sent
            ? null
            : decodePersonalization(ports.localStore.get(PERSONALIZATION_STORAGE_KEY))
          return PersonalizationLoaded({ requestId, sent, stored })
        },
        failed: (failure) => PersonalizationLoadFailed({ requestId, failure }),
      })
    }),
  )

/** Each step completed or shown is kept in local storage, encoded, until the data is sent. */
const storePersonalization: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('onboarding/PersonalizationStepCompleted', 'onboarding/PersonalizationStepShown'),
    mergeMap(({ event }) => {
      if (event.data.data)
        ports.localStore.set(PERSONALIZATION_STORAGE_KEY, encodePersonalization(event.data.data))
      return EMPTY
    }),
  )

/** Sends the choices; once the platform has them the stored data is removed. */
const sendPersonalization: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('onboarding/PersonalizationSendRequested'),
    exhaustMap((envelope) =>
      request(
        envelope,
        () => ports.onboardingApi.sendPersonalization(personalizationChoices(envelope.event.data.data)),
        {
          done: () => {
            ports.localStore.remove(PERSONALIZATION_STORAGE_KEY)
            return PersonalizationSent({})
          },
          failed: (failure) => PersonalizationSendFailed({ failure }),
        },
      ),
    ),
  )

// Effects of the onboarding area: each calls a port and turns the answer into an event.
export const onboardingEffects: EffectTable = {
  saveGettingStarted,
  createProject,
  sendContactRequest,
  loadContactRequests,
  loadPersonalization,
  storePersonalization,
  sendPersonalization,
}
