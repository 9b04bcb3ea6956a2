// The login notice the platform may configure (login dialog content), in a dialog the user
// acknowledges; closing it records the dismissal. A chunk of its own, loaded by LoginScreen.
import { useState } from 'react'
import * as Dialog from '@radix-ui/react-dialog'
import { useDispatch, useQuery } from '../shared/appContext'
import styles from './session.module.css'
import dialog from './loginDialog.module.css'

export default function LoginDialog() {
  const content = useQuery({ type: 'session/LoginDialog' })
  const dispatch = useDispatch()
  const [open, setOpen] = useState(true)
  if (content === null) return null
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next)
        if (!next) dispatch({ type: 'session/DismissLoginDialog' })
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className={dialog.overlay} />
        <Dialog.Content className={dialog.dialog}>
          <Dialog.Title>Notice</Dialog.Title>
          <Dialog.Description className={dialog.dialogText}>{content}</Dialog.Description>
          <Dialog.Close className={styles.primary}>I understand</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
