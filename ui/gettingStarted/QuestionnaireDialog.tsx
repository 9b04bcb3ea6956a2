/**
 * The getting-started questionnaire (spec 001 sections 3–5): init, purpose, details, desired
 * features, project name and project key, then the project is created on the platform. The
 * answers stay in this form (so nothing typed is lost when a step or the creation is refused);
 * the step shown and the completed steps are the area's state. A chunk of its own: the main
 * layout loads it when the questionnaire opens.
 */
import { useId, type ReactNode } from 'react'
import {
  DESIRED_FEATURES,
  INITIAL_QUESTIONNAIRE,
  QUESTIONNAIRE_STEPS,
  PURPOSES,
  ROLES,
  validateQuestionnaireStep,
  type StepErrors,
  type QuestionnaireStep,
  type Questionnaire,
  type QuestionnaireProblem,
  type QuestionnaireWizard,
} from '../../domain/gettingStarted'
import { useDispatch, useQuery } from '../shared/appContext'
import { ShellDialog } from '../shared/kit/ShellDialog'
import { Checkbox } from '../shared/kit/Checkbox'
import { RadioGroup } from '../shared/kit/Choice'
import { TextField as KitTextField } from '../shared/kit/Field'
import { gettingStartedText } from './messages'
import { useValidatedForm } from '../shared/forms'
import kitField from '../shared/kit/field.module.css'
import wizardCss from '../shared/wizard.module.css'
import { WizardActions, WizardSteps } from '../shared/WizardParts'

const STEP_TITLES: Readonly<Record<QuestionnaireStep, string>> = {
  init: 'Welcome',
  purpose: 'Purpose',
  details: 'About you',
  desiredFeatures: 'Features',
  projectName: 'Project name',
  projectKey: 'Project key',
}

function Problem({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <p id={id} className={wizardCss.error} role="alert">
      {text}
    </p>
  ) : null
}

function TextField(props: {
  label: string
  value: string
  error: string | undefined
  onChange: (value: string) => void
  maxLength?: number
}) {
  return (
    <KitTextField
      label={props.label}
      value={props.value}
      maxLength={props.maxLength}
      // The kit words nothing: the message is announced as the step is refused.
      error={props.error ? <span role="alert">{props.error}</span> : undefined}
      onChange={(e) => props.onChange(e.target.value)}
    />
  )
}

function Choices<T extends string>(props: {
  legend: string
  options: ReadonlyArray<T>
  chosen: ReadonlyArray<T>
  multiple: boolean
  error: string | undefined
  onChange: (chosen: ReadonlyArray<T>) => void
}) {
  const id = useId()
  return (
    <fieldset className={wizardCss.fieldset} aria-describedby={props.error ? `${id}-error` : undefined}>
      <legend className={`${kitField.label} ${wizardCss.groupLabel}`}>{props.legend}</legend>
      {props.multiple ? (
        props.options.map((option) => (
          <Checkbox
            key={option}
            label={option}
            checked={props.chosen.includes(option)}
            onCheckedChange={(on) =>
              props.onChange(
                on
                  ? props.options.filter((o) => o === option || props.chosen.includes(o))
                  : props.chosen.filter((c) => c !== option),
              )
            }
          />
        ))
      ) : (
        <RadioGroup<T>
          label={props.legend}
          value={(props.chosen[0] ?? '') as T}
          options={props.options.map((o) => ({ value: o, label: o }))}
          onValueChange={(v) => props.onChange([v])}
        />
      )}
      <Problem id={`${id}-error`} text={props.error} />
    </fieldset>
  )
}

type WordedErrors = Partial<Record<keyof StepErrors, string>>

/** Each field's problem in words, from the catalogue. */
const wordedErrors = (errors: StepErrors): WordedErrors =>
  Object.fromEntries(
    Object.entries(errors).map(([field, problem]) => [
      field,
      problem ? gettingStartedText(problem) : undefined,
    ]),
  )

function StepFields({
  step,
  answers,
  errors,
  set,
}: {
  step: QuestionnaireStep
  answers: Questionnaire
  errors: WordedErrors
  set: (patch: Partial<Questionnaire>) => void
}): ReactNode {
  switch (step) {
    case 'init':
      return <p>A few questions to set up your platform, then your first project.</p>
    case 'purpose':
      return (
        <Choices
          legend="What will you use the platform for?"
          options={PURPOSES}
          chosen={answers.purpose ? [answers.purpose] : []}
          multiple={false}
          error={errors.purpose}
          onChange={([purpose]) => set({ purpose: purpose ?? null })}
        />
      )
    case 'details':
      return (
        <>
          <Choices
            legend="Your role"
            options={ROLES}
            chosen={answers.role ? [answers.role] : []}
            multiple={false}
            error={errors.role}
            onChange={([role]) => set({ role: role ?? null })}
          />
          {answers.role === 'Other' && (
            <TextField
              label="Other role"
              value={answers.otherRole}
              error={errors.otherRole}
              onChange={(otherRole) => set({ otherRole })}
            />
          )}
          <TextField
            label={answers.purpose === 'Commercial' ? 'Company name' : 'Company name (optional)'}
            value={answers.companyName}
            error={errors.companyName}
            onChange={(companyName) => set({ companyName })}
          />
          <TextField
            label="Open-source project name (optional)"
            value={answers.ossProjectName}
            error={errors.ossProjectName}
            onChange={(ossProjectName) => set({ ossProjectName })}
          />
        </>
      )
    case 'desiredFeatures':
      return (
        <Choices
          legend="Which features do you want to use?"
          options={DESIRED_FEATURES}
          chosen={answers.desiredFeature}
          multiple
          error={errors.desiredFeature}
          onChange={(desiredFeature) => set({ desiredFeature })}
        />
      )
    case 'projectName':
      return (
        <TextField
          label="Project name"
          value={answers.projectName}
          error={errors.projectName}
          onChange={(projectName) => set({ projectName })}
        />
      )
    case 'projectKey':
      return (
        <TextField
          label="Project key"
          value={answers.projectKey}
          error={errors.projectKey}
          onChange={(projectKey) => set({ projectKey })}
        />
      )
  }
}

function Wizard({ wizard }: { wizard: QuestionnaireWizard }) {
  const dispatch = useDispatch()
  const step = wizard.step
  // One form for every step (the answers stay when going back); a step's messages show once the
  // user tried to leave it, and a step left behind starts the next one without messages.
  const form = useValidatedForm<Questionnaire, Questionnaire, QuestionnaireProblem>(
    INITIAL_QUESTIONNAIRE,
    validateQuestionnaireStep(step),
    gettingStartedText,
  )
  const answers = form.values
  const errors = form.shown ? wordedErrors(form.problems) : {}
  const index = QUESTIONNAIRE_STEPS.indexOf(step)
  const last = index === QUESTIONNAIRE_STEPS.length - 1
  const creating = wizard.creation.status === 'creating'
  const set = form.set

  if (wizard.creation.status === 'created') {
    const { name, key } = wizard.creation.project
    return <p role="status">{gettingStartedText({ key: 'projectCreated', name, projectKey: key })}</p>
  }

  const submit = form.submit((answers) => {
    dispatch(
      last
        ? { type: 'gettingStarted/SubmitQuestionnaire', answers }
        : { type: 'gettingStarted/CompleteQuestionnaireStep', step, answers },
    )
    if (!last) form.reset(answers)
  })
  const previous = QUESTIONNAIRE_STEPS[index - 1]
  return (
    <form aria-label="Onboarding questionnaire" onSubmit={submit} noValidate>
      <WizardSteps
        steps={QUESTIONNAIRE_STEPS}
        current={step}
        titles={STEP_TITLES}
        isDone={(s) => wizard.completed.includes(s)}
      />
      <h3>{STEP_TITLES[step]}</h3>
      <StepFields step={step} answers={answers} errors={errors} set={set} />
      {wizard.creation.status === 'failed' && (
        <p className={wizardCss.error} role="alert">
          {gettingStartedText({ key: 'projectCreationFailed', detail: wizard.creation.failure.message })}
        </p>
      )}
      <WizardActions
        onBack={
          previous === undefined
            ? undefined
            : () => dispatch({ type: 'gettingStarted/ShowQuestionnaireStep', step: previous })
        }
        busy={creating}
        submitLabel={last ? (creating ? 'Creating project…' : 'Create project') : 'Next'}
      />
    </form>
  )
}

export default function QuestionnaireDialog() {
  const wizard = useQuery({ type: 'gettingStarted/Questionnaire' })
  const dispatch = useDispatch()
  return (
    <ShellDialog
      open={wizard !== undefined}
      onClose={() => dispatch({ type: 'gettingStarted/CloseQuestionnaire' })}
      title="Get started"
      description="Tell us about your work and create your first project."
    >
      {wizard && <Wizard wizard={wizard} />}
    </ShellDialog>
  )
}
