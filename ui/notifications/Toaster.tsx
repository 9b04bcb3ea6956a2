/**
 * The four toast types (@radix-ui/react-toast), each shown for its specified time (counted from
 * when it appears), then dismissed. A chunk of its own: `Toasts` loads it with the first toast.
 */
import * as RadixToast from '@radix-ui/react-toast'
import { MESSAGE_DURATION_MS, TOAST_DURATION_MS } from '../../domain/notifications'
import { useDispatch, useQuery } from '../shared/appContext'
import { createElement } from 'react'
import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from 'lucide-react'
import { IconButton } from '../shared/kit/Button'
import { TOAST_WORDS, toastText } from '../shared/toastMessages'
import styles from './toasts.module.css'

const ICONS = { error: CircleAlert, success: CircleCheck, info: Info, warning: TriangleAlert } as const

export default function Toaster() {
  const toasts = useQuery({ type: 'notifications/Toasts' })
  const dispatch = useDispatch()
  return (
    <RadixToast.Provider swipeDirection="right">
      {toasts.map((toast) => (
        <RadixToast.Root
          key={toast.id}
          className={`${styles.toast} ${styles[toast.kind]}`}
          duration={
            (toast.message.key !== 'recorded' && MESSAGE_DURATION_MS[toast.message.key]) ||
            TOAST_DURATION_MS[toast.kind]
          }
          type={toast.kind === 'error' ? 'foreground' : 'background'}
          data-kind={toast.kind}
          onOpenChange={(open) => {
            if (!open) dispatch({ type: 'notifications/Dismiss', id: toast.id })
          }}
        >
          {createElement(ICONS[toast.kind], { size: 18, 'aria-hidden': true, className: styles.icon })}
          <RadixToast.Title className={styles.title}>{TOAST_WORDS[toast.kind]}</RadixToast.Title>
          <RadixToast.Description className={styles.description}>
            {toastText(toast.message)}
          </RadixToast.Description>
          <RadixToast.Close asChild>
            <IconButton
              size="sm"
              variant="subtle"
              className={styles.close}
              label={TOAST_WORDS.dismiss}
              icon={<X size={16} aria-hidden />}
            />
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport className={styles.viewport} label={TOAST_WORDS.viewport} />
    </RadixToast.Provider>
  )
}
