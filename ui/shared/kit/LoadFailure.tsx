// Its own module, not Surface's: it brings Button and two icons, which chunks that only use
// cards and badges should not pay for.
import type { ReactNode } from 'react'
import { RefreshCw, TriangleAlert } from 'lucide-react'
import { Button } from './Button'
import styles from './surface.module.css'

/** What could not be loaded and why, announced, with the Retry that loads it again. */
export function LoadFailure({
  message,
  onRetry,
}: {
  readonly message: ReactNode
  readonly onRetry: () => void
}) {
  return (
    <div role="alert" className={styles.failure}>
      <TriangleAlert size={20} aria-hidden="true" className={styles.failureIcon} />
      <p>{message}</p>
      <Button size="sm" icon={<RefreshCw size={16} aria-hidden="true" />} onClick={onRetry}>
        Retry
      </Button>
    </div>
  )
}
