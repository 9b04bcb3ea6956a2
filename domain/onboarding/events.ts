import * as t from 'io-ts'
import { defineEvent, type EventOf } from '../shared/events'
import { Failure } from '../shared/failure'
import { DESIRED_FEATURES, ONBOARDING_STEPS, PURPOSES, ROLES } from './rules'

const literals = <T extends string>(values: ReadonlyArray<T>) =>
  t.keyof(Object.fromEntries(values.map((v) => [v, null])) as Record<T, null>)

const StepC = literals(ONBOARDING_STEPS)

/** The questionnaire's answers (spec 001 section 3): facts the user gave, nothing secret. */
export const QuestionnaireC = t.type({
  purpose: t.union([literals(PURPOSES), t.null]),
  companyName: t.string,
  ossProjectName: t.string,
  role: t.union([literals(ROLES), t.null]),
  otherRole: t.string,
  desiredFeature: t.array(literals(DESIRED_FEATURES)),
  projectName: t.string,
  projectKey: t.string,
})

const ProjectC = t.type({ key: t.string, name: t.string })

/** Setting up a client relaunched the guided flow of its package type (instead of set-me-up). */
export const ClientFlowRelaunched = defineEvent(
  'onboarding/ClientFlowRelaunched',
  t.type({ packageType: t.string, repo: t.string }),
)
export const ClientFlowStepShown = defineEvent('onboarding/ClientFlowStepShown', t.type({ step: t.number }))
export const ClientFlowClosed = defineEvent('onboarding/ClientFlowClosed', t.type({ finished: t.boolean }))

/** Onboarding's rules ran after a login: `path` is where they send the user (null: the usual redirect). */
export const AfterLoginChecked = defineEvent(
  'onboarding/AfterLoginChecked',
  t.type({ path: t.union([t.string, t.null]) }),
)
/** A free-tier admin saw getting started for the first time: the flag is set (and saved by an effect). */
export const GettingStartedSeen = defineEvent('onboarding/GettingStartedSeen', t.type({}))
export const GettingStartedSaved = defineEvent('onboarding/GettingStartedSaved', t.type({}))
export const GettingStartedSaveFailed = defineEvent(
  'onboarding/GettingStartedSaveFailed',
  t.type({ failure: Failure }),
)

// The onboarding questionnaire (the getting-started wizard): step by step, then the project.
export const QuestionnaireOpened = defineEvent('onboarding/QuestionnaireOpened', t.type({}))
export const QuestionnaireStepCompleted = defineEvent(
  'onboarding/QuestionnaireStepCompleted',
  t.type({ step: StepC }),
)
export const QuestionnaireStepShown = defineEvent(
  'onboarding/QuestionnaireStepShown',
  t.type({ step: StepC }),
)
export const QuestionnaireClosed = defineEvent('onboarding/QuestionnaireClosed', t.type({}))
export const ProjectCreationRequested = defineEvent(
  'onboarding/ProjectCreationRequested',
  t.type({ answers: QuestionnaireC }),
)
export const ProjectCreated = defineEvent('onboarding/ProjectCreated', t.type({ project: ProjectC }))
export const ProjectCreationFailed = defineEvent(
  'onboarding/ProjectCreationFailed',
  t.type({ failure: Failure }),
)

export const onboardingEvents = [
  ClientFlowRelaunched,
  ClientFlowStepShown,
  ClientFlowClosed,
  AfterLoginChecked,
  GettingStartedSeen,
  GettingStartedSaved,
  GettingStartedSaveFailed,
  QuestionnaireOpened,
  QuestionnaireStepCompleted,
  QuestionnaireStepShown,
  QuestionnaireClosed,
  ProjectCreationRequested,
  ProjectCreated,
  ProjectCreationFailed,
] as const

export type OnboardingEvent = EventOf<(typeof onboardingEvents)[number]>
