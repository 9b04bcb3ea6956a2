/**
 * A day, typed in the user's locale ('03/12/2026' in en-US, the pattern shown in the empty
 * field) or picked from a month grid in a popover, in place of the browser's date input; the
 * value is an ISO day ('2026-03-12', or '' for none), as the native input's was.
 *
 * The control (DatePicker.tsx) is a chunk of its own, asked for when the user first shows intent
 * (the pointer over the field, or the focus in it: intent.ts): Radix Popover, its positioning and
 * its scroll lock weigh more than a first page should carry. Until it arrives the same field is
 * drawn with the value in the locale's digits; what the user types there meanwhile is handed to
 * the control, which starts from it (and keeps the focus), so nothing typed is lost to the
 * chunk's loading.
 */
import { lazy, Suspense, useId, useRef } from 'react'
import { CalendarDays } from 'lucide-react'
import { IconButton } from './Button'
import { dateText } from './dateMessages'
import { useIntent } from './intent'
import fieldStyles from './field.module.css'
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

/**
 * What was typed in the field drawn while the control loads, whether it had the focus, and
 * whether its calendar button was pressed (the calendar then opens as the control arrives).
 */
export interface TypedBefore {
  /** Undefined when nothing was typed (the field only took the focus). */
  readonly text?: string
  readonly focused: boolean
  /** The calendar button had the focus (a keyboard user tabbed past the field). */
  readonly focusedButton?: boolean
  /** Enter was pressed in it (the control reads what was typed as it arrives). */
  readonly entered?: boolean
  readonly open?: boolean
}

const DateControl = lazy(() => import('./DatePicker'))

export function DateField(props: DateFieldProps) {
  const { label, hint, error, required, inline, id, className } = props
  const typed = useRef<TypedBefore | undefined>(undefined)
  const intent = useIntent()
  const waiting = (
    <Field label={label} hint={hint} error={error} required={required} inline={inline}>
      <DateStandIn
        id={id}
        className={[inputClass, className].filter(Boolean).join(' ')}
        text={formatDayDigits(props.value ?? props.defaultValue ?? '')}
        buttonLabel={dateText({ key: 'chooseDate', field: typeof label === 'string' ? label : undefined })}
        disabled={props.disabled}
        onTyped={(change) => (typed.current = { focused: false, ...typed.current, ...change })}
        onIntent={intent.want}
      />
    </Field>
  )
  return (
    <Suspense fallback={waiting}>
      {intent.wanted ? <DateControl {...props} typedBefore={typed} /> : waiting}
    </Suspense>
  )
}

/**
 * The field and its calendar button as the control draws them, before its chunk is in: the
 * pointer over either, or the focus in either, asks for it. Field gives the id and aria.
 */
function DateStandIn({
  text,
  buttonLabel,
  onTyped,
  onIntent,
  disabled,
  ...input
}: {
  readonly id?: string
  readonly className: string
  readonly 'aria-describedby'?: string
  readonly 'aria-invalid'?: boolean
  readonly 'aria-required'?: boolean
  readonly text: string
  readonly buttonLabel: string
  readonly disabled?: boolean
  /** Notes what the user did here, for the control to start from. */
  readonly onTyped: (change: Partial<TypedBefore>) => void
  readonly onIntent: () => void
}) {
  const formatId = useId()
  const pattern = dayPattern().pattern
  return (
    <span className={fieldStyles.withAction} onPointerEnter={onIntent}>
      <input
        {...input}
        aria-describedby={[input['aria-describedby'], formatId].filter(Boolean).join(' ')}
        // Drawn again from the value when it changes elsewhere (the filters' URL), until the
        // control comes: what is typed here asks for the control first.
        key={text}
        type="text"
        autoComplete="off"
        placeholder={pattern}
        defaultValue={text}
        disabled={disabled}
        onFocus={() => {
          onTyped({ focused: true })
          onIntent()
        }}
        onChange={(e) => onTyped({ text: e.target.value, focused: true, entered: false })}
        onKeyDown={(e) => e.key === 'Enter' && onTyped({ entered: true })}
        onBlur={() => onTyped({ focused: false })}
      />
      {/* The expected format, read with the field, as the control says it. */}
      <span id={formatId} hidden>
        {dateText({ key: 'dateFormat', pattern })}
      </span>
      <IconButton
        size="sm"
        variant="subtle"
        className={fieldStyles.action}
        label={buttonLabel}
        disabled={disabled}
        icon={<CalendarDays size={16} aria-hidden />}
        onFocus={() => {
          onTyped({ focused: false, focusedButton: true })
          onIntent()
        }}
        onBlur={() => onTyped({ focusedButton: false })}
        onClick={() => {
          onTyped({ focused: false, open: true })
          onIntent()
        }}
      />
    </span>
  )
}
