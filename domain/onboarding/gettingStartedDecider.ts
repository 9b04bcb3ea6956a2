/**
 * Getting started after a login (spec 000 section 4, spec 001 sections 3–5): where onboarding
 * sends a user who has just signed in, the getting-started flag of a free-tier admin, and the
 * questionnaire (the getting-started wizard) down to the project it creates.
 */
import { left, right } from 'fp-ts/Either'
import { isSome } from 'fp-ts/Option'
import { hasFeature, type PlatformState } from '../platform'
import type { SessionCommand, SessionState } from '../session'
import { needsGettingStartedWizard, onboardingPathAfterLogin, QUICK_SETUP_PATH } from './afterLogin'
import {
  AfterLoginChecked,
  gettingStartedEvents,
  GettingStartedSeen,
  ProjectCreationRequested,
  QuestionnaireClosed,
  QuestionnaireOpened,
  QuestionnaireStepCompleted,
  QuestionnaireStepShown,
} from './events'
import { typesOf, type OnboardingPart } from './part'
import {
  firstInvalidStep,
  ONBOARDING_STEPS,
  stepErrors,
  type OnboardingStep,
  type Questionnaire,
} from './rules'
import type { OnboardingState, QuestionnaireWizard } from './types'

type Slice = Pick<OnboardingState, 'questionnaire' | 'gettingStartedSave'>

/** What the check after login reads of the rest of the state. */
export interface GettingStartedContext {
  /** A login has completed (the check runs before the redirect). */
  readonly loginCompleted: boolean
  /** The platform still has only its default repositories. */
  readonly onboardingNeeded: boolean
  /** The platform's own get-started page is on. */
  readonly platformGetStarted: boolean
}

const freshQuestionnaire: QuestionnaireWizard = { step: 'init', completed: [], creation: { status: 'idle' } }

const nextStep = (step: OnboardingStep): OnboardingStep =>
  ONBOARDING_STEPS[Math.min(ONBOARDING_STEPS.indexOf(step) + 1, ONBOARDING_STEPS.length - 1)] ?? step

function withQuestionnaire(slice: Slice, change: (q: QuestionnaireWizard) => QuestionnaireWizard): Slice {
  return slice.questionnaire ? { ...slice, questionnaire: change(slice.questionnaire) } : slice
}

/** The first problem of a step's rules (its key), as the rejection of a step that does not hold. */
function stepRejection(step: OnboardingStep, answers: Questionnaire): string | undefined {
  const errors = stepErrors(step, answers)
  const field = Object.keys(errors)[0] as keyof typeof errors | undefined
  return field === undefined ? undefined : `${field}: ${errors[field]?.key}`
}

export const gettingStartedPart: OnboardingPart<
  'questionnaire' | 'gettingStartedSave',
  | 'onboarding/CheckAfterLogin'
  | 'onboarding/OpenQuestionnaire'
  | 'onboarding/CompleteQuestionnaireStep'
  | 'onboarding/ShowQuestionnaireStep'
  | 'onboarding/CloseQuestionnaire'
  | 'onboarding/SubmitQuestionnaire',
  GettingStartedContext,
  SessionCommand,
  { readonly session: SessionState; readonly platform: PlatformState }
> = {
  fields: ['questionnaire', 'gettingStartedSave'],
  commandTypes: [
    'onboarding/CheckAfterLogin',
    'onboarding/OpenQuestionnaire',
    'onboarding/CompleteQuestionnaireStep',
    'onboarding/ShowQuestionnaireStep',
    'onboarding/CloseQuestionnaire',
    'onboarding/SubmitQuestionnaire',
  ],
  eventTypes: typesOf(...gettingStartedEvents),
  contextOf: (state) => ({
    loginCompleted: state.session.status === 'signedIn',
    onboardingNeeded: state.platform.hasOnlyDefaultRepos === true,
    platformGetStarted: hasFeature(state.platform, 'platformGetStarted'),
  }),
  decide(command, slice, context) {
    if (command.type === 'onboarding/CheckAfterLogin') {
      if (!context.loginCompleted) return left('no completed login to check')
      const user = command.user
      const path = onboardingPathAfterLogin({
        user,
        via: command.via,
        onboardingNeeded: context.onboardingNeeded,
        platformGetStarted: context.platformGetStarted,
      })
      // The flag is set once per session as the wizard opens; saving it is the effect's job.
      const wizard =
        needsGettingStartedWizard(user) && slice.gettingStartedSave === undefined
          ? [GettingStartedSeen({}), ...(slice.questionnaire ? [] : [QuestionnaireOpened({})])]
          : []
      return right([AfterLoginChecked({ path }), ...wizard])
    }
    const open = slice.questionnaire
    if (command.type === 'onboarding/OpenQuestionnaire')
      return open ? right([]) : right([QuestionnaireOpened({})])
    if (!open) return left('the questionnaire is not open')
    switch (command.type) {
      case 'onboarding/CompleteQuestionnaireStep': {
        if (command.step !== open.step)
          return left(`the questionnaire shows ${open.step}, not ${command.step}`)
        const problem = stepRejection(command.step, command.answers)
        return problem ? left(problem) : right([QuestionnaireStepCompleted({ step: command.step })])
      }
      case 'onboarding/ShowQuestionnaireStep': {
        // Back to any step already reached (completed ones), never ahead of the first open one.
        if (!ONBOARDING_STEPS.includes(command.step)) return left(`no step ${String(command.step)}`)
        const reachable = command.step === open.step || open.completed.includes(command.step)
        if (!reachable) return left(`the step ${command.step} is not reached yet`)
        return command.step === open.step
          ? right([])
          : right([QuestionnaireStepShown({ step: command.step })])
      }
      case 'onboarding/CloseQuestionnaire':
        return right([QuestionnaireClosed({})])
      case 'onboarding/SubmitQuestionnaire': {
        if (open.creation.status === 'creating') return left('the project is being created')
        if (open.creation.status === 'created') return left('the project is already created')
        const invalid = firstInvalidStep(command.answers)
        if (isSome(invalid)) return left(stepRejection(invalid.value, command.answers) ?? invalid.value)
        return right([
          ProjectCreationRequested({
            answers: { ...command.answers, desiredFeature: [...command.answers.desiredFeature] },
          }),
        ])
      }
    }
  },
  evolve(slice, event) {
    switch (event.type) {
      case 'onboarding/GettingStartedSeen':
        return { ...slice, gettingStartedSave: 'saving' }
      case 'onboarding/GettingStartedSaved':
        return { ...slice, gettingStartedSave: 'saved' }
      case 'onboarding/GettingStartedSaveFailed':
        return { ...slice, gettingStartedSave: 'failed' }
      case 'onboarding/QuestionnaireOpened':
        return { ...slice, questionnaire: freshQuestionnaire }
      case 'onboarding/QuestionnaireStepCompleted': {
        const step = event.data.step
        return withQuestionnaire(slice, (q) => ({
          ...q,
          completed: q.completed.includes(step) ? q.completed : [...q.completed, step],
          step: nextStep(step),
        }))
      }
      case 'onboarding/QuestionnaireStepShown':
        return withQuestionnaire(slice, (q) => ({ ...q, step: event.data.step }))
      case 'onboarding/QuestionnaireClosed': {
        const { questionnaire: _closed, ...rest } = slice
        return rest
      }
      case 'onboarding/ProjectCreationRequested':
        return withQuestionnaire(slice, (q) => ({ ...q, creation: { status: 'creating' } }))
      case 'onboarding/ProjectCreated':
        return withQuestionnaire(slice, (q) => ({
          ...q,
          completed: q.completed.includes('projectKey') ? q.completed : [...q.completed, 'projectKey'],
          creation: { status: 'created', project: event.data.project },
        }))
      case 'onboarding/ProjectCreationFailed':
        return withQuestionnaire(slice, (q) => ({
          ...q,
          creation: { status: 'failed', failure: event.data.failure },
        }))
      default:
        return slice
    }
  },
  // The redirect after login waits for onboarding's check, then goes where it says (or as usual).
  policies({ event }) {
    return event.type === 'onboarding/AfterLoginChecked'
      ? [{ type: 'session/RedirectAfterLogin', toQuickSetup: event.data.path === QUICK_SETUP_PATH }]
      : []
  },
}
