/**
 * Personalization onboarding (spec 001 sections 2-4): a step-based screen that asks which
 * technologies a user works with, what they came to do first and whether they want the console
 * to show only the artifact pages. Each step has its data (`stepDataObject`), a completed flag
 * and a validity flag; the whole is kept in the browser's local storage under
 * `personalizationData`, encoded (base64 of JSON), until it is sent to the platform, then
 * removed. Nothing in it is secret: choices from fixed lists and flags only, and the codec is
 * exact, so anything else found in storage is dropped when it is read.
 */
import * as t from 'io-ts'
import { isRight, left, right, type Either } from 'fp-ts/Either'
import type { Message, Problems } from '../shared/messages'
import { base64Bytes, encodeBase64 } from '../shared/forms'

export const PERSONALIZATION_STORAGE_KEY = 'personalizationData'

export const PERSONALIZATION_STEPS = ['technologies', 'goal', 'view'] as const
export type PersonalizationStep = (typeof PERSONALIZATION_STEPS)[number]

/** The package technologies to choose from (the view names each). */
export const TECHNOLOGIES = ['npm', 'docker', 'maven', 'pypi', 'go', 'helm', 'debian', 'generic'] as const
export type Technology = (typeof TECHNOLOGIES)[number]

/** What the user came to do first (the view words each). */
export const GOALS = ['store', 'proxy', 'scan', 'distribute'] as const
export type Goal = (typeof GOALS)[number]

const literals = <T extends string>(values: ReadonlyArray<T>) =>
  t.keyof(Object.fromEntries(values.map((v) => [v, null])) as Record<T, null>)

// Exact codecs: extra fields (anything a script or an older build put in storage) are dropped.
const TechnologiesData = t.exact(t.type({ technologies: t.array(literals(TECHNOLOGIES)) }))
const GoalData = t.exact(t.type({ goal: t.union([literals(GOALS), t.null]) }))
const ViewData = t.exact(t.type({ artifactOnly: t.boolean }))

const stepOf = <C extends t.Mixed>(data: C) =>
  t.exact(t.type({ stepDataObject: data, isCompleted: t.boolean, isValid: t.boolean }))

export const PersonalizationDataC = t.exact(
  t.type({
    step: literals(PERSONALIZATION_STEPS),
    steps: t.exact(
      t.type({
        technologies: stepOf(TechnologiesData),
        goal: stepOf(GoalData),
        view: stepOf(ViewData),
      }),
    ),
    /** Set when the user turned artifact-only mode off after having it on. */
    RTonlyRemoved: t.boolean,
  }),
)
export type PersonalizationData = t.TypeOf<typeof PersonalizationDataC>
export type StepData<S extends PersonalizationStep> = PersonalizationData['steps'][S]['stepDataObject']
/** Any step's data, tagged with its step (what a step's Next sends). */
export type StepDataOf =
  | {
      readonly step: 'technologies'
      readonly stepDataObject: { readonly technologies: ReadonlyArray<Technology> }
    }
  | { readonly step: 'goal'; readonly stepDataObject: { readonly goal: Goal | null } }
  | { readonly step: 'view'; readonly stepDataObject: { readonly artifactOnly: boolean } }
export const StepDataOfC = t.union([
  t.type({ step: t.literal('technologies'), stepDataObject: TechnologiesData }),
  t.type({ step: t.literal('goal'), stepDataObject: GoalData }),
  t.type({ step: t.literal('view'), stepDataObject: ViewData }),
])

/** A step's change as events carry it (its own copy of the lists). */
export function stepChange(change: StepDataOf): t.TypeOf<typeof StepDataOfC> {
  return change.step === 'technologies'
    ? { step: 'technologies', stepDataObject: { technologies: [...change.stepDataObject.technologies] } }
    : change.step === 'goal'
      ? { step: 'goal', stepDataObject: { goal: change.stepDataObject.goal } }
      : { step: 'view', stepDataObject: { artifactOnly: change.stepDataObject.artifactOnly } }
}

export const INITIAL_PERSONALIZATION: PersonalizationData = {
  step: 'technologies',
  steps: {
    technologies: { stepDataObject: { technologies: [] }, isCompleted: false, isValid: false },
    goal: { stepDataObject: { goal: null }, isCompleted: false, isValid: false },
    // Artifact-only mode starts on: a new user sees the artifact pages first.
    view: { stepDataObject: { artifactOnly: true }, isCompleted: false, isValid: true },
  },
  RTonlyRemoved: false,
}

/** The message key of a step's data that does not hold, or undefined when it does. */
export function personalizationStepProblem(
  change: StepDataOf,
): 'chooseTechnology' | 'chooseGoal' | undefined {
  switch (change.step) {
    case 'technologies':
      return change.stepDataObject.technologies.length === 0 ? 'chooseTechnology' : undefined
    case 'goal':
      return change.stepDataObject.goal === null ? 'chooseGoal' : undefined
    case 'view':
      return undefined
  }
}

export type PersonalizationMessage = Extract<Message, { key: 'chooseTechnology' | 'chooseGoal' }>

/** A step's answer as the form holds it, validated: the change the command takes, or the step's problem. */
export function validatePersonalizationStep(
  change: StepDataOf,
): Either<Problems<'step', PersonalizationMessage>, StepDataOf> {
  const problem = personalizationStepProblem(change)
  return problem === undefined ? right(change) : left({ step: { key: problem } })
}

const isValidStep = (change: StepDataOf): boolean => personalizationStepProblem(change) === undefined

/**
 * A step completed with its data: stored, completed, valid, and the next step shown. Turning
 * artifact-only mode off after it was on sets RTonlyRemoved (it stays set).
 */
export function completePersonalizationStep(
  data: PersonalizationData,
  change: StepDataOf,
): PersonalizationData {
  const index = PERSONALIZATION_STEPS.indexOf(change.step)
  const next = PERSONALIZATION_STEPS[Math.min(index + 1, PERSONALIZATION_STEPS.length - 1)] ?? change.step
  const removedArtifactOnly =
    change.step === 'view' &&
    data.steps.view.stepDataObject.artifactOnly &&
    !change.stepDataObject.artifactOnly
  const copy = stepChange(change)
  const done = { isCompleted: true, isValid: true }
  const steps: PersonalizationData['steps'] =
    copy.step === 'technologies'
      ? { ...data.steps, technologies: { stepDataObject: copy.stepDataObject, ...done } }
      : copy.step === 'goal'
        ? { ...data.steps, goal: { stepDataObject: copy.stepDataObject, ...done } }
        : { ...data.steps, view: { stepDataObject: copy.stepDataObject, ...done } }
  return {
    step: next,
    steps,
    RTonlyRemoved: data.RTonlyRemoved || removedArtifactOnly,
  }
}

/** Every step completed: the data can be sent. */
export const personalizationComplete = (data: PersonalizationData): boolean =>
  PERSONALIZATION_STEPS.every((step) => data.steps[step].isCompleted)

/** Back to a step already completed, or the current one. */
export const canShowPersonalizationStep = (data: PersonalizationData, step: PersonalizationStep): boolean =>
  step === data.step || data.steps[step].isCompleted

/** The text of a base64 value of UTF-8 bytes, or undefined when it is not one (round trip checked). */
function fromBase64(value: string): string | undefined {
  const bytes = base64Bytes(value)
  if (bytes === undefined) return undefined
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array(bytes))
  } catch {
    return undefined
  }
}

/** The stored form of the data: base64 of its JSON. */
export const encodePersonalization = (data: PersonalizationData): string =>
  encodeBase64([...new TextEncoder().encode(JSON.stringify(PersonalizationDataC.encode(data)))])

/**
 * The data kept in storage, or null when there is none or it is not ours (not base64, not
 * JSON, not of the codec's shape): a bad value is ignored. Validity is not taken on trust: a
 * step marked valid or completed whose data does not hold is read as not done.
 */
export function decodePersonalization(stored: string | null): PersonalizationData | null {
  if (stored === null) return null
  const text = fromBase64(stored)
  if (text === undefined) return null
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return null
  }
  const decoded = PersonalizationDataC.decode(json)
  if (!isRight(decoded)) return null
  const data = decoded.right
  const { technologies, goal, view } = data.steps
  const checked = <S extends PersonalizationStep>(
    step: S,
    held: PersonalizationData['steps'][S],
  ): PersonalizationData['steps'][S] => {
    const valid = isValidStep({ step, stepDataObject: held.stepDataObject } as StepDataOf)
    return { ...held, isValid: valid, isCompleted: held.isCompleted && valid }
  }
  const steps: PersonalizationData['steps'] = {
    technologies: checked('technologies', {
      ...technologies,
      stepDataObject: { technologies: [...new Set(technologies.stepDataObject.technologies)] },
    }),
    goal: checked('goal', goal),
    view: checked('view', view),
  }
  // The step shown is never past the first one not completed.
  const open = PERSONALIZATION_STEPS.findIndex((s) => !steps[s].isCompleted)
  const shown =
    open !== -1 && PERSONALIZATION_STEPS.indexOf(data.step) > open ? PERSONALIZATION_STEPS[open]! : data.step
  return { step: shown, steps, RTonlyRemoved: data.RTonlyRemoved }
}

/** What is sent to the platform: the choices and the flag, without the steps' bookkeeping. */
export function personalizationChoices(data: PersonalizationData) {
  return {
    technologies: [...data.steps.technologies.stepDataObject.technologies],
    goal: data.steps.goal.stepDataObject.goal,
    artifactOnly: data.steps.view.stepDataObject.artifactOnly,
    RTonlyRemoved: data.RTonlyRemoved,
  }
}
export type PersonalizationChoices = ReturnType<typeof personalizationChoices>
