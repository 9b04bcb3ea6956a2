/**
 * Pieces every screen of the login family shares: labelled fields, the error and status
 * messages, the submit button, links that navigate through the bus, and the screen frame.
 */
import { Suspense, lazy, useId, type FormEvent, type MouseEvent, type ReactNode } from 'react'
import { useSearch } from 'wouter'
import type { AppCommand } from '../../domain/app'
import { platformSaidOr, type Failure } from '../../domain/shared/failure'
import type { FormState } from '../../domain/session/types'
import { useDispatch } from '../shared/appContext'
import styles from './session.module.css'
import frame from '../shared/bare.module.css'
import { Skeleton } from '../shared/kit/Skeleton'
import box from '../shared/kit/checkbox.module.css'
import { FailureNote } from '../shared/kit/LoadFailure'

/** navigation/Navigate belongs to the navigation area: `to` is a path under the /ui base. */
export const navigateTo = (to: string, replace = false): AppCommand =>
  ({ type: 'navigation/Navigate', to, replace }) as unknown as AppCommand

export function useNavigateTo(): (to: string, replace?: boolean) => void {
  const dispatch = useDispatch()
  return (to, replace = false) => dispatch(navigateTo(to, replace))
}

/** The query of the current location as a plain record. */
export function useQueryParams(): Readonly<Record<string, string>> {
  const search = useSearch()
  return Object.fromEntries(new URLSearchParams(search))
}

/** A link inside the console: a real href (open in new tab works), navigation through the bus. */
export function NavLink({
  to,
  children,
  className = styles.link,
}: {
  to: string
  children: ReactNode
  /** The look: a text link unless said (a screen's one way on may look like its button). */
  className?: string | undefined
}) {
  const navigate = useNavigateTo()
  return (
    <a
      className={className}
      href={`/ui${to}`}
      onClick={(e: MouseEvent<HTMLAnchorElement>) => {
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
        e.preventDefault()
        navigate(to)
      }}
    >
      {children}
    </a>
  )
}

export function Screen({
  title,
  children,
  intro,
}: {
  title: string
  children: ReactNode
  intro?: ReactNode
}) {
  const id = useId()
  return (
    <section className={frame.screen} aria-labelledby={id}>
      <h1 id={id} className={styles.title}>
        {title}
      </h1>
      {intro ? <p className={styles.intro}>{intro}</p> : null}
      {children}
    </section>
  )
}

export function Field(props: {
  label: string
  value: string
  onChange: (value: string) => void
  type?: 'text' | 'password' | 'email'
  autoComplete?: string
  required?: boolean
  error?: string | null
  inputMode?: 'numeric' | 'text'
  autoFocus?: boolean
  readOnly?: boolean
  maxLength?: number
}) {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        type={props.type ?? 'text'}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        autoComplete={props.autoComplete}
        required={props.required}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
        inputMode={props.inputMode}
        autoFocus={props.autoFocus}
        readOnly={props.readOnly}
        maxLength={props.maxLength}
      />
      {props.error ? (
        <p id={errorId} className={styles.fieldError}>
          {props.error}
        </p>
      ) : null}
    </div>
  )
}

/** The kit's Checkbox drawn on a native box: Radix's (~7 KB gzip) would not fit the login page. */
export function Checkbox(props: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId()
  return (
    <span className={box.row}>
      <input
        id={id}
        className={box.box}
        type="checkbox"
        checked={props.checked}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      <label htmlFor={id}>{props.label}</label>
    </span>
  )
}

// The words for a secret the page no longer held (a reload, a second submit: rare) load only
// when one was, not with the login page.
const SecretGone = lazy(() => import('./messages'))

/** A failure of the last request, in the words of the error catalogue. */
export function ErrorMessage({
  failure,
  fallback,
}: {
  failure: Failure | null | undefined
  fallback: string
}) {
  if (!failure) return null
  return (
    <FailureNote>
      {failure.secretGone === undefined ? (
        platformSaidOr(failure, fallback)
      ) : (
        <Suspense fallback={fallback}>
          <SecretGone secret={failure.secretGone} />
        </Suspense>
      )}
    </FailureNote>
  )
}

export function StatusMessage({ children }: { children: ReactNode }) {
  return (
    <p role="status" className={styles.status}>
      {children}
    </p>
  )
}

export function Submit({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <button type="submit" className={styles.primary} disabled={busy} aria-busy={busy || undefined}>
      {busy ? busyLabel : label}
    </button>
  )
}

export function Form({
  label,
  onSubmit,
  onEdit,
  children,
}: {
  label: string
  /** Gets the event too, so a form kit's submit handler (ui/shared/forms.tsx) fits. */
  onSubmit: (event: FormEvent) => void
  /** Any field changed or the form was submitted (before `onSubmit`), valid or not. */
  onEdit?: () => void
  children: ReactNode
}) {
  return (
    <form
      aria-label={label}
      className={styles.form}
      noValidate
      onChange={onEdit}
      onSubmit={(e: FormEvent) => {
        e.preventDefault()
        onEdit?.()
        onSubmit(e)
      }}
    >
      {children}
    </form>
  )
}

export const failureOf = (form: FormState): Failure | null => (form.status === 'failed' ? form.failure : null)

/**
 * A form of the login family in the shape of what comes: a label and a box per field, then
 * the button. One status for screen readers.
 */
export function FormSkeleton({ fields = 2 }: { fields?: number }) {
  return (
    <div className={styles.form} role="status" aria-label="Loading">
      {Array.from({ length: fields }, (_, i) => (
        <div key={i} className={styles.field}>
          <Skeleton width="6rem" />
          <Skeleton height="2.25rem" />
        </div>
      ))}
      <Skeleton height="2.25rem" />
    </div>
  )
}

/** A screen of the login family while its code loads: the card, a title bar and a form. */
export function ScreenSkeleton() {
  return (
    <section className={frame.screen}>
      <div className={styles.title}>
        <Skeleton width="9rem" height="1.75rem" />
      </div>
      <FormSkeleton />
    </section>
  )
}
