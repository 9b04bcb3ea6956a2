import { clientServed, type SetupStep } from '../../../domain/setMeUp/steps'
import { CodeBlock } from '../kit/CodeBlock'
import { Button } from '../kit/Button'
import { whatHappened } from '../failureText'
import type { Failure } from '../../../domain/shared/failure'
import styles from './setUp.module.css'

/** One client set-up step: its title, where the snippet goes, and the snippet with Copy. */
export function SetupStepView({ step, level = 3 }: { readonly step: SetupStep; readonly level?: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3'
  return (
    <div className={styles.setupStep}>
      <Heading>{step.title}</Heading>
      {step.file && (
        <p>
          In <code>{step.file}</code>:
        </p>
      )}
      {/* Wrapped, never scrolled: a command cut mid-URL cannot be read or checked before pasting. */}
      <CodeBlock code={step.code} label={step.title.toLowerCase()} wrap />
    </div>
  )
}

/** What the platform does not serve for a package type: its client would get 404s. */
export function NotServedNote({
  packageType,
  repo,
}: {
  readonly packageType: string
  readonly repo: string
}) {
  if (clientServed(packageType)) return null
  return (
    <p className={styles.note}>
      This platform does not serve the {packageType} client yet. The files of {repo} can be uploaded and
      downloaded over HTTP:
    </p>
  )
}

/** Where the base URL stands: loading, failed (with a retry) or loaded. */
export function BaseUrlState({
  failure,
  onRetry,
}: {
  readonly failure: Failure | undefined
  readonly onRetry: () => void
}) {
  if (failure === undefined)
    return (
      <p role="status" className={styles.muted}>
        Loading the platform address…
      </p>
    )
  return (
    <div role="alert">
      <p>Could not load the platform address: {whatHappened(failure)}.</p>
      <Button variant="secondary" onClick={onRetry}>
        Retry
      </Button>
    </div>
  )
}
