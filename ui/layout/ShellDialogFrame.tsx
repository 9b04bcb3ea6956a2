import type { ReactNode } from 'react'
import * as Dialog from '@radix-ui/react-dialog'
import { Button } from '../shared/kit/Button'
import styles from './layout.module.css'

export interface ShellDialogProps {
  readonly open: boolean
  readonly onClose: () => void
  readonly title: string
  readonly description: string
  readonly children?: ReactNode
}

/** A modal dialog of the shell: title, description, content and a Close button (Escape closes too). */
export default function ShellDialogFrame({ open, onClose, title, description, children }: ShellDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(o) => !o && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog}>
          <Dialog.Title>{title}</Dialog.Title>
          <Dialog.Description>{description}</Dialog.Description>
          {children}
          <div className={styles.dialogActions}>
            <Dialog.Close asChild>
              <Button>Close</Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
