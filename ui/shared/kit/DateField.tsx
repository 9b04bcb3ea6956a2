/**
 * A day, typed in the user's locale ('03/12/2026' in en-US, the pattern shown in the empty
 * field) or picked from a month grid in a popover, in place of the browser's date input; the
 * value is an ISO day ('2026-03-12', or '' for none), as the native input's was.
 *
 * The control (DatePicker.tsx) is a chunk of its own, asked for the first time a DateField
 * renders: Radix Popover and its scroll lock weigh more than the screens' chunks have left.
 * Until it arrives the same field is drawn with the value in the locale's digits; what the user
 * types there meanwhile is handed to the control, which starts from it (and keeps the focus), so
 * nothing typed is lost to the chunk's loading.
 */
import { lazy, Suspense, useRef } from 'react'
import { dayPattern, formatDayDigits } from '../dates'
import { Field, inputClass, type FieldText } from './Field'

export interface DateFieldProps extends FieldText {
  /** The day, 'yyyy-mm-dd', or '' for none (controlled). */
  readonly value?: string
  readonly defaultValue?: string
  /** A new day ('yyyy-mm-dd'), or '' when the field was emptied. */
  readonly onValueChange?: (value: string) => void
  /** The first and last days that can be chosen ('yyyy-mm-dd'). */
  readonly min?: string
  readonly max?: string
  readonly id?: string
  /** The value in a form's data under this name. */
  readonly name?: string
  readonly disabled?: boolean
  /** Added to the input's class. */
  readonly className?: string
}

/** What was typed in the field drawn while the control loads, and whether it had the focus. */
export interface TypedBefore {
  readonly text: string
  readonly focused: boolean
}

const DateControl = lazy(() => import('./DatePicker'))

export function DateField(props: DateFieldProps) {
  const { label, hint, error, required, inline, id, className } = props
  const typed = useRef<TypedBefore | undefined>(undefined)
  const waiting = (
    <Field label={label} hint={hint} error={error} required={required} inline={inline}>
      <input
        id={id}
        className={[inputClass, className].filter(Boolean).join(' ')}
        placeholder={dayPattern().pattern}
        defaultValue={formatDayDigits(props.value ?? props.defaultValue ?? '')}
        disabled={props.disabled}
        onChange={(e) => (typed.current = { text: e.target.value, focused: true })}
        onBlur={() => typed.current && (typed.current = { ...typed.current, focused: false })}
      />
    </Field>
  )
  return (
    <Suspense fallback={waiting}>
      <DateControl {...props} typedBefore={typed} />
    </Suspense>
  )
}
