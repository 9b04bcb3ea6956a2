/**
 * The onboarding questionnaire (spec 001 sections 3, 5): its steps, their validity with the
 * messages a form shows, the project key rule and the default project.
 */
import { isLeft, left, right, type Either } from 'fp-ts/Either'
import { none, some, type Option } from 'fp-ts/Option'
import { MANDATORY_MESSAGE, validateMandatory } from '../shared/forms'

export const ONBOARDING_STEPS = [
  'init',
  'purpose',
  'details',
  'desiredFeatures',
  'projectName',
  'projectKey',
] as const
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number]

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

export const PROJECT_KEY_MAX_LENGTH = 128
export const PROJECT_KEY_START_MESSAGE = 'Project key must start with a lowercase character'
export const PROJECT_KEY_LENGTH_MESSAGE = `Project key must be at most ${PROJECT_KEY_MAX_LENGTH} characters`
// The specification gives no wording for this one.
export const DESIRED_FEATURE_MESSAGE = 'Select at least one feature'

/** At most 128 characters, starting with a lowercase letter. */
export function validateProjectKey(key: string): Either<string, string> {
  if (key === '') return left(MANDATORY_MESSAGE)
  const first = key.charCodeAt(0)
  if (!(first >= 0x61 && first <= 0x7a)) return left(PROJECT_KEY_START_MESSAGE)
  if (key.length > PROJECT_KEY_MAX_LENGTH) return left(PROJECT_KEY_LENGTH_MESSAGE)
  return right(key)
}

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

export type StepErrors = Readonly<Partial<Record<QuestionnaireField, string>>>

/** The message of each field that breaks a rule of this step; empty when the step is valid. */
export function stepErrors(step: OnboardingStep, q: Questionnaire): StepErrors {
  switch (step) {
    case 'init':
      return {}
    case 'purpose':
      return q.purpose === null || !PURPOSES.includes(q.purpose) ? { purpose: MANDATORY_MESSAGE } : {}
    case 'details': {
      const errors: Partial<Record<QuestionnaireField, string>> = {}
      if (q.role === null || !ROLES.includes(q.role)) errors.role = MANDATORY_MESSAGE
      else if (q.role === 'Other' && isLeft(validateMandatory(q.otherRole)))
        errors.otherRole = MANDATORY_MESSAGE
      // ossProjectName stays optional for either purpose.
      if (q.purpose === 'Commercial' && isLeft(validateMandatory(q.companyName)))
        errors.companyName = MANDATORY_MESSAGE
      return errors
    }
    case 'desiredFeatures':
      return q.desiredFeature.length === 0 ? { desiredFeature: DESIRED_FEATURE_MESSAGE } : {}
    case 'projectName':
      return isLeft(validateMandatory(q.projectName)) ? { projectName: MANDATORY_MESSAGE } : {}
    case 'projectKey': {
      const key = validateProjectKey(q.projectKey)
      return isLeft(key) ? { projectKey: key.left } : {}
    }
  }
}

export function isStepValid(step: OnboardingStep, q: Questionnaire): boolean {
  return Object.keys(stepErrors(step, q)).length === 0
}

/** The first step the user still has to fix, or none when the questionnaire can be sent. */
export function firstInvalidStep(q: Questionnaire): Option<OnboardingStep> {
  const step = ONBOARDING_STEPS.find((s) => !isStepValid(s, q))
  return step === undefined ? none : some(step)
}

/** Every message of every step, by field. */
export function questionnaireErrors(q: Questionnaire): StepErrors {
  return Object.assign({}, ...ONBOARDING_STEPS.map((s) => stepErrors(s, q))) as StepErrors
}
