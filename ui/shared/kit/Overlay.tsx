/** Overlays on Radix: Dialog, AlertDialog (role alertdialog, focus on the safe choice), Tooltip, Popover. */
import { useEffect, type ReactNode } from 'react'
import * as RDialog from '@radix-ui/react-dialog'
import * as RPopover from '@radix-ui/react-popover'
import { X } from 'lucide-react'
import { Button, IconButton } from './Button'
import { kitText } from './messages'
import styles from './overlay.module.css'

// Its own module, so a screen that only needs a hint (RelativeTime) does not load the dialogs.
export { Tooltip } from './Tooltip'

export interface DialogProps {
  readonly open: boolean
  readonly onOpenChange: (open: boolean) => void
  readonly title: ReactNode
  readonly description?: ReactNode
  readonly children?: ReactNode
  /** The buttons at the bottom (the primary one last). */
  readonly footer?: ReactNode
  readonly size?: 'sm' | 'md' | 'lg'
  /** False: a click outside does not close it (a choice that must be made with its buttons). */
  readonly closeOnOutsideClick?: boolean
}

/**
 * Escape closes the dialog even while a toast shows over it. Radix gives Escape to the top layer
 * only, and a toast raised after the dialog (a failed save) is that layer: it closed itself and
 * left the key unused, so the dialog never heard it. A key no layer used closes the dialog; one
 * a layer used (the dialog's own, a menu or list inside it) is marked and left alone.
 */
function useEscapeUnderToast(open: boolean, onOpenChange: (open: boolean) => void) {
  useEffect(() => {
    if (!open) return undefined
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) onOpenChange(false)
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [open, onOpenChange])
}

export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  size = 'md',
  closeOnOutsideClick = true,
}: DialogProps) {
  useEscapeUnderToast(open, onOpenChange)
  return (
    <RDialog.Root open={open} onOpenChange={onOpenChange}>
      <RDialog.Portal>
        <RDialog.Overlay className={styles.overlay} />
        <RDialog.Content
          className={styles.dialog}
          data-size={size}
          onPointerDownOutside={closeOnOutsideClick ? undefined : (e) => e.preventDefault()}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <header className={styles.head}>
            <RDialog.Title className={styles.title}>{title}</RDialog.Title>
            <RDialog.Close asChild>
              <IconButton
                size="sm"
                variant="subtle"
                label={kitText({ key: 'close' })}
                icon={<X size={18} aria-hidden />}
              />
            </RDialog.Close>
          </header>
          {description ? (
            <RDialog.Description className={styles.description}>{description}</RDialog.Description>
          ) : null}
          {children}
          {footer && <footer className={styles.footer}>{footer}</footer>}
        </RDialog.Content>
      </RDialog.Portal>
    </RDialog.Root>
  )
}

export interface AlertDialogProps {
  readonly open: boolean
  readonly onOpenChange: (open: boolean) => void
  readonly title: ReactNode
  readonly description: ReactNode
  readonly confirmLabel: string
  readonly cancelLabel?: string
  readonly onConfirm: () => void
  readonly busy?: boolean
  readonly tone?: 'danger' | 'primary'
}

/** A confirmation that interrupts: Cancel has the focus, Escape cancels. */
export function AlertDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = kitText({ key: 'cancel' }),
  onConfirm,
  busy,
  tone = 'danger',
}: AlertDialogProps) {
  return (
    <RDialog.Root open={open} onOpenChange={onOpenChange}>
      <RDialog.Portal>
        <RDialog.Overlay className={styles.overlay} />
        <RDialog.Content
          role="alertdialog"
          className={styles.dialog}
          data-size="sm"
          onPointerDownOutside={(e) => e.preventDefault()}
        >
          <RDialog.Title className={styles.title}>{title}</RDialog.Title>
          <RDialog.Description className={styles.description}>{description}</RDialog.Description>
          <footer className={styles.footer}>
            <RDialog.Close asChild>
              <Button autoFocus>{cancelLabel}</Button>
            </RDialog.Close>
            <Button variant={tone} busy={busy} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </footer>
        </RDialog.Content>
      </RDialog.Portal>
    </RDialog.Root>
  )
}

/** Non-modal content anchored to a trigger (filters, details). */
export function Popover({
  trigger,
  children,
  label,
}: {
  readonly trigger: ReactNode
  readonly children: ReactNode
  readonly label: string
}) {
  return (
    <RPopover.Root>
      <RPopover.Trigger asChild>{trigger}</RPopover.Trigger>
      <RPopover.Portal>
        <RPopover.Content className={styles.popover} aria-label={label} sideOffset={6} align="start">
          {children}
        </RPopover.Content>
      </RPopover.Portal>
    </RPopover.Root>
  )
}
