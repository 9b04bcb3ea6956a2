/**
 * Personalization: the getting-started card and its step-based dialog, from what the platform
 * (and storage) kept, until the choices are sent and it hides for good.
 */
import { left, right } from 'fp-ts/Either'
import type { SliceArea } from '../shared/area'
import { isSignedIn, type SessionSlices } from '../session'
import type { PersonalizationCommand } from './commands'
import { personalizationCommandCodecs } from './commandCodecs.gen'
import {
  PersonalizationClosed,
  personalizationEvents,
  PersonalizationOpened,
  PersonalizationRequested,
  PersonalizationSendRequested,
  PersonalizationStepCompleted,
  PersonalizationStepShown,
  type PersonalizationEvent,
} from './events'
import {
  canShowPersonalizationStep,
  completePersonalizationStep,
  INITIAL_PERSONALIZATION,
  personalizationComplete,
  personalizationStepProblem,
  PERSONALIZATION_STEPS,
  stepChange,
} from './rules'
import { initialPersonalizationState, type PersonalizationCard, type PersonalizationState } from './types'

/** What personalization reads of the rest of the state. */
export interface PersonalizationContext {
  readonly signedIn: boolean
}

function evolveCard(
  p: PersonalizationCard | undefined,
  event: PersonalizationEvent,
): PersonalizationCard | undefined {
  switch (event.type) {
    case 'personalization/Requested':
      // A reload while shown keeps what is shown (the answer brings the same or the platform's word).
      return p?.status === 'shown' ? p : { status: 'loading', requestId: event.data.requestId }
    case 'personalization/Loaded':
      if (p?.status !== 'loading' || p.requestId !== event.data.requestId) return p
      return event.data.sent
        ? { status: 'hidden' }
        : { status: 'shown', open: false, sending: false, data: event.data.stored ?? INITIAL_PERSONALIZATION }
    case 'personalization/LoadFailed':
      if (p?.status !== 'loading' || p.requestId !== event.data.requestId) return p
      return { status: 'failed', failure: event.data.failure }
    case 'personalization/Sent':
      return { status: 'hidden' }
  }
  if (p?.status !== 'shown') return p
  switch (event.type) {
    case 'personalization/Opened':
      return { ...p, open: true }
    case 'personalization/Closed':
      return { ...p, open: false }
    case 'personalization/StepCompleted':
      return { ...p, data: completePersonalizationStep(p.data, event.data.change) }
    case 'personalization/StepShown':
      return { ...p, data: { ...p.data, step: event.data.step } }
    case 'personalization/SendRequested': {
      const { failure: _previous, ...rest } = p
      return { ...rest, sending: true }
    }
    case 'personalization/SendFailed':
      return { ...p, sending: false, failure: event.data.failure }
    default:
      return p
  }
}

export const personalizationArea: SliceArea<
  'personalization',
  PersonalizationState,
  PersonalizationCommand,
  PersonalizationEvent,
  PersonalizationContext,
  never,
  SessionSlices
> = {
  key: 'personalization',
  commands: personalizationCommandCodecs,
  initialState: initialPersonalizationState,
  events: personalizationEvents,
  evolvesOn: [],
  contextOf: (state) => ({ signedIn: isSignedIn(state) }),
  decide(command, { card: p }, { signedIn }, meta) {
    if (command.type === 'personalization/Load') {
      if (!signedIn) return left('personalization is for signed-in users')
      return right([PersonalizationRequested({ requestId: meta.id })])
    }
    if (p?.status !== 'shown') return left('personalization is not shown')
    switch (command.type) {
      case 'personalization/Open':
        return p.open ? right([]) : right([PersonalizationOpened({})])
      case 'personalization/Close':
        if (p.sending) return left('the personalization is being sent')
        return p.open ? right([PersonalizationClosed({})]) : right([])
    }
    if (!p.open) return left('the personalization dialog is not open')
    if (p.sending) return left('the personalization is being sent')
    switch (command.type) {
      case 'personalization/CompleteStep': {
        if (command.change.step !== p.data.step)
          return left(`the personalization shows ${p.data.step}, not ${command.change.step}`)
        const problem = personalizationStepProblem(command.change)
        if (problem) return left(problem)
        const change = stepChange(command.change)
        return right([
          PersonalizationStepCompleted({ change, data: completePersonalizationStep(p.data, change) }),
        ])
      }
      case 'personalization/ShowStep':
        if (!PERSONALIZATION_STEPS.includes(command.step)) return left(`no step ${String(command.step)}`)
        if (!canShowPersonalizationStep(p.data, command.step))
          return left(`the step ${command.step} is not reached yet`)
        return command.step === p.data.step
          ? right([])
          : right([PersonalizationStepShown({ step: command.step, data: { ...p.data, step: command.step } })])
      case 'personalization/Send':
        if (!personalizationComplete(p.data)) return left('complete every step first')
        return right([PersonalizationSendRequested({ data: p.data })])
    }
  },
  // The card is written on each of the area's events, as the onboarding slice's field was.
  evolve: (slice, event) => ({ ...slice, card: evolveCard(slice.card, event) }),
}
