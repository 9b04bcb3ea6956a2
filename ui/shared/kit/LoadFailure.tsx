// Its own module, not Surface's: it brings Button and two icons, which chunks that only use
// cards and badges should not pay for.
import type { ReactNode } from 'react'
import { RefreshCw, TriangleAlert } from 'lucide-react'
import { Button } from './Button'
import { kitText } from './messages'
import styles from './surface.module.css'

/**
 * What could not be loaded and why, announced, with the Retry that loads it again (none when
 * there is nothing to retry from here).
 */
export function LoadFailure({
  message,
  onRetry,
  retryLabel = kitText({ key: 'retry' }),
}: {
  readonly message: ReactNode
  readonly onRetry?: (() => void) | undefined
  readonly retryLabel?: string
}) {
  return (
    <div role="alert" className={styles.failure}>
      <TriangleAlert size={20} aria-hidden="true" className={styles.failureIcon} />
      <p>{message}</p>
      {onRetry && (
        <Button size="sm" icon={<RefreshCw size={16} aria-hidden="true" />} onClick={onRetry}>
          {retryLabel}
        </Button>
      )}
    </div>
  )
}

/** A failure told in one line, announced (a refused save, a missing item): LoadFailure's box without Retry. */
export function FailureNote({ children }: { readonly children: ReactNode }) {
  return (
    <p role="alert" className={`${styles.failure} ${styles.failureNote}`}>
      <TriangleAlert size={18} aria-hidden="true" className={styles.failureIcon} />
      <span>{children}</span>
    </p>
  )
}
