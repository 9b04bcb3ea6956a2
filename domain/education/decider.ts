/**
 * The education center: the panel, the module shown, the videos the platform says were played,
 * and the feedback on a module. It decides on its own slice; all it reads of the rest of the
 * state is whether a user is signed in.
 */
import { isLeft, left, right, type Either } from 'fp-ts/Either'
import type { SliceArea } from '../shared/area'
import { isSignedIn, type SessionSlices } from '../session'
import { EDUCATION_MODULES, EDUCATION_VIDEO_IDS, validateFeedbackComment } from './rules'
import {
  EducationCenterClosed,
  EducationCenterOpened,
  educationEvents,
  EducationFeedbackSent,
  EducationModuleShown,
  EducationVideoPlayed,
  type EducationEvent,
} from './events'
import type { EducationCommand } from './commands'
import { initialEducationState, type EducationCenterState, type EducationState } from './types'
import { educationCommandCodecs } from './commandCodecs.gen'

/** What the education center reads of the rest of the state. */
export interface EducationContext {
  readonly signedIn: boolean
}

function evolveCenter(
  e: EducationCenterState | undefined,
  event: EducationEvent,
): EducationCenterState | undefined {
  if (event.type === 'education/CenterOpened')
    return {
      open: true,
      module: e?.module ?? 'gettingStarted',
      // Progress already loaded stays shown while it is asked again.
      progress:
        e?.progress.status === 'loaded' ? e.progress : { status: 'loading', requestId: event.data.requestId },
      feedback: e?.feedback.status === 'given' ? e.feedback : { status: 'none' },
    }
  if (!e) return e
  switch (event.type) {
    case 'education/CenterClosed':
      return { ...e, open: false }
    case 'education/ProgressLoaded':
      return {
        ...e,
        progress: { status: 'loaded', played: event.data.progress.played },
        feedback: event.data.progress.feedbackGiven ? { status: 'given' } : e.feedback,
      }
    case 'education/ProgressLoadFailed':
      return e.progress.status === 'loaded'
        ? e
        : { ...e, progress: { status: 'failed', failure: event.data.failure } }
    case 'education/ModuleShown':
      return { ...e, module: event.data.module }
    case 'education/VideoPlayed': {
      const played = e.progress.status === 'loaded' ? e.progress.played : []
      return played.includes(event.data.video)
        ? e
        : { ...e, progress: { status: 'loaded', played: [...played, event.data.video] } }
    }
    case 'education/FeedbackSent':
      return { ...e, feedback: { status: 'sending' } }
    case 'education/FeedbackSaved':
      return { ...e, feedback: { status: 'given' } }
    case 'education/FeedbackFailed':
      return { ...e, feedback: { status: 'failed', failure: event.data.failure } }
    default:
      return e
  }
}

export const educationArea: SliceArea<
  'education',
  EducationState,
  EducationCommand,
  EducationEvent,
  EducationContext,
  never,
  SessionSlices
> = {
  key: 'education',
  commands: educationCommandCodecs,
  initialState: initialEducationState,
  events: educationEvents,
  evolvesOn: [],
  contextOf: (state) => ({ signedIn: isSignedIn(state) }),
  decide(command, { center: e }, { signedIn }, meta): Either<string, ReadonlyArray<EducationEvent>> {
    switch (command.type) {
      case 'education/Open': {
        if (!signedIn) return left('the education center is for signed-in users')
        if (command.module !== undefined && !EDUCATION_MODULES.includes(command.module))
          return left(`no module ${String(command.module)}`)
        const shown =
          command.module !== undefined && command.module !== (e?.module ?? 'gettingStarted')
            ? [EducationModuleShown({ module: command.module })]
            : []
        return e?.open ? right(shown) : right([EducationCenterOpened({ requestId: meta.id }), ...shown])
      }
      case 'education/Close':
        return e?.open ? right([EducationCenterClosed({})]) : right([])
    }
    if (!e?.open) return left('the education center is not open')
    switch (command.type) {
      case 'education/ShowModule':
        if (!EDUCATION_MODULES.includes(command.module)) return left(`no module ${String(command.module)}`)
        return command.module === e.module
          ? right([])
          : right([EducationModuleShown({ module: command.module })])
      case 'education/MarkVideoPlayed':
        if (!EDUCATION_VIDEO_IDS.includes(command.video)) return left(`no video ${String(command.video)}`)
        // Played once is remembered: playing it again records nothing.
        if (e.progress.status === 'loaded' && e.progress.played.includes(command.video)) return right([])
        return right([EducationVideoPlayed({ video: command.video })])
      case 'education/SendFeedback': {
        if (e.feedback.status === 'sending') return left('the feedback is being sent')
        if (e.feedback.status === 'given') return left('feedback is already given')
        const comment = validateFeedbackComment(command.comment)
        if (isLeft(comment)) return left(comment.left)
        return right([
          EducationFeedbackSent({ module: e.module, helpful: command.helpful, comment: comment.right }),
        ])
      }
    }
  },
  evolve(slice, event) {
    const center = evolveCenter(slice.center, event)
    return center === slice.center || center === undefined ? slice : { ...slice, center }
  },
}
