import { exhaustMap, mergeMap, switchMap } from 'rxjs'
import {
  EducationFeedbackFailed,
  EducationFeedbackSaved,
  EducationProgressLoaded,
  EducationProgressLoadFailed,
  EducationVideoPlayFailed,
} from '../../domain/education/events'
import type { Effect, EffectTable } from './types'
import { ofType, request } from './operators'

/** Asks for the user's education progress as the education center opens. */
const loadEducationProgress: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('education/CenterOpened'),
    switchMap((envelope) => {
      const { requestId } = envelope.event.data
      return request(envelope, () => ports.educationApi.educationProgress(), {
        done: (progress) =>
          EducationProgressLoaded({
            requestId,
            progress: { played: [...progress.played], feedbackGiven: progress.feedbackGiven },
          }),
        failed: (failure) => EducationProgressLoadFailed({ requestId, failure }),
      })
    }),
  )

/** Remembers a played video on the platform; only a failure is recorded. */
const saveVideoPlayed: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('education/VideoPlayed'),
    mergeMap((envelope) => {
      const { video } = envelope.event.data
      return request(envelope, () => ports.educationApi.markVideoPlayed(video), {
        done: () => [],
        failed: (failure) => EducationVideoPlayFailed({ video, failure }),
      })
    }),
  )

const sendEducationFeedback: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('education/FeedbackSent'),
    exhaustMap((envelope) =>
      request(envelope, () => ports.educationApi.sendEducationFeedback(envelope.event.data), {
        done: () => EducationFeedbackSaved({}),
        failed: (failure) => EducationFeedbackFailed({ failure }),
      }),
    ),
  )

// Effects of the education area: each calls a port and turns the answer into an event.
export const educationEffects: EffectTable = {
  loadEducationProgress,
  saveVideoPlayed,
  sendEducationFeedback,
}
