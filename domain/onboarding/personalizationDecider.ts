/**
 * Personalization: the getting-started card and its step-based dialog, from what the platform
 * (and storage) kept, until the choices are sent and it hides for good.
 */
import { left, right } from 'fp-ts/Either'
import { isSignedIn, type SessionSlices } from '../session'
import {
  PersonalizationClosed,
  personalizationEvents,
  PersonalizationOpened,
  PersonalizationRequested,
  PersonalizationSendRequested,
  PersonalizationStepCompleted,
  PersonalizationStepShown,
} from './events'
import { typesOf, type OnboardingPart, type OnboardingPartEvent } from './part'
import {
  canShowPersonalizationStep,
  completePersonalizationStep,
  INITIAL_PERSONALIZATION,
  personalizationComplete,
  personalizationStepProblem,
  PERSONALIZATION_STEPS,
  stepChange,
} from './personalization'
import type { PersonalizationState } from './types'

/** What personalization reads of the rest of the state. */
export interface PersonalizationContext {
  readonly signedIn: boolean
}

function evolveCard(
  p: PersonalizationState | undefined,
  event: OnboardingPartEvent,
): PersonalizationState | undefined {
  switch (event.type) {
    case 'onboarding/PersonalizationRequested':
      // A reload while shown keeps what is shown (the answer brings the same or the platform's word).
      return p?.status === 'shown' ? p : { status: 'loading', requestId: event.data.requestId }
    case 'onboarding/PersonalizationLoaded':
      if (p?.status !== 'loading' || p.requestId !== event.data.requestId) return p
      return event.data.sent
        ? { status: 'hidden' }
        : { status: 'shown', open: false, sending: false, data: event.data.stored ?? INITIAL_PERSONALIZATION }
    case 'onboarding/PersonalizationLoadFailed':
      if (p?.status !== 'loading' || p.requestId !== event.data.requestId) return p
      return { status: 'failed', failure: event.data.failure }
    case 'onboarding/PersonalizationSent':
      return { status: 'hidden' }
  }
  if (p?.status !== 'shown') return p
  switch (event.type) {
    case 'onboarding/PersonalizationOpened':
      return { ...p, open: true }
    case 'onboarding/PersonalizationClosed':
      return { ...p, open: false }
    case 'onboarding/PersonalizationStepCompleted':
      return { ...p, data: completePersonalizationStep(p.data, event.data.change) }
    case 'onboarding/PersonalizationStepShown':
      return { ...p, data: { ...p.data, step: event.data.step } }
    case 'onboarding/PersonalizationSendRequested': {
      const { failure: _previous, ...rest } = p
      return { ...rest, sending: true }
    }
    case 'onboarding/PersonalizationSendFailed':
      return { ...p, sending: false, failure: event.data.failure }
    default:
      return p
  }
}

export const personalizationPart: OnboardingPart<
  'personalization',
  | 'onboarding/LoadPersonalization'
  | 'onboarding/OpenPersonalization'
  | 'onboarding/ClosePersonalization'
  | 'onboarding/CompletePersonalizationStep'
  | 'onboarding/ShowPersonalizationStep'
  | 'onboarding/SendPersonalization',
  PersonalizationContext,
  never,
  SessionSlices
> = {
  fields: ['personalization'],
  commandTypes: [
    'onboarding/LoadPersonalization',
    'onboarding/OpenPersonalization',
    'onboarding/ClosePersonalization',
    'onboarding/CompletePersonalizationStep',
    'onboarding/ShowPersonalizationStep',
    'onboarding/SendPersonalization',
  ],
  eventTypes: typesOf(...personalizationEvents),
  contextOf: (state) => ({ signedIn: isSignedIn(state) }),
  decide(command, { personalization: p }, { signedIn }, meta) {
    if (command.type === 'onboarding/LoadPersonalization') {
      if (!signedIn) return left('personalization is for signed-in users')
      return right([PersonalizationRequested({ requestId: meta.id })])
    }
    if (p?.status !== 'shown') return left('personalization is not shown')
    switch (command.type) {
      case 'onboarding/OpenPersonalization':
        return p.open ? right([]) : right([PersonalizationOpened({})])
      case 'onboarding/ClosePersonalization':
        if (p.sending) return left('the personalization is being sent')
        return p.open ? right([PersonalizationClosed({})]) : right([])
    }
    if (!p.open) return left('the personalization dialog is not open')
    if (p.sending) return left('the personalization is being sent')
    switch (command.type) {
      case 'onboarding/CompletePersonalizationStep': {
        if (command.change.step !== p.data.step)
          return left(`the personalization shows ${p.data.step}, not ${command.change.step}`)
        const problem = personalizationStepProblem(command.change)
        if (problem) return left(problem)
        const change = stepChange(command.change)
        return right([
          PersonalizationStepCompleted({ change, data: completePersonalizationStep(p.data, change) }),
        ])
      }
      case 'onboarding/ShowPersonalizationStep':
        if (!PERSONALIZATION_STEPS.includes(command.step)) return left(`no step ${String(command.step)}`)
        if (!canShowPersonalizationStep(p.data, command.step))
          return left(`the step ${command.step} is not reached yet`)
        return command.step === p.data.step
          ? right([])
          : right([PersonalizationStepShown({ step: command.step, data: { ...p.data, step: command.step } })])
      case 'onboarding/SendPersonalization':
        if (!personalizationComplete(p.data)) return left('complete every step first')
        return right([PersonalizationSendRequested({ data: p.data })])
    }
  },
  // Like the whole slice before, the personalization key is written on each of its events.
  evolve: (slice, event) => ({ ...slice, personalization: evolveCard(slice.personalization, event) }),
}
