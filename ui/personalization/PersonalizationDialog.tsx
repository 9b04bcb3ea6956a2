/**
 * Personalization onboarding (spec 001 sections 2-4): a step-based dialog — the technologies
 * the user works with, what they came to do first, and whether the console shows only the
 * artifact pages — then the choices are sent. Each step's data is the area's state (kept in
 * local storage until sent), so a closed dialog opens again where it was left.
 */
import {
  GOALS,
  PERSONALIZATION_STEPS,
  validatePersonalizationStep,
  TECHNOLOGIES,
  type Goal,
  type PersonalizationData,
  type PersonalizationStep,
  type StepDataOf,
  type Technology,
} from '../../domain/personalization'
import { useDispatch, useQuery } from '../shared/appContext'
import { Checkbox } from '../shared/kit/Checkbox'
import { RadioGroup, Switch } from '../shared/kit/Choice'
import { Dialog } from '../shared/kit/Overlay'
import { whatHappened } from '../shared/failureText'
import { messageText } from '../shared/messages'
import { useValidatedForm } from '../shared/forms'
import kitField from '../shared/kit/field.module.css'
import wizardCss from '../shared/wizard.module.css'
import { WizardActions, WizardSteps } from '../shared/WizardParts'
import styles from './personalization.module.css'

const STEP_TITLES: Readonly<Record<PersonalizationStep, string>> = {
  technologies: 'Technologies',
  goal: 'First goal',
  view: 'Your console',
}

const TECHNOLOGY_NAMES: Readonly<Record<Technology, string>> = {
  npm: 'npm',
  docker: 'Docker',
  maven: 'Maven',
  pypi: 'PyPI',
  go: 'Go',
  helm: 'Helm',
  debian: 'Debian',
  generic: 'Generic files',
}

const GOAL_NAMES: Readonly<Record<Goal, string>> = {
  store: 'Store and share my packages',
  proxy: 'Proxy public registries',
  scan: 'Scan for vulnerabilities',
  distribute: 'Distribute releases',
}

/** The step's data as the form holds it while the user changes it. */
function dataOf(data: PersonalizationData, step: PersonalizationStep): StepDataOf {
  switch (step) {
    case 'technologies':
      return { step, stepDataObject: data.steps.technologies.stepDataObject }
    case 'goal':
      return { step, stepDataObject: data.steps.goal.stepDataObject }
    case 'view':
      return { step, stepDataObject: data.steps.view.stepDataObject }
  }
}

function StepFields({ change, set }: { change: StepDataOf; set: (change: StepDataOf) => void }) {
  switch (change.step) {
    case 'technologies': {
      const chosen = change.stepDataObject.technologies
      return (
        <fieldset className={wizardCss.fieldset}>
          <legend className={`${kitField.label} ${wizardCss.groupLabel}`}>
            Which technologies do you work with?
          </legend>
          <div className={styles.choiceGrid}>
            {TECHNOLOGIES.map((t) => (
              <Checkbox
                key={t}
                label={TECHNOLOGY_NAMES[t]}
                checked={chosen.includes(t)}
                onCheckedChange={(on) =>
                  set({
                    step: 'technologies',
                    stepDataObject: {
                      technologies: on
                        ? TECHNOLOGIES.filter((x) => x === t || chosen.includes(x))
                        : chosen.filter((x) => x !== t),
                    },
                  })
                }
              />
            ))}
          </div>
        </fieldset>
      )
    }
    case 'goal':
      return (
        <div className={wizardCss.fieldset}>
          <p className={`${kitField.label} ${wizardCss.groupLabel}`}>What do you want to do first?</p>
          <RadioGroup<Goal>
            label="What do you want to do first?"
            value={change.stepDataObject.goal ?? ('' as Goal)}
            options={GOALS.map((g) => ({ value: g, label: GOAL_NAMES[g] }))}
            onValueChange={(goal) => set({ step: 'goal', stepDataObject: { goal } })}
          />
        </div>
      )
    case 'view':
      return (
        <div className={wizardCss.fieldset}>
          <Switch
            label="Show only the artifact pages"
            checked={change.stepDataObject.artifactOnly}
            onCheckedChange={(artifactOnly) => set({ step: 'view', stepDataObject: { artifactOnly } })}
          />
          <p className={styles.hint}>
            Artifact-only mode keeps packages, repositories and builds in front; turn it off to see security,
            distribution and the other products too.
          </p>
        </div>
      )
  }
}

// A new step starts a fresh form from the stored data of that step.
function Steps(props: { data: PersonalizationData; sending: boolean; failure: string | undefined }) {
  return <StepForm key={props.data.step} {...props} />
}

function StepForm({
  data,
  sending,
  failure,
}: {
  data: PersonalizationData
  sending: boolean
  failure: string | undefined
}) {
  const dispatch = useDispatch()
  const step = data.step
  const form = useValidatedForm(() => dataOf(data, step), validatePersonalizationStep, messageText)
  const index = PERSONALIZATION_STEPS.indexOf(step)
  const previous = PERSONALIZATION_STEPS[index - 1]
  const last = index === PERSONALIZATION_STEPS.length - 1
  const submit = form.submit((change) => {
    dispatch({ type: 'personalization/CompleteStep', change })
    if (last) dispatch({ type: 'personalization/Send' })
  })
  const problem = form.errorOf('step')
  return (
    <form aria-label="Personalization" onSubmit={submit} noValidate className={styles.wizard}>
      <WizardSteps
        steps={PERSONALIZATION_STEPS}
        current={step}
        titles={STEP_TITLES}
        isDone={(s) => data.steps[s].isCompleted}
      />
      <StepFields change={form.values} set={form.set} />
      {problem && (
        <p className={wizardCss.error} role="alert">
          {problem}
        </p>
      )}
      {failure && (
        <p className={wizardCss.error} role="alert">
          {messageText({ key: 'personalizationNotSent', detail: failure })}
        </p>
      )}
      <WizardActions
        onBack={
          previous === undefined
            ? undefined
            : () => dispatch({ type: 'personalization/ShowStep', step: previous })
        }
        busy={sending}
        submitLabel={last ? 'Save my choices' : 'Next'}
      />
    </form>
  )
}

export function PersonalizationDialog({
  open,
  data,
  sending,
  failure,
}: {
  open: boolean
  data: PersonalizationData
  sending: boolean
  failure: Parameters<typeof whatHappened>[0] | undefined
}) {
  const dispatch = useDispatch()
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && dispatch({ type: 'personalization/Close' })}
      title="Personalize your console"
      description="Three questions so the console shows what you need first. You can stop and come back later."
      closeOnOutsideClick={false}
    >
      {open && <Steps data={data} sending={sending} failure={failure ? whatHappened(failure) : undefined} />}
    </Dialog>
  )
}

/** The dialog as the getting-started page draws it (a piece lent by this area's manifest). */
export default function OpenPersonalizationDialog() {
  const p = useQuery({ type: 'personalization/Card' })
  if (p?.status !== 'shown') return null
  return <PersonalizationDialog open={p.open} data={p.data} sending={p.sending} failure={p.failure} />
}
