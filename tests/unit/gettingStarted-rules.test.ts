import { describe, expect, it } from 'vitest'
import { left, right } from 'fp-ts/Either'
import { none, some } from 'fp-ts/Option'
import {
  DEFAULT_PROJECT,
  DESIRED_FEATURES,
  INITIAL_QUESTIONNAIRE,
  QUESTIONNAIRE_STEPS,
  PURPOSES,
  ROLES,
  firstInvalidStep,
  isStepValid,
  questionnaireErrors as allProblemsOf,
  stepErrors as problemsOf,
  validateProjectKey as projectKeyProblem,
  validateQuestionnaireStep,
  type QuestionnaireStep,
  type Questionnaire,
  type StepErrors,
} from '../../domain/gettingStarted'
import { mapLeft } from 'fp-ts/Either'
import { messageText } from '../../ui/shared/messages'

/** The rules give problems as keys; the catalogue words them (the exact messages are checked in words). */
const worded = (errors: StepErrors): Record<string, string> =>
  Object.fromEntries(Object.entries(errors).map(([field, problem]) => [field, messageText(problem!)]))
const stepErrors = (step: QuestionnaireStep, q: Questionnaire) => worded(problemsOf(step, q))
const questionnaireErrors = (q: Questionnaire) => worded(allProblemsOf(q))
const validateProjectKey = (key: string) => mapLeft(messageText)(projectKeyProblem(key))

const valid: Questionnaire = {
  purpose: 'Commercial',
  companyName: 'Acme',
  ossProjectName: '',
  role: 'Software Developer',
  otherRole: '',
  desiredFeature: ['CI/CD'],
  projectName: 'Default Project',
  projectKey: 'dflt',
}

describe('questionnaire constants', () => {
  it('has the steps, options and default project of the spec', () => {
    expect(QUESTIONNAIRE_STEPS).toEqual([
      'init',
      'purpose',
      'details',
      'desiredFeatures',
      'projectName',
      'projectKey',
    ])
    expect(PURPOSES).toEqual(['Commercial', 'Personal'])
    expect(ROLES).toEqual(['DevOps Engineer', 'Software Developer', 'DevSecOps Engineer', 'Other'])
    expect(DESIRED_FEATURES).toHaveLength(8)
    expect(DESIRED_FEATURES).toContain('Software Bill Of Materials (SBOM)')
    expect(DEFAULT_PROJECT).toEqual({ name: 'Default Project', key: 'dflt' })
    expect(INITIAL_QUESTIONNAIRE.projectKey).toBe('dflt')
  })
})

describe('validateProjectKey', () => {
  it('accepts a key of at most 128 starting with a lowercase letter', () => {
    expect(validateProjectKey('dflt')).toEqual(right('dflt'))
    expect(validateProjectKey('a'.repeat(128))).toEqual(right('a'.repeat(128)))
    expect(validateProjectKey('a1-B_')).toEqual(right('a1-B_'))
  })

  it('rejects with the exact messages', () => {
    expect(validateProjectKey('Dflt')).toEqual(left('Project key must start with a lowercase character'))
    expect(validateProjectKey('1abc')).toEqual(left('Project key must start with a lowercase character'))
    expect(validateProjectKey('é')).toEqual(left('Project key must start with a lowercase character'))
    expect(validateProjectKey('a'.repeat(129))).toEqual(left('Project key must be at most 128 characters'))
    expect(validateProjectKey('')).toEqual(left('This field is mandatory'))
  })
})

describe('steps', () => {
  it('a complete questionnaire is valid at every step', () => {
    for (const step of QUESTIONNAIRE_STEPS) expect(isStepValid(step, valid)).toBe(true)
    expect(firstInvalidStep(valid)).toEqual(none)
    expect(questionnaireErrors(valid)).toEqual({})
  })

  it('a fresh questionnaire stops at the purpose step', () => {
    expect(isStepValid('init', INITIAL_QUESTIONNAIRE)).toBe(true)
    expect(firstInvalidStep(INITIAL_QUESTIONNAIRE)).toEqual(some('purpose'))
    expect(questionnaireErrors(INITIAL_QUESTIONNAIRE)).toEqual({
      purpose: 'This field is mandatory',
      role: 'This field is mandatory',
      desiredFeature: 'Select at least one feature',
    })
  })

  it('details: role needed, otherRole for Other, companyName for Commercial only', () => {
    expect(stepErrors('details', { ...valid, role: null })).toEqual({ role: 'This field is mandatory' })
    expect(stepErrors('details', { ...valid, role: 'Other', otherRole: '  ' })).toEqual({
      otherRole: 'This field is mandatory',
    })
    expect(stepErrors('details', { ...valid, role: 'Other', otherRole: 'QA' })).toEqual({})
    expect(stepErrors('details', { ...valid, companyName: '' })).toEqual({
      companyName: 'This field is mandatory',
    })
    expect(stepErrors('details', { ...valid, purpose: 'Personal', companyName: '' })).toEqual({})
  })

  it('desired features, project name and key', () => {
    expect(stepErrors('desiredFeatures', { ...valid, desiredFeature: [] })).toEqual({
      desiredFeature: 'Select at least one feature',
    })
    expect(stepErrors('projectName', { ...valid, projectName: '' })).toEqual({
      projectName: 'This field is mandatory',
    })
    expect(stepErrors('projectKey', { ...valid, projectKey: 'X' })).toEqual({
      projectKey: 'Project key must start with a lowercase character',
    })
    // As keys with their data, worded only by the view's catalogue.
    expect(problemsOf('projectKey', { ...valid, projectKey: 'k'.repeat(129) })).toEqual({
      projectKey: { key: 'projectKeyLength', max: 128 },
    })
    expect(problemsOf('desiredFeatures', { ...valid, desiredFeature: [] })).toEqual({
      desiredFeature: { key: 'chooseFeature' },
    })
  })
})

describe('validateQuestionnaireStep', () => {
  const commercial: Questionnaire = { ...INITIAL_QUESTIONNAIRE, purpose: 'Commercial' }
  it.each([
    ['the welcome step takes anything', 'init', INITIAL_QUESTIONNAIRE, right(INITIAL_QUESTIONNAIRE)],
    ['no purpose', 'purpose', INITIAL_QUESTIONNAIRE, left({ purpose: { key: 'mandatory' } })],
    ['a purpose', 'purpose', commercial, right(commercial)],
  ] as const)('%s', (_, step, answers, expected) => {
    expect(validateQuestionnaireStep(step)(answers)).toEqual(expected)
  })
})
