/**
 * What a form in steps draws around its fields (the getting-started questionnaire, the
 * personalization dialog): the list of its steps, the current one marked, and its footer, Back
 * to the step before and the submit that goes on.
 */
import { Button } from './kit/Button'
import { formActionsClass } from './kit/Field'
import wizardCss from './wizard.module.css'

export function WizardSteps<S extends string>({
  steps,
  current,
  titles,
  isDone,
}: {
  steps: ReadonlyArray<S>
  current: S
  titles: Readonly<Record<S, string>>
  isDone: (step: S) => boolean
}) {
  return (
    <ol className={wizardCss.steps} aria-label="Steps">
      {steps.map((s) => (
        <li key={s} className={wizardCss.step} aria-current={s === current ? 'step' : undefined}>
          {titles[s]}
          {isDone(s) && <span className={wizardCss.done}> (done)</span>}
        </li>
      ))}
    </ol>
  )
}

/** Back (when there is a step before) and the submit, both held while the form is busy. */
export function WizardActions({
  onBack,
  busy,
  submitLabel,
}: {
  onBack: (() => void) | undefined
  busy: boolean
  submitLabel: string
}) {
  return (
    <div className={formActionsClass}>
      {onBack && (
        <Button type="button" variant="secondary" disabled={busy} onClick={onBack}>
          Back
        </Button>
      )}
      <Button type="submit" variant="primary" busy={busy}>
        {submitLabel}
      </Button>
    </div>
  )
}
