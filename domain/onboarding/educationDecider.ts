/**
 * The education center: the panel, the module shown, the videos the platform says were played,
 * and the feedback on a module.
 */
import { isLeft, left, right } from 'fp-ts/Either'
import { isSignedIn, type SessionSlices } from '../session'
import { EDUCATION_MODULES, EDUCATION_VIDEO_IDS, validateFeedbackComment } from './education'
import {
  EducationCenterClosed,
  EducationCenterOpened,
  educationEvents,
  EducationFeedbackSent,
  EducationModuleShown,
  EducationVideoPlayed,
} from './events'
import { typesOf, type OnboardingPart, type OnboardingPartEvent } from './part'
import type { EducationCenterState } from './types'

/** What the education center reads of the rest of the state. */
export interface EducationContext {
  readonly signedIn: boolean
}

function evolveCenter(
  e: EducationCenterState | undefined,
  event: OnboardingPartEvent,
): EducationCenterState | undefined {
  if (event.type === 'onboarding/EducationCenterOpened')
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
    case 'onboarding/EducationCenterClosed':
      return { ...e, open: false }
    case 'onboarding/EducationProgressLoaded':
      return {
        ...e,
        progress: { status: 'loaded', played: event.data.progress.played },
        feedback: event.data.progress.feedbackGiven ? { status: 'given' } : e.feedback,
      }
    case 'onboarding/EducationProgressLoadFailed':
      return e.progress.status === 'loaded'
        ? e
        : { ...e, progress: { status: 'failed', failure: event.data.failure } }
    case 'onboarding/EducationModuleShown':
      return { ...e, module: event.data.module }
    case 'onboarding/EducationVideoPlayed': {
      const played = e.progress.status === 'loaded' ? e.progress.played : []
      return played.includes(event.data.video)
        ? e
        : { ...e, progress: { status: 'loaded', played: [...played, event.data.video] } }
    }
    case 'onboarding/EducationFeedbackSent':
      return { ...e, feedback: { status: 'sending' } }
    case 'onboarding/EducationFeedbackSaved':
      return { ...e, feedback: { status: 'given' } }
    case 'onboarding/EducationFeedbackFailed':
      return { ...e, feedback: { status: 'failed', failure: event.data.failure } }
    default:
      return e
  }
}

export const educationPart: OnboardingPart<
  'educationCenter',
  | 'onboarding/OpenEducationCenter'
  | 'onboarding/CloseEducationCenter'
  | 'onboarding/ShowEducationModule'
  | 'onboarding/MarkEducationVideoPlayed'
  | 'onboarding/SendEducationFeedback',
  EducationContext,
  never,
  SessionSlices
> = {
  fields: ['educationCenter'],
  commandTypes: [
    'onboarding/OpenEducationCenter',
    'onboarding/CloseEducationCenter',
    'onboarding/ShowEducationModule',
    'onboarding/MarkEducationVideoPlayed',
    'onboarding/SendEducationFeedback',
  ],
  eventTypes: typesOf(...educationEvents),
  contextOf: (state) => ({ signedIn: isSignedIn(state) }),
  decide(command, { educationCenter: e }, { signedIn }, meta) {
    switch (command.type) {
      case 'onboarding/OpenEducationCenter': {
        if (!signedIn) return left('the education center is for signed-in users')
        if (command.module !== undefined && !EDUCATION_MODULES.includes(command.module))
          return left(`no module ${String(command.module)}`)
        const shown =
          command.module !== undefined && command.module !== (e?.module ?? 'gettingStarted')
            ? [EducationModuleShown({ module: command.module })]
            : []
        return e?.open ? right(shown) : right([EducationCenterOpened({ requestId: meta.id }), ...shown])
      }
      case 'onboarding/CloseEducationCenter':
        return e?.open ? right([EducationCenterClosed({})]) : right([])
    }
    if (!e?.open) return left('the education center is not open')
    switch (command.type) {
      case 'onboarding/ShowEducationModule':
        if (!EDUCATION_MODULES.includes(command.module)) return left(`no module ${String(command.module)}`)
        return command.module === e.module
          ? right([])
          : right([EducationModuleShown({ module: command.module })])
      case 'onboarding/MarkEducationVideoPlayed':
        if (!EDUCATION_VIDEO_IDS.includes(command.video)) return left(`no video ${String(command.video)}`)
        // Played once is remembered: playing it again records nothing.
        if (e.progress.status === 'loaded' && e.progress.played.includes(command.video)) return right([])
        return right([EducationVideoPlayed({ video: command.video })])
      case 'onboarding/SendEducationFeedback': {
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
    const next = evolveCenter(slice.educationCenter, event)
    return next === slice.educationCenter || next === undefined ? slice : { ...slice, educationCenter: next }
  },
}
