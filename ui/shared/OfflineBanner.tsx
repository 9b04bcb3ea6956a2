/**
 * Says so while the browser is offline: what is on screen stays, and what needs the
 * platform fails with its own message until the connection is back (issue: offline
 * navigation blanked the page). The browser's own online state is read here, in the view,
 * because no decision depends on it: requests fail and say why on their own.
 */
import { useSyncExternalStore } from 'react'
import styles from './chunkStates.module.css'

function subscribe(changed: () => void): () => void {
  window.addEventListener('online', changed)
  window.addEventListener('offline', changed)
  return () => {
    window.removeEventListener('online', changed)
    window.removeEventListener('offline', changed)
  }
}

export function OfflineBanner() {
  const online = useSyncExternalStore(subscribe, () => navigator.onLine)
  if (online) return null
  return (
    <p role="status" className={styles.offline}>
      Offline: what is on screen stays until the connection is back.
    </p>
  )
}
