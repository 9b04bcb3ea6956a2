import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react'
import { LoaderCircle } from 'lucide-react'
import styles from './button.module.css'

/**
 * `subtle` is a ghost in muted text, for the small actions inside another control or message (a
 * password's reveal, a code block's copy, a toast's dismiss), which should not outweigh it.
 */
export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost' | 'subtle'

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  readonly variant?: ButtonVariant
  readonly size?: 'sm' | 'md'
  /** Shows a spinner, sets aria-busy and refuses clicks while an action runs. */
  readonly busy?: boolean
  /** An icon before the text (lucide-react element). */
  readonly icon?: ReactNode
}

/** The classes of a kit button, for a link that looks like one (a create page, Cancel back to a list). */
export function buttonClass(variant: ButtonVariant = 'secondary', size: 'sm' | 'md' = 'md'): string {
  return [styles.button, styles[variant], styles[size]].filter(Boolean).join(' ')
}

/** The one button: primary for the page's main action, secondary otherwise, danger to delete. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'secondary', size = 'md', busy = false, icon, className, children, disabled, type, ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type ?? 'button'}
      className={[buttonClass(variant, size), className].filter(Boolean).join(' ')}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy ? <LoaderCircle className={styles.spin} size={16} aria-hidden /> : icon}
      {children}
    </button>
  )
})

export interface IconButtonProps extends Omit<ButtonProps, 'icon' | 'children'> {
  /** The accessible name (also the tooltip text via title). */
  readonly label: string
  readonly icon: ReactNode
}

/** A square button with only an icon; its label is its accessible name. */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { label, icon, variant = 'ghost', className, ...rest },
  ref,
) {
  return (
    <Button
      ref={ref}
      variant={variant}
      aria-label={label}
      title={label}
      className={[styles.iconOnly, className].filter(Boolean).join(' ')}
      icon={icon}
      {...rest}
    />
  )
})
