/**
 * The four toast types (@radix-ui/react-toast), each shown for its specified time (counted from
 * when it appears), then dismissed. A chunk of its own: `Toasts` loads it with the first toast.
 */
import * as RadixToast from '@radix-ui/react-toast'
import { TOAST_DURATION_MS, type Toast } from '../../domain/notifications'
import { useDispatch, useQuery } from '../shared/appContext'
import styles from './toasts.module.css'

const TITLES = { error: 'Error', success: 'Success', info: 'Info', warning: 'Warning' } as const

const wording = (toast: Toast): string =>
  toast.messageKey === 'notAuthorized' ? 'You are not authorized to view this page' : (toast.message ?? '')

export default function Toaster() {
  const toasts = useQuery({ type: 'notifications/Toasts' })
  const dispatch = useDispatch()
  return (
    <RadixToast.Provider swipeDirection="right">
      {toasts.map((toast) => (
        <RadixToast.Root
          key={toast.id}
          className={`${styles.toast} ${styles[toast.kind]}`}
          duration={TOAST_DURATION_MS[toast.kind]}
          type={toast.kind === 'error' ? 'foreground' : 'background'}
          data-kind={toast.kind}
          onOpenChange={(open) => {
            if (!open) dispatch({ type: 'notifications/Dismiss', id: toast.id })
          }}
        >
          <RadixToast.Title className={styles.title}>{TITLES[toast.kind]}</RadixToast.Title>
          <RadixToast.Description>{wording(toast)}</RadixToast.Description>
          <RadixToast.Close className={styles.close} aria-label="Dismiss notification">
            ×
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport className={styles.viewport} label="Notifications ({hotkey})" />
    </RadixToast.Provider>
  )
}
