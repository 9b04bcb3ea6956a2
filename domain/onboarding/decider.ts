import { isLeft, left, right, type Either } from 'fp-ts/Either'
import { isSome } from 'fp-ts/Option'
import type { AppArea, AppEvent, AppState } from '../app'
import type { CommandMeta } from '../shared/area'
import { Shown } from '../notifications/events'
import { canonicalPackageType } from '../packageTypes'
import { hasFeature } from '../platform'
import { needsGettingStartedWizard, onboardingPathAfterLogin, QUICK_SETUP_PATH } from './afterLogin'
import { validateContactForm, withoutContactContext, type ContactProblems } from './contact'
import {
  AfterLoginChecked,
  ContactFormClosed,
  ContactRequestPosted,
  ContactRequestsRequested,
  ClientFlowClosed,
  ClientFlowRelaunched,
  ClientFlowStepShown,
  GettingStartedSeen,
  onboardingEvents,
  ProjectCreationRequested,
  QuestionnaireClosed,
  QuestionnaireOpened,
  QuestionnaireStepCompleted,
  QuestionnaireStepShown,
  QuickSetupClosed,
  SetMeUpShown,
} from './events'
import { decideSetUp, evolveSetUp, isSetUpCommand } from './setUpDecider'
import { clientFlowLength, isRepoKey, relaunchFlowSupported } from './relaunch'
import {
  firstInvalidStep,
  ONBOARDING_STEPS,
  stepErrors,
  type OnboardingStep,
  type Questionnaire,
} from './rules'
import {
  initialOnboardingState,
  type ContactFormState,
  type OnboardingState,
  type QuestionnaireWizard,
} from './types'
import { onboardingCommandCodecs } from './commandCodecs.gen'
import {
  PersonalizationClosed,
  PersonalizationOpened,
  PersonalizationRequested,
  PersonalizationSendRequested,
  PersonalizationStepCompleted,
  PersonalizationStepShown,
} from './events'
import {
  canShowPersonalizationStep,
  completePersonalizationStep,
  INITIAL_PERSONALIZATION,
  personalizationComplete,
  personalizationStepProblem,
  PERSONALIZATION_STEPS,
  stepChange,
} from './personalization'
import {
  EducationCenterClosed,
  EducationCenterOpened,
  EducationFeedbackSent,
  EducationModuleShown,
  EducationVideoPlayed,
} from './events'
import { EDUCATION_MODULES, EDUCATION_VIDEO_IDS, validateFeedbackComment } from './education'
import type { EducationCenterState } from './types'

const freshQuestionnaire: QuestionnaireWizard = { step: 'init', completed: [], creation: { status: 'idle' } }

const nextStep = (step: OnboardingStep): OnboardingStep =>
  ONBOARDING_STEPS[Math.min(ONBOARDING_STEPS.indexOf(step) + 1, ONBOARDING_STEPS.length - 1)] ?? step

function withQuestionnaire(
  slice: OnboardingState,
  change: (q: QuestionnaireWizard) => QuestionnaireWizard,
): OnboardingState {
  return slice.questionnaire ? { ...slice, questionnaire: change(slice.questionnaire) } : slice
}

const idleContact: ContactFormState = { posting: false, resets: 0 }

/** An answer to the contact request: the posting flag drops and the form is reset. */
const answered = (slice: OnboardingState, outcome: ContactFormState['outcome']): OnboardingState => {
  const contact = slice.contact ?? idleContact
  return { ...slice, contact: { posting: false, resets: contact.resets + 1, outcome } }
}

function withoutContact(slice: OnboardingState): OnboardingState {
  if (!slice.contact || slice.contact.posting) return slice
  const { contact: _closed, ...rest } = slice
  return rest
}

function evolve(slice: OnboardingState, event: AppEvent): OnboardingState {
  switch (event.type) {
    case 'onboarding/QuickSetupOpened':
    case 'onboarding/QuickSetupClosed':
    case 'onboarding/SetMeUpShown':
    case 'onboarding/SetMeUpHidden':
    case 'onboarding/ClientBaseUrlRequested':
    case 'onboarding/ClientBaseUrlLoaded':
    case 'onboarding/ClientBaseUrlFailed':
      return evolveSetUp(slice, event)
    case 'onboarding/ContactRequestPosted': {
      const { outcome: _previous, ...contact } = slice.contact ?? idleContact
      return { ...slice, contact: { ...contact, posting: true } }
    }
    case 'onboarding/ContactRequestAccepted':
      return answered(slice, { status: 'sent', schedulingLink: event.data.schedulingLink })
    case 'onboarding/ContactRequestFailed':
      return answered(slice, { status: 'failed', failure: event.data.failure })
    case 'onboarding/ContactFormClosed':
      return withoutContact(slice)
    // The dialog closed by a navigation: nothing of the last answer stays for the next opening.
    case 'navigation/ModalClosed':
      return event.data.modal === 'contactUs' ? withoutContact(slice) : slice
    case 'onboarding/ContactRequestsRequested': {
      const list = slice.contactRequests
      const previous =
        list?.status === 'loaded' ? list.requests : list?.status === 'loading' ? list.previous : undefined
      return {
        ...slice,
        contactRequests: {
          status: 'loading',
          requestId: event.data.requestId,
          ...(previous ? { previous } : {}),
        },
      }
    }
    case 'onboarding/ContactRequestsLoaded':
      return { ...slice, contactRequests: { status: 'loaded', requests: event.data.requests } }
    case 'onboarding/ContactRequestsLoadFailed':
      return { ...slice, contactRequests: { status: 'failed', failure: event.data.failure } }
    case 'onboarding/PersonalizationRequested':
    case 'onboarding/PersonalizationLoaded':
    case 'onboarding/PersonalizationLoadFailed':
    case 'onboarding/PersonalizationOpened':
    case 'onboarding/PersonalizationClosed':
    case 'onboarding/PersonalizationStepCompleted':
    case 'onboarding/PersonalizationStepShown':
    case 'onboarding/PersonalizationSendRequested':
    case 'onboarding/PersonalizationSent':
    case 'onboarding/PersonalizationSendFailed':
      return { ...slice, personalization: evolvePersonalization(slice.personalization, event) }
    case 'onboarding/EducationCenterOpened':
    case 'onboarding/EducationCenterClosed':
    case 'onboarding/EducationProgressLoaded':
    case 'onboarding/EducationProgressLoadFailed':
    case 'onboarding/EducationModuleShown':
    case 'onboarding/EducationVideoPlayed':
    case 'onboarding/EducationVideoPlayFailed':
    case 'onboarding/EducationFeedbackSent':
    case 'onboarding/EducationFeedbackSaved':
    case 'onboarding/EducationFeedbackFailed': {
      const next = evolveEducation(slice.educationCenter, event)
      return next === undefined ? slice : { ...slice, educationCenter: next }
    }
    case 'onboarding/ClientFlowRelaunched':
      return { ...slice, clientFlow: { ...event.data, step: 0 } }
    case 'onboarding/ClientFlowStepShown':
      return slice.clientFlow
        ? { ...slice, clientFlow: { ...slice.clientFlow, step: event.data.step } }
        : slice
    case 'onboarding/ClientFlowClosed': {
      const { clientFlow: _closed, ...rest } = slice
      return rest
    }
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
}

type EducationEvent = Extract<AppEvent, { type: `onboarding/Education${string}` }>

function evolveEducation(
  e: EducationCenterState | undefined,
  event: EducationEvent,
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
    case 'onboarding/EducationVideoPlayFailed':
      return e
    case 'onboarding/EducationFeedbackSent':
      return { ...e, feedback: { status: 'sending' } }
    case 'onboarding/EducationFeedbackSaved':
      return { ...e, feedback: { status: 'given' } }
    case 'onboarding/EducationFeedbackFailed':
      return { ...e, feedback: { status: 'failed', failure: event.data.failure } }
  }
}

function decideEducation(
  command: Extract<
    Parameters<AppArea<'onboarding'>['decide']>[0],
    {
      type:
        | 'onboarding/OpenEducationCenter'
        | 'onboarding/CloseEducationCenter'
        | 'onboarding/ShowEducationModule'
        | 'onboarding/MarkEducationVideoPlayed'
        | 'onboarding/SendEducationFeedback'
    }
  >,
  state: AppState,
  meta: CommandMeta,
): Either<string, AppEvent[]> {
  const e = state.onboarding.educationCenter
  switch (command.type) {
    case 'onboarding/OpenEducationCenter': {
      if (state.session.status !== 'signedIn' || state.session.user?.anonymous !== false)
        return left('the education center is for signed-in users')
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
}

type PersonalizationEvent = Extract<AppEvent, { type: `onboarding/Personalization${string}` }>

function evolvePersonalization(
  p: OnboardingState['personalization'],
  event: PersonalizationEvent,
): OnboardingState['personalization'] {
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
  }
}

function decidePersonalization(
  command: Extract<
    Parameters<AppArea<'onboarding'>['decide']>[0],
    {
      type:
        | 'onboarding/LoadPersonalization'
        | 'onboarding/OpenPersonalization'
        | 'onboarding/ClosePersonalization'
        | 'onboarding/CompletePersonalizationStep'
        | 'onboarding/ShowPersonalizationStep'
        | 'onboarding/SendPersonalization'
    }
  >,
  state: AppState,
  meta: CommandMeta,
): Either<string, AppEvent[]> {
  const p = state.onboarding.personalization
  if (command.type === 'onboarding/LoadPersonalization') {
    if (state.session.status !== 'signedIn' || state.session.user?.anonymous !== false)
      return left('personalization is for signed-in users')
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
      return problem
        ? left(problem)
        : right([PersonalizationStepCompleted({ change: stepChange(command.change) })])
    }
    case 'onboarding/ShowPersonalizationStep':
      if (!PERSONALIZATION_STEPS.includes(command.step)) return left(`no step ${String(command.step)}`)
      if (!canShowPersonalizationStep(p.data, command.step))
        return left(`the step ${command.step} is not reached yet`)
      return command.step === p.data.step
        ? right([])
        : right([PersonalizationStepShown({ step: command.step })])
    case 'onboarding/SendPersonalization':
      if (!personalizationComplete(p.data)) return left('complete every step first')
      return right([PersonalizationSendRequested({ data: p.data })])
  }
}

/** The first problem of a step's rules (its key), as the rejection of a step that does not hold. */
function stepRejection(step: OnboardingStep, answers: Questionnaire): string | undefined {
  const errors = stepErrors(step, answers)
  const field = Object.keys(errors)[0] as keyof typeof errors | undefined
  return field === undefined ? undefined : `${field}: ${errors[field]?.key}`
}

function decideQuestionnaire(
  command: Extract<
    Parameters<AppArea<'onboarding'>['decide']>[0],
    {
      type:
        | 'onboarding/OpenQuestionnaire'
        | 'onboarding/CompleteQuestionnaireStep'
        | 'onboarding/ShowQuestionnaireStep'
        | 'onboarding/CloseQuestionnaire'
        | 'onboarding/SubmitQuestionnaire'
    }
  >,
  state: AppState,
): Either<string, AppEvent[]> {
  const open = state.onboarding.questionnaire
  if (command.type === 'onboarding/OpenQuestionnaire')
    return open ? right([]) : right([QuestionnaireOpened({})])
  if (!open) return left('the questionnaire is not open')
  switch (command.type) {
    case 'onboarding/CompleteQuestionnaireStep': {
      if (command.step !== open.step) return left(`the questionnaire shows ${open.step}, not ${command.step}`)
      const problem = stepRejection(command.step, command.answers)
      return problem ? left(problem) : right([QuestionnaireStepCompleted({ step: command.step })])
    }
    case 'onboarding/ShowQuestionnaireStep': {
      // Back to any step already reached (completed ones), never ahead of the first open one.
      if (!ONBOARDING_STEPS.includes(command.step)) return left(`no step ${String(command.step)}`)
      const reachable = command.step === open.step || open.completed.includes(command.step)
      if (!reachable) return left(`the step ${command.step} is not reached yet`)
      return command.step === open.step ? right([]) : right([QuestionnaireStepShown({ step: command.step })])
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
}

/** The problems as the rejection says them: each field with its problem's key. */
const describeProblems = (problems: ContactProblems): string =>
  Object.entries(problems)
    .map(([field, problem]) => `${field}: ${problem.key}`)
    .join(', ')

function decideContact(
  command: Extract<
    Parameters<AppArea<'onboarding'>['decide']>[0],
    {
      type:
        | 'onboarding/SubmitContactRequest'
        | 'onboarding/ThankForContactRequest'
        | 'onboarding/CloseContactForm'
        | 'onboarding/LoadContactRequests'
    }
  >,
  state: AppState,
  meta: CommandMeta,
): Either<string, AppEvent[]> {
  switch (command.type) {
    case 'onboarding/SubmitContactRequest': {
      if (!state.navigation.openModals.includes('contactUs')) return left('the contact form is not open')
      if (state.onboarding.contact?.posting) return left('a contact request is being sent')
      const valid = validateContactForm(command.form)
      if (isLeft(valid)) return left(describeProblems(valid.left))
      return right([ContactRequestPosted({ request: valid.right })])
    }
    case 'onboarding/ThankForContactRequest': {
      const outcome = state.onboarding.contact?.outcome
      if (outcome?.status !== 'sent' || outcome.schedulingLink !== null)
        return left('no request to thank for')
      // The toast of the catalogue, shown for 5 s (MESSAGE_DURATION_MS); the view words it.
      return right([
        Shown({ id: meta.id, kind: 'success', message: { key: 'contactRequestSent' } }),
        ContactFormClosed({}),
      ])
    }
    case 'onboarding/CloseContactForm':
      return right([ContactFormClosed({})])
    case 'onboarding/LoadContactRequests':
      if (state.session.status !== 'signedIn' || state.session.user?.admin !== true)
        return left('only admins read contact requests')
      return right([ContactRequestsRequested({ requestId: meta.id })])
  }
}

export const onboardingArea: AppArea<'onboarding'> = {
  key: 'onboarding',
  commands: onboardingCommandCodecs,
  initialState: initialOnboardingState,
  events: onboardingEvents,
  decide: (command, state, meta) => {
    if (isSetUpCommand(command)) return decideSetUp(command, state)
    switch (command.type) {
      case 'onboarding/SubmitContactRequest':
      case 'onboarding/ThankForContactRequest':
      case 'onboarding/CloseContactForm':
      case 'onboarding/LoadContactRequests':
        return decideContact(command, state, meta)
      case 'onboarding/OpenEducationCenter':
      case 'onboarding/CloseEducationCenter':
      case 'onboarding/ShowEducationModule':
      case 'onboarding/MarkEducationVideoPlayed':
      case 'onboarding/SendEducationFeedback':
        return decideEducation(command, state, meta)
      case 'onboarding/LoadPersonalization':
      case 'onboarding/OpenPersonalization':
      case 'onboarding/ClosePersonalization':
      case 'onboarding/CompletePersonalizationStep':
      case 'onboarding/ShowPersonalizationStep':
      case 'onboarding/SendPersonalization':
        return decidePersonalization(command, state, meta)
      case 'onboarding/SetUpClient': {
        const packageType = canonicalPackageType(command.packageType)
        if (packageType === '') return left('choose a package type')
        if (!isRepoKey(command.repo)) return left('repo: invalidName')
        const opened = relaunchFlowSupported(packageType, command.repo)
          ? ClientFlowRelaunched({ packageType, repo: command.repo })
          : SetMeUpShown({ packageType, availableRepos: [...(command.availableRepos ?? [command.repo])] })
        return right([opened, QuickSetupClosed({})])
      }
      case 'onboarding/MoveClientFlow': {
        const flow = state.onboarding.clientFlow
        if (!flow) return left('no client flow is open')
        if (
          !Number.isInteger(command.step) ||
          command.step < 0 ||
          command.step >= clientFlowLength(flow.packageType)
        )
          return left(`the client flow has no step ${command.step}`)
        return command.step === flow.step ? right([]) : right([ClientFlowStepShown({ step: command.step })])
      }
      case 'onboarding/CloseClientFlow':
        return state.onboarding.clientFlow
          ? right([ClientFlowClosed({ finished: command.finished })])
          : right([])
      case 'onboarding/CheckAfterLogin': {
        if (state.session.status !== 'signedIn') return left('no completed login to check')
        const user = command.user
        const path = onboardingPathAfterLogin({
          user,
          via: command.via,
          onboardingNeeded: state.platform.hasOnlyDefaultRepos === true,
          platformGetStarted: hasFeature(state.platform, 'platformGetStarted'),
        })
        // The flag is set once per session as the wizard opens; saving it is the effect's job.
        const wizard =
          needsGettingStartedWizard(user) && state.onboarding.gettingStartedSave === undefined
            ? [GettingStartedSeen({}), ...(state.onboarding.questionnaire ? [] : [QuestionnaireOpened({})])]
            : []
        return right([AfterLoginChecked({ path }), ...wizard])
      }
      default:
        return decideQuestionnaire(command, state)
    }
  },
  evolve,
  evolvesOn: ['navigation/ModalClosed'],
  policies: (envelope, state) => {
    const event = envelope.event
    switch (event.type) {
      // Quick setup as a route: the console goes there (unless it is there already).
      case 'onboarding/QuickSetupOpened':
        return event.data.asRoute && state.navigation.location.path !== QUICK_SETUP_PATH
          ? [{ type: 'navigation/Navigate', to: QUICK_SETUP_PATH }]
          : []
      // The overlay is one of the modals that close on navigation (spec 000 section 4): Back
      // left it open over the page it was opened from.
      case 'navigation/Navigated':
        return state.onboarding.quickSetup?.visible ? [{ type: 'onboarding/CloseQuickSetup' }] : []
      // The redirect after login waits for onboarding's check, then goes where it says (or as usual).
      case 'onboarding/AfterLoginChecked':
        return [{ type: 'session/RedirectAfterLogin', toQuickSetup: event.data.path === QUICK_SETUP_PATH }]
      // A request sent: the form closes (in the scheduling-link flow the dialog shows the link first).
      case 'onboarding/ContactRequestAccepted':
        return event.data.schedulingLink === null ? [{ type: 'onboarding/ThankForContactRequest' }] : []
      // Closing the dialog clears the query that opened it.
      case 'onboarding/ContactFormClosed': {
        const { path, query } = state.navigation.location
        const to = withoutContactContext(path, query)
        return [
          { type: 'navigation/CloseModal', modal: 'contactUs' },
          ...(to === null ? [] : [{ type: 'navigation/Navigate' as const, to, replace: true }]),
        ]
      }
      default:
        return []
    }
  },
}
