import type { ReactNode } from 'react'
import { Dialog } from './Overlay'

export interface ShellDialogProps {
  readonly open: boolean
  readonly onClose: () => void
  readonly title: string
  readonly description: string
  readonly children?: ReactNode
  /** The dialog's own actions, in the kit's footer (a flow's Back and Next). */
  readonly footer?: ReactNode
}

/**
 * A modal dialog of the shell: the kit's Dialog (title, description, content, the close button in
 * its head; Escape closes too), as every other dialog of the console.
 */
export default function ShellDialogFrame({
  open,
  onClose,
  title,
  description,
  children,
  footer,
}: ShellDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={title}
      description={description}
      footer={footer}
    >
      {children}
    </Dialog>
  )
}
