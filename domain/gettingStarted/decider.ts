/**
 * Getting started after a login (spec 000 section 4, spec 001 sections 3–5): where a user who
 * has just signed in is sent, the getting-started flag of a free-tier admin, and the
 * questionnaire (the getting-started wizard) down to the project it creates. It decides on its
 * own slice; it reads of the rest of the state whether a login completed and two platform facts.
 * The check after login is its own (docs/decisions/2026-12-05-getting-started-area.md): the one
 * decision says where the login goes and opens the wizard, once per session, from this slice.
 */
import { left, right } from 'fp-ts/Either'
import { isSome } from 'fp-ts/Option'
import type { SliceArea } from '../shared/area'
import { hasFeature, type PlatformState } from '../platform'
import type { SessionCommand, SessionState } from '../session'
import { needsGettingStartedWizard, afterLoginPath, QUICK_SETUP_PATH } from './afterLogin'
import type { GettingStartedCommand } from './commands'
import { gettingStartedCommandCodecs } from './commandCodecs.gen'
import {
  AfterLoginChecked,
  gettingStartedEvents,
  GettingStartedSeen,
  ProjectCreationRequested,
  QuestionnaireClosed,
  QuestionnaireOpened,
  QuestionnaireStepCompleted,
  QuestionnaireStepShown,
  type GettingStartedEvent,
} from './events'
import {
  firstInvalidStep,
  QUESTIONNAIRE_STEPS,
  stepErrors,
  type QuestionnaireStep,
  type Questionnaire,
} from './rules'
import { initialGettingStartedState, type GettingStartedState, type QuestionnaireWizard } from './types'

type Slice = GettingStartedState

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

const nextStep = (step: QuestionnaireStep): QuestionnaireStep =>
  QUESTIONNAIRE_STEPS[Math.min(QUESTIONNAIRE_STEPS.indexOf(step) + 1, QUESTIONNAIRE_STEPS.length - 1)] ?? step

function withQuestionnaire(slice: Slice, change: (q: QuestionnaireWizard) => QuestionnaireWizard): Slice {
  return slice.questionnaire ? { ...slice, questionnaire: change(slice.questionnaire) } : slice
}

/** The first problem of a step's rules (its key), as the rejection of a step that does not hold. */
function stepRejection(step: QuestionnaireStep, answers: Questionnaire): string | undefined {
  const errors = stepErrors(step, answers)
  const field = Object.keys(errors)[0] as keyof typeof errors | undefined
  return field === undefined ? undefined : `${field}: ${errors[field]?.key}`
}

export const gettingStartedArea: SliceArea<
  'gettingStarted',
  GettingStartedState,
  GettingStartedCommand,
  GettingStartedEvent,
  GettingStartedContext,
  SessionCommand,
  { readonly session: SessionState; readonly platform: PlatformState }
> = {
  key: 'gettingStarted',
  commands: gettingStartedCommandCodecs,
  initialState: initialGettingStartedState,
  events: gettingStartedEvents,
  evolvesOn: [],
  contextOf: (state) => ({
    loginCompleted: state.session.status === 'signedIn',
    onboardingNeeded: state.platform.hasOnlyDefaultRepos === true,
    platformGetStarted: hasFeature(state.platform, 'platformGetStarted'),
  }),
  decide(command, slice, context) {
    if (command.type === 'gettingStarted/CheckAfterLogin') {
      if (!context.loginCompleted) return left('no completed login to check')
      const user = command.user
      const path = afterLoginPath({
        user,
        via: command.via,
        onboardingNeeded: context.onboardingNeeded,
        platformGetStarted: context.platformGetStarted,
      })
      // The flag is set once per session as the wizard opens; saving it is the effect's job.
      const wizard =
        needsGettingStartedWizard(user) && slice.seenSave === undefined
          ? [GettingStartedSeen({}), ...(slice.questionnaire ? [] : [QuestionnaireOpened({})])]
          : []
      return right([AfterLoginChecked({ path }), ...wizard])
    }
    const open = slice.questionnaire
    if (command.type === 'gettingStarted/OpenQuestionnaire')
      return open ? right([]) : right([QuestionnaireOpened({})])
    if (!open) return left('the questionnaire is not open')
    switch (command.type) {
      case 'gettingStarted/CompleteQuestionnaireStep': {
        if (command.step !== open.step)
          return left(`the questionnaire shows ${open.step}, not ${command.step}`)
        const problem = stepRejection(command.step, command.answers)
        return problem ? left(problem) : right([QuestionnaireStepCompleted({ step: command.step })])
      }
      case 'gettingStarted/ShowQuestionnaireStep': {
        // Back to any step already reached (completed ones), never ahead of the first open one.
        if (!QUESTIONNAIRE_STEPS.includes(command.step)) return left(`no step ${String(command.step)}`)
        const reachable = command.step === open.step || open.completed.includes(command.step)
        if (!reachable) return left(`the step ${command.step} is not reached yet`)
        return command.step === open.step
          ? right([])
          : right([QuestionnaireStepShown({ step: command.step })])
      }
      case 'gettingStarted/CloseQuestionnaire':
        return right([QuestionnaireClosed({})])
      case 'gettingStarted/SubmitQuestionnaire': {
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
      case 'gettingStarted/Seen':
        return { ...slice, seenSave: 'saving' }
      case 'gettingStarted/SeenSaved':
        return { ...slice, seenSave: 'saved' }
      case 'gettingStarted/SeenSaveFailed':
        return { ...slice, seenSave: 'failed' }
      case 'gettingStarted/QuestionnaireOpened':
        return { ...slice, questionnaire: freshQuestionnaire }
      case 'gettingStarted/QuestionnaireStepCompleted': {
        const step = event.data.step
        return withQuestionnaire(slice, (q) => ({
          ...q,
          completed: q.completed.includes(step) ? q.completed : [...q.completed, step],
          step: nextStep(step),
        }))
      }
      case 'gettingStarted/QuestionnaireStepShown':
        return withQuestionnaire(slice, (q) => ({ ...q, step: event.data.step }))
      case 'gettingStarted/QuestionnaireClosed': {
        const { questionnaire: _closed, ...rest } = slice
        return rest
      }
      case 'gettingStarted/ProjectCreationRequested':
        return withQuestionnaire(slice, (q) => ({ ...q, creation: { status: 'creating' } }))
      case 'gettingStarted/ProjectCreated':
        return withQuestionnaire(slice, (q) => ({
          ...q,
          completed: q.completed.includes('projectKey') ? q.completed : [...q.completed, 'projectKey'],
          creation: { status: 'created', project: event.data.project },
        }))
      case 'gettingStarted/ProjectCreationFailed':
        return withQuestionnaire(slice, (q) => ({
          ...q,
          creation: { status: 'failed', failure: event.data.failure },
        }))
      default:
        return slice
    }
  },
  // The redirect after login waits for this check, then goes where it says (or as usual).
  policies({ event }) {
    return event.type === 'gettingStarted/AfterLoginChecked'
      ? [{ type: 'session/RedirectAfterLogin', toQuickSetup: event.data.path === QUICK_SETUP_PATH }]
      : []
  },
}
