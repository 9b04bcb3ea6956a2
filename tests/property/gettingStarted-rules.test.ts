import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { isRight } from 'fp-ts/Either'
import {
  DESIRED_FEATURES,
  QUESTIONNAIRE_STEPS,
  PURPOSES,
  ROLES,
  isStepValid,
  questionnaireErrors as allProblemsOf,
  stepErrors as problemsOf,
  validateProjectKey,
  type QuestionnaireStep,
  type Questionnaire,
  type QuestionnaireField,
  type StepErrors,
} from '../../domain/gettingStarted'
import { messageText } from '../../ui/shared/messages'

/** The rules give problems as keys; the catalogue words them (the exact messages are checked in words). */
const worded = (errors: StepErrors): Record<string, string> =>
  Object.fromEntries(Object.entries(errors).map(([field, problem]) => [field, messageText(problem!)]))
const stepErrors = (step: QuestionnaireStep, q: Questionnaire) => worded(problemsOf(step, q))
const questionnaireErrors = (q: Questionnaire) => worded(allProblemsOf(q))
import { isBase64, encodeBase64, validateName, NAME_PATTERN } from '../../domain/shared/forms'
import { MANDATORY_MESSAGE } from '../../domain/shared/formWords'

const nonBlank = fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim() !== '')
const blank = fc.constantFrom('', ' ', '\t', '  \n')
const validKey = fc
  .tuple(fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'), fc.string({ maxLength: 127 }))
  .map(([a, rest]) => a + rest)

const validQuestionnaire: fc.Arbitrary<Questionnaire> = fc
  .record({
    purpose: fc.constantFrom(...PURPOSES),
    role: fc.constantFrom(...ROLES),
    companyName: fc.string(),
    ossProjectName: fc.string(),
    otherRole: fc.string(),
    desiredFeature: fc.subarray([...DESIRED_FEATURES], { minLength: 1 }),
    projectName: nonBlank,
    projectKey: validKey,
  })
  .chain((q) =>
    fc
      .record({
        companyName: q.purpose === 'Commercial' ? nonBlank : fc.constant(q.companyName),
        otherRole: q.role === 'Other' ? nonBlank : fc.constant(q.otherRole),
      })
      .map((fix) => ({ ...q, ...fix })),
  )

interface Violation {
  readonly step: QuestionnaireStep
  readonly field: QuestionnaireField
  readonly message: string
  readonly break: (q: Questionnaire) => fc.Arbitrary<Questionnaire>
}

const MANDATORY = MANDATORY_MESSAGE
const violations: ReadonlyArray<Violation> = [
  {
    step: 'purpose',
    field: 'purpose',
    message: MANDATORY,
    break: (q) => fc.constant({ ...q, purpose: null, companyName: q.companyName || 'x' }),
  },
  { step: 'details', field: 'role', message: MANDATORY, break: (q) => fc.constant({ ...q, role: null }) },
  {
    step: 'details',
    field: 'otherRole',
    message: MANDATORY,
    break: (q) => blank.map((otherRole) => ({ ...q, role: 'Other' as const, otherRole })),
  },
  {
    step: 'details',
    field: 'companyName',
    message: MANDATORY,
    break: (q) => blank.map((companyName) => ({ ...q, purpose: 'Commercial' as const, companyName })),
  },
  {
    step: 'desiredFeatures',
    field: 'desiredFeature',
    message: 'Select at least one feature',
    break: (q) => fc.constant({ ...q, desiredFeature: [] }),
  },
  {
    step: 'projectName',
    field: 'projectName',
    message: MANDATORY,
    break: (q) => blank.map((projectName) => ({ ...q, projectName })),
  },
  {
    step: 'projectKey',
    field: 'projectKey',
    message: MANDATORY,
    break: (q) => fc.constant({ ...q, projectKey: '' }),
  },
  {
    step: 'projectKey',
    field: 'projectKey',
    message: 'Project key must start with a lowercase character',
    break: (q) =>
      fc
        .tuple(
          fc.string({ minLength: 1, maxLength: 1 }).filter((c) => !/[a-z]/.test(c)),
          fc.string({ maxLength: 100 }),
        )
        .map(([c, rest]) => ({ ...q, projectKey: c + rest })),
  },
  {
    step: 'projectKey',
    field: 'projectKey',
    message: 'Project key must be at most 128 characters',
    break: (q) =>
      fc.string({ minLength: 128, maxLength: 300 }).map((rest) => ({ ...q, projectKey: 'k' + rest })),
  },
]

// Counterexamples found while writing the rules, kept as explicit cases.
const regressions: ReadonlyArray<readonly [string, boolean]> = [
  ['a'.repeat(128), true],
  ['a'.repeat(129), false],
  ['\u0061', true],
  ['ａbc', false],
  ['', false],
]

describe('onboarding questionnaire', () => {
  it('every valid questionnaire passes every step', () => {
    fc.assert(
      fc.property(validQuestionnaire, (q) => {
        for (const step of QUESTIONNAIRE_STEPS) expect(stepErrors(step, q), step).toEqual({})
        expect(questionnaireErrors(q)).toEqual({})
      }),
      { numRuns: 2_000 },
    )
  })

  it('every single-rule violation fails its step with its message, and only that', () => {
    const broken = fc
      .tuple(validQuestionnaire, fc.constantFrom(...violations))
      .chain(([q, v]) => v.break(q).map((b) => ({ v, b })))
    fc.assert(
      fc.property(broken, ({ v, b }) => {
        expect(stepErrors(v.step, b)).toEqual({ [v.field]: v.message })
        for (const step of QUESTIONNAIRE_STEPS)
          if (step !== v.step) expect(isStepValid(step, b), step).toBe(true)
        expect(questionnaireErrors(b)).toEqual({ [v.field]: v.message })
      }),
      { numRuns: 3_000 },
    )
  })

  it('validateProjectKey: right exactly for 1..128 characters starting with a-z', () => {
    for (const [key, ok] of regressions) expect(isRight(validateProjectKey(key)), key).toBe(ok)
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (key) => {
        expect(isRight(validateProjectKey(key))).toBe(/^[a-z]/.test(key) && key.length <= 128)
      }),
    )
  })
})

describe('generic form rules', () => {
  it('base64 accepts exactly what encoding produces', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const text = encodeBase64([...bytes])
        expect(text).toBe(Buffer.from(bytes).toString('base64'))
        expect(isBase64(text)).toBe(true)
      }),
    )
    fc.assert(
      fc.property(fc.string({ maxLength: 24 }), (s) => {
        const roundTrips = Buffer.from(Buffer.from(s, 'base64').toString('base64')).toString() === s
        expect(isBase64(s)).toBe(roundTrips)
      }),
      { numRuns: 5_000 },
    )
  })

  it('names: accepted exactly when every character is a letter, digit, dash, underscore or period', () => {
    fc.assert(
      fc.property(fc.oneof(fc.stringMatching(/^[A-Za-z0-9_.-]{1,10}$/), fc.string({ minLength: 1 })), (s) => {
        fc.pre(s.trim() !== '')
        expect(isRight(validateName(s))).toBe(NAME_PATTERN.test(s) && /^[A-Za-z0-9_.-]+$/.test(s))
      }),
    )
  })
})
