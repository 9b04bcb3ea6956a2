import * as t from 'io-ts'
import { defineEvent, type EventOf } from '../shared/events'
import { Failure } from '../shared/failure'
import { DESIRED_FEATURES, PURPOSES, QUESTIONNAIRE_STEPS, ROLES } from './rules'

// Getting started (spec 000 section 4, spec 001 sections 3-5): the check after a login, the
// getting-started flag of a free-tier admin, and the questionnaire down to the project it creates.
// The onboarding area had it as one of its parts until getting started became an area of its
// own: logs written then name these events `onboarding/…` (`formerly`), with the same data.

const literals = <T extends string>(values: ReadonlyArray<T>) =>
  t.keyof(Object.fromEntries(values.map((v) => [v, null])) as Record<T, null>)

const StepC = literals(QUESTIONNAIRE_STEPS)

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

/** The rules ran after a login: `path` is where they send the user (null: the usual redirect). */
export const AfterLoginChecked = defineEvent(
  'gettingStarted/AfterLoginChecked',
  t.type({ path: t.union([t.string, t.null]) }),
  { formerly: ['onboarding/AfterLoginChecked'] },
)
/** A free-tier admin saw getting started for the first time: the flag is set (and saved by an effect). */
export const GettingStartedSeen = defineEvent('gettingStarted/Seen', t.type({}), {
  formerly: ['onboarding/GettingStartedSeen'],
})
export const GettingStartedSaved = defineEvent('gettingStarted/SeenSaved', t.type({}), {
  formerly: ['onboarding/GettingStartedSaved'],
})
export const GettingStartedSaveFailed = defineEvent(
  'gettingStarted/SeenSaveFailed',
  t.type({ failure: Failure }),
  { formerly: ['onboarding/GettingStartedSaveFailed'] },
)

// The questionnaire (the getting-started wizard): step by step, then the project.
export const QuestionnaireOpened = defineEvent('gettingStarted/QuestionnaireOpened', t.type({}), {
  formerly: ['onboarding/QuestionnaireOpened'],
})
export const QuestionnaireStepCompleted = defineEvent(
  'gettingStarted/QuestionnaireStepCompleted',
  t.type({ step: StepC }),
  { formerly: ['onboarding/QuestionnaireStepCompleted'] },
)
export const QuestionnaireStepShown = defineEvent(
  'gettingStarted/QuestionnaireStepShown',
  t.type({ step: StepC }),
  { formerly: ['onboarding/QuestionnaireStepShown'] },
)
export const QuestionnaireClosed = defineEvent('gettingStarted/QuestionnaireClosed', t.type({}), {
  formerly: ['onboarding/QuestionnaireClosed'],
})
export const ProjectCreationRequested = defineEvent(
  'gettingStarted/ProjectCreationRequested',
  t.type({ answers: QuestionnaireC }),
  { formerly: ['onboarding/ProjectCreationRequested'] },
)
export const ProjectCreated = defineEvent('gettingStarted/ProjectCreated', t.type({ project: ProjectC }), {
  formerly: ['onboarding/ProjectCreated'],
})
export const ProjectCreationFailed = defineEvent(
  'gettingStarted/ProjectCreationFailed',
  t.type({ failure: Failure }),
  { formerly: ['onboarding/ProjectCreationFailed'] },
)

export const gettingStartedEvents = [
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

export type GettingStartedEvent = EventOf<(typeof gettingStartedEvents)[number]>
