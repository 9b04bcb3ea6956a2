/**
 * Form fields: Field gives any control its label, hint, error and required mark, wired by ids
 * (aria-describedby, aria-invalid, aria-required), so a screen reader reads the error with the
 * control. TextField, PasswordField and Textarea are Field plus the native control styled with
 * the tokens (DateField, in its own module, adds a calendar). Messages are already resolved by
 * the caller (keys stay in the view).
 */
import {
  cloneElement,
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactElement,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react'
import { Eye, EyeOff } from 'lucide-react'
import { IconButton } from './Button'
import { kitText } from './messages'
import styles from './field.module.css'

interface ControlProps {
  readonly id?: string
  readonly 'aria-describedby'?: string
  readonly 'aria-invalid'?: boolean
  readonly 'aria-required'?: boolean
}

export interface FieldProps {
  readonly label: ReactNode
  readonly hint?: ReactNode
  readonly error?: ReactNode
  readonly required?: boolean
  /** The label beside the control instead of above it, in a kit toolbar (toolbar.module.css). */
  readonly inline?: boolean
  /** The control; it gets the id and the aria attributes. */
  readonly children: ReactElement<ControlProps>
  readonly className?: string
}

export function Field({ label, hint, error, required, inline, children, className }: FieldProps) {
  const auto = useId()
  const id = children.props.id ?? auto
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy =
    [children.props['aria-describedby'], hintId, errorId].filter(Boolean).join(' ') || undefined
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')} data-inline={inline || undefined}>
      {/* The required mark is the label's ::after (no text of its own: the label's text stays the
          field's name, and aria-required says it to a screen reader). */}
      <label htmlFor={id} className={styles.label} data-required={required || undefined}>
        {label}
      </label>
      {cloneElement(children, {
        id,
        'aria-describedby': describedBy,
        'aria-invalid': error ? true : children.props['aria-invalid'],
        'aria-required': required || undefined,
      })}
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  )
}

export type FieldText = Omit<FieldProps, 'children' | 'className'>

export interface TextFieldProps extends FieldText, Omit<InputHTMLAttributes<HTMLInputElement>, 'required'> {}

/** The kit's class and the caller's, which adds to it (a width, a font) rather than replacing it. */
const withInputClass = (className: string | undefined) =>
  className ? `${styles.input} ${className}` : styles.input

// The Field's props, and the control's, with the kit's class joined to the caller's className.
const split = <P extends FieldText & { readonly className?: string | undefined }>({
  label,
  hint,
  error,
  required,
  inline,
  className,
  ...rest
}: P) =>
  [
    { label, hint, error, required, inline },
    { ...rest, className: withInputClass(className) },
  ] as const

export function TextField(props: TextFieldProps) {
  const [field, input] = split(props)
  return (
    <Field {...field}>
      <input type="text" {...input} />
    </Field>
  )
}

/** A password input with a show/hide toggle; the value never leaves the component but by onChange. */
export function PasswordField(props: TextFieldProps) {
  const [field, input] = split(props)
  const [shown, setShown] = useState(false)
  return (
    <Field {...field}>
      <PasswordInput {...input} shown={shown} onToggle={() => setShown((s) => !s)} />
    </Field>
  )
}

function PasswordInput({
  shown,
  onToggle,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { shown: boolean; onToggle: () => void }) {
  return (
    <span className={styles.withAction}>
      <input {...input} type={shown ? 'text' : 'password'} />
      <IconButton
        size="sm"
        variant="subtle"
        className={styles.action}
        label={kitText({ key: shown ? 'hidePassword' : 'showPassword' })}
        aria-pressed={shown}
        onClick={onToggle}
        icon={shown ? <EyeOff size={16} aria-hidden /> : <Eye size={16} aria-hidden />}
      />
    </span>
  )
}

export interface TextareaProps
  extends FieldText, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'required'> {}

export function Textarea(props: TextareaProps) {
  const [field, input] = split(props)
  return (
    <Field {...field}>
      <textarea rows={4} {...input} />
    </Field>
  )
}

/** Fields in a column (or two at wide widths) with the actions at the end. */
export function FormLayout({
  children,
  actions,
  columns = 1,
}: {
  readonly children: ReactNode
  readonly actions?: ReactNode
  readonly columns?: 1 | 2
}) {
  return (
    <div className={styles.form} data-columns={columns}>
      <div className={styles.fields}>{children}</div>
      {actions && <div className={styles.actions}>{actions}</div>}
    </div>
  )
}

/** The class of the kit's text inputs, for a control a screen builds itself (search bars). */
export const inputClass = styles.input
/** The class of FormLayout's row of buttons, for a form a screen lays out itself (the admin editors). */
export const formActionsClass = styles.actions
