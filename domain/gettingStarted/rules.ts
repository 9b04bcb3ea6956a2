/**
 * The getting-started questionnaire (spec 001 sections 3, 5): its steps, their validity with the
 * messages a form shows, the project key rule and the default project.
 */
import { isLeft, left, right, type Either } from 'fp-ts/Either'
import { none, some, type Option } from 'fp-ts/Option'
import { validateMandatory } from '../shared/forms'
import { PROJECT_KEY_MAX_LENGTH, validateProjectKey } from '../shared/projectKey'

export const QUESTIONNAIRE_STEPS = [
  'init',
  'purpose',
  'details',
  'desiredFeatures',
  'projectName',
  'projectKey',
] as const
export type QuestionnaireStep = (typeof QUESTIONNAIRE_STEPS)[number]

export const PURPOSES = ['Commercial', 'Personal'] as const
export type Purpose = (typeof PURPOSES)[number]

export const ROLES = ['DevOps Engineer', 'Software Developer', 'DevSecOps Engineer', 'Other'] as const
export type Role = (typeof ROLES)[number]

export const DESIRED_FEATURES = [
  'Binary management',
  'Team Administration',
  'Single Sign On',
  'Vulnerabilities Scanning',
  'License Compliance Checks',
  'CI/CD',
  'Container Registry',
  'Software Bill Of Materials (SBOM)',
] as const
export type DesiredFeature = (typeof DESIRED_FEATURES)[number]

export const DEFAULT_PROJECT = { name: 'Default Project', key: 'dflt' } as const

export { PROJECT_KEY_MAX_LENGTH, validateProjectKey }

/** A field's problem as a key and its data; the view words it (ui/shared/messages.ts). */
export type QuestionnaireProblem =
  | { readonly key: 'mandatory' }
  | { readonly key: 'projectKeyStart' }
  | { readonly key: 'projectKeyLength'; readonly max: number }
  | { readonly key: 'chooseFeature' }

const MANDATORY: QuestionnaireProblem = { key: 'mandatory' }

export interface Questionnaire {
  readonly purpose: Purpose | null
  readonly companyName: string
  readonly ossProjectName: string
  readonly role: Role | null
  readonly otherRole: string
  readonly desiredFeature: ReadonlyArray<DesiredFeature>
  readonly projectName: string
  readonly projectKey: string
}

export type QuestionnaireField = keyof Questionnaire

/** A fresh questionnaire: nothing chosen, the project fields pre-filled with the default project. */
export const INITIAL_QUESTIONNAIRE: Questionnaire = {
  purpose: null,
  companyName: '',
  ossProjectName: '',
  role: null,
  otherRole: '',
  desiredFeature: [],
  projectName: DEFAULT_PROJECT.name,
  projectKey: DEFAULT_PROJECT.key,
}

export type StepErrors = Readonly<Partial<Record<QuestionnaireField, QuestionnaireProblem>>>

/** The problem of each field that breaks a rule of this step; empty when the step is valid. */
export function stepErrors(step: QuestionnaireStep, q: Questionnaire): StepErrors {
  switch (step) {
    case 'init':
      return {}
    case 'purpose':
      return q.purpose === null || !PURPOSES.includes(q.purpose) ? { purpose: MANDATORY } : {}
    case 'details': {
      const errors: Partial<Record<QuestionnaireField, QuestionnaireProblem>> = {}
      if (q.role === null || !ROLES.includes(q.role)) errors.role = MANDATORY
      else if (q.role === 'Other' && isLeft(validateMandatory(q.otherRole))) errors.otherRole = MANDATORY
      // ossProjectName stays optional for either purpose.
      if (q.purpose === 'Commercial' && isLeft(validateMandatory(q.companyName)))
        errors.companyName = MANDATORY
      return errors
    }
    case 'desiredFeatures':
      return q.desiredFeature.length === 0 ? { desiredFeature: { key: 'chooseFeature' } } : {}
    case 'projectName':
      return isLeft(validateMandatory(q.projectName)) ? { projectName: MANDATORY } : {}
    case 'projectKey': {
      const key = validateProjectKey(q.projectKey)
      return isLeft(key) ? { projectKey: key.left } : {}
    }
  }
}

export function isStepValid(step: QuestionnaireStep, q: Questionnaire): boolean {
  return Object.keys(stepErrors(step, q)).length === 0
}

/** The first step the user still has to fix, or none when the questionnaire can be sent. */
/** A step of the questionnaire, validated: the answers the step's command takes, or the step's problems. */
export const validateQuestionnaireStep =
  (step: QuestionnaireStep) =>
  (answers: Questionnaire): Either<StepErrors, Questionnaire> => {
    const errors = stepErrors(step, answers)
    return Object.keys(errors).length === 0 ? right(answers) : left(errors)
  }

export function firstInvalidStep(q: Questionnaire): Option<QuestionnaireStep> {
  const step = QUESTIONNAIRE_STEPS.find((s) => !isStepValid(s, q))
  return step === undefined ? none : some(step)
}

/** Every problem of every step, by field. */
export function questionnaireErrors(q: Questionnaire): StepErrors {
  return Object.assign({}, ...QUESTIONNAIRE_STEPS.map((s) => stepErrors(s, q))) as StepErrors
}
