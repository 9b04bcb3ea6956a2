import type { SetupStep } from '../../domain/onboarding/setMeUp'
import chrome from './chrome.module.css'

/** One client set-up step: its title, where the snippet goes, and the snippet. */
export function SetupStepView({ step, level = 3 }: { readonly step: SetupStep; readonly level?: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3'
  return (
    <div className={chrome.setupStep}>
      <Heading>{step.title}</Heading>
      {step.file && (
        <p>
          In <code>{step.file}</code>:
        </p>
      )}
      <pre className={chrome.snippet}>
        <code>{step.code}</code>
      </pre>
    </div>
  )
}

/** Where the base URL stands: loading, failed (with a retry) or loaded. */
export function BaseUrlState({
  failure,
  onRetry,
}: {
  readonly failure: string | undefined
  readonly onRetry: () => void
}) {
  if (failure === undefined)
    return (
      <p role="status" className={chrome.muted}>
        Loading the platform address…
      </p>
    )
  return (
    <div role="alert">
      <p>Could not load the platform address: {failure}</p>
      <button type="button" onClick={onRetry}>
        Retry
      </button>
    </div>
  )
}
