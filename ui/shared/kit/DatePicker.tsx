/**
 * The DateField's control (DateField.tsx draws a placeholder of it until this chunk arrives): a
 * text field that reads a day typed in the user's locale, and a calendar button opening a month
 * grid in a popover (Radix Popover). A chunk of its own: Radix Popover and its scroll lock weigh
 * more than the screens' chunks have left.
 *
 * What was typed is read when the field is left or Enter is pressed: a day there is no such
 * thing as (31/02/2026) keeps the text and says why, and the value stays what it was.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react'
import * as RPopover from '@radix-ui/react-popover'
import { CalendarDays, ChevronLeft } from 'lucide-react'
import {
  dayPattern,
  firstDayOfWeek,
  formatDayDigits,
  formatDayFull,
  formatMonthYear,
  weekdayNames,
} from '../dates'
import { Button, IconButton } from './Button'
import { clampDay, fromIso, readTyped, toIso, type Day, type Typed } from './calendar'
import { dateText, type DateProblem } from './dateMessages'
import type { DateFieldProps, TypedBefore } from './DateField'
import { Field, inputClass } from './Field'
import { addDays, addMonths, monthWeeks, weekday } from './monthGrid'
import fieldStyles from './field.module.css'
import styles from './dateField.module.css'

/** Why what was typed is not a day, with the pattern to type (its key: worded when drawn). */
function typedProblem(typed: Typed, pattern: string): DateProblem | undefined {
  switch (typed.kind) {
    case 'shape':
      return { key: 'dateShape', pattern }
    case 'noMonth':
      return { key: 'noSuchMonth', month: typed.month, pattern }
    case 'noDay':
      return { key: 'noSuchDay', month: toIso({ ...typed, day: 1 }), day: typed.day }
    default:
      return undefined
  }
}

function rangeProblem(
  iso: string,
  min: string | undefined,
  max: string | undefined,
): DateProblem | undefined {
  if (min && iso < min) return { key: 'notBefore', min }
  if (max && iso > max) return { key: 'notAfter', max }
  return undefined
}

export default function DateControl({
  label,
  hint,
  error,
  required,
  inline,
  value,
  defaultValue,
  onValueChange,
  min,
  max,
  id,
  name,
  disabled,
  className,
  typedBefore,
}: DateFieldProps & { readonly typedBefore?: RefObject<TypedBefore | undefined> }) {
  const [own, setOwn] = useState(defaultValue ?? '')
  // A day given to onValueChange that the caller's value has not caught up with yet (the packages
  // filters' comes back through the URL): shown until the value changes, so the field does not
  // flash the old day, and the calendar opens on it.
  const [pending, setPending] = useState<string | null>(null)
  const [seen, setSeen] = useState(value)
  if (value !== seen) {
    setSeen(value)
    setPending(null)
  }
  const current = pending ?? value ?? own
  // What the user is typing (null: the field shows the value) and why it is not a day.
  // Read once, when the control replaces the field drawn while it loaded.
  const [before] = useState(() => typedBefore?.current)
  const [draft, setDraft] = useState<string | null>(before?.text ?? null)
  const [problem, setProblem] = useState<DateProblem | undefined>()
  const [open, setOpen] = useState(before?.open ?? false)
  const { order, pattern } = dayPattern()

  const commit = (next: string) => {
    setDraft(null)
    setProblem(undefined)
    if (value === undefined) setOwn(next)
    else setPending(next)
    if (next !== current) onValueChange?.(next)
  }
  const read = () => {
    if (draft === null) return
    const typed = readTyped(draft, order)
    if (typed.kind === 'empty') return commit('')
    if (typed.kind !== 'day') return setProblem(typedProblem(typed, pattern))
    const iso = toIso(typed.day)
    const outside = rangeProblem(iso, min, max)
    if (outside) setProblem(outside)
    else commit(iso)
  }
  // A day typed in the field drawn while this chunk loaded, and left (or entered) before it
  // came, is read now, as leaving the field or Enter would have read it here.
  const readOnArrival = useRef(before?.text !== undefined && (!before.focused || before.entered === true))
  useEffect(() => {
    if (!readOnArrival.current) return
    readOnArrival.current = false
    read()
  })
  const today = new Date()
  const todayDay = { year: today.getFullYear(), month: today.getMonth() + 1, day: today.getDate() }
  const buttonLabel = dateText({ key: 'chooseDate', field: typeof label === 'string' ? label : undefined })

  return (
    <Field
      label={label}
      hint={hint}
      error={error ?? (problem && dateText(problem))}
      required={required}
      inline={inline}
    >
      <DateInput
        id={id}
        className={[inputClass, className].filter(Boolean).join(' ')}
        name={name}
        isoValue={current}
        text={draft ?? formatDayDigits(current)}
        pattern={pattern}
        disabled={disabled}
        onText={setDraft}
        onRead={read}
        autoFocus={before?.focused}
        buttonFocus={before?.focusedButton}
        open={open}
        onOpenChange={(next) => {
          if (next) read()
          setOpen(next)
        }}
        buttonLabel={buttonLabel}
        calendar={
          <Calendar
            initial={clampDay(fromIso(current) ?? todayDay, min, max)}
            selected={fromIso(current)}
            today={todayDay}
            min={min}
            max={max}
            onPick={(d) => {
              commit(d ? toIso(d) : '')
              setOpen(false)
            }}
          />
        }
      />
    </Field>
  )
}

/** The input and its calendar button; Field gives it the id and the aria attributes. */
function DateInput({
  isoValue,
  text,
  pattern,
  name,
  onText,
  onRead,
  autoFocus,
  buttonFocus,
  open,
  onOpenChange,
  buttonLabel,
  calendar,
  disabled,
  ...aria
}: {
  readonly id?: string
  readonly className: string
  readonly 'aria-describedby'?: string
  readonly 'aria-invalid'?: boolean
  readonly 'aria-required'?: boolean
  readonly isoValue: string
  readonly text: string
  readonly pattern: string
  readonly name?: string
  readonly disabled?: boolean
  readonly onText: (text: string) => void
  readonly onRead: () => void
  /** The user was typing in the field drawn while this chunk loaded: the focus stays with them. */
  readonly autoFocus?: boolean
  /** The calendar button of the field drawn while this chunk loaded had the focus. */
  readonly buttonFocus?: boolean
  readonly open: boolean
  readonly onOpenChange: (open: boolean) => void
  readonly buttonLabel: string
  readonly calendar: ReactNode
}) {
  const formatId = useId()
  const describedBy = [aria['aria-describedby'], formatId].filter(Boolean).join(' ')
  return (
    <RPopover.Root open={open} onOpenChange={onOpenChange}>
      <RPopover.Anchor asChild>
        <span className={fieldStyles.withAction}>
          <input
            {...aria}
            type="text"
            autoComplete="off"
            placeholder={pattern}
            value={text}
            disabled={disabled}
            // Only keeps a focus the user gave the field drawn while this chunk loaded.
            autoFocus={autoFocus}
            aria-describedby={describedBy}
            onChange={(e) => onText(e.target.value)}
            onBlur={onRead}
            onKeyDown={(e) => {
              if (e.key === 'Enter') onRead()
              else if (e.key === 'ArrowDown' && e.altKey) {
                e.preventDefault()
                onOpenChange(true)
              }
            }}
          />
          {/* The expected format, read with the field (the placeholder goes once something is typed). */}
          <span id={formatId} hidden>
            {dateText({ key: 'dateFormat', pattern })}
          </span>
          {name !== undefined && <input type="hidden" name={name} value={isoValue} />}
          <RPopover.Trigger asChild>
            <IconButton
              size="sm"
              variant="subtle"
              className={fieldStyles.action}
              label={buttonLabel}
              disabled={disabled}
              autoFocus={buttonFocus}
              icon={<CalendarDays size={16} aria-hidden />}
            />
          </RPopover.Trigger>
        </span>
      </RPopover.Anchor>
      <RPopover.Portal>
        <RPopover.Content
          className={styles.popover}
          aria-label={buttonLabel}
          align="start"
          sideOffset={6}
          collisionPadding={8}
          // The calendar focuses its day itself.
          onOpenAutoFocus={(e) => e.preventDefault()}
        >
          {calendar}
        </RPopover.Content>
      </RPopover.Portal>
    </RPopover.Root>
  )
}

const KEY_MOVES: Readonly<Record<string, (d: Day, shift: boolean, firstDay: number) => Day>> = {
  ArrowLeft: (d) => addDays(d, -1),
  ArrowRight: (d) => addDays(d, 1),
  ArrowUp: (d) => addDays(d, -7),
  ArrowDown: (d) => addDays(d, 7),
  PageUp: (d, shift) => addMonths(d, shift ? -12 : -1),
  PageDown: (d, shift) => addMonths(d, shift ? 12 : 1),
  Home: (d, _, firstDay) => addDays(d, -((weekday(d) - firstDay + 7) % 7)),
  End: (d, _, firstDay) => addDays(d, 6 - ((weekday(d) - firstDay + 7) % 7)),
}

/**
 * A month as a grid of days (WAI-ARIA date picker dialog): one day in the tab order, the arrow
 * keys move by a day or a week, Page Up and Page Down by a month (with Shift, a year), Home and
 * End to the week's ends; Enter or a click picks the day.
 */
function Calendar({
  initial,
  selected,
  today,
  min,
  max,
  onPick,
}: {
  readonly initial: Day
  readonly selected: Day | undefined
  readonly today: Day
  readonly min: string | undefined
  readonly max: string | undefined
  readonly onPick: (day: Day | undefined) => void
}) {
  // The day with the tab stop, and whether focus should go to it (not after a month button).
  const [focus, setFocus] = useState({ day: initial, move: true })
  const grid = useRef<HTMLTableElement>(null)
  const headingId = useId()
  const firstDay = firstDayOfWeek()
  const { year, month } = focus.day
  const focusIso = toIso(focus.day)

  useEffect(() => {
    if (focus.move)
      grid.current?.querySelector<HTMLElement>(`[data-day="${focusIso}"]`)?.focus({ preventScroll: true })
  }, [focusIso, focus.move])

  const go = (day: Day, move: boolean) => setFocus({ day: clampDay(day, min, max), move })
  const onKeyDown = (e: KeyboardEvent) => {
    const step = KEY_MOVES[e.key]
    if (!step) return
    e.preventDefault()
    go(step(focus.day, e.shiftKey, firstDay), true)
  }
  const outside = (d: Day) => {
    const iso = toIso(d)
    return (min !== undefined && iso < min) || (max !== undefined && iso > max)
  }
  const lastOf = (d: Day) => addDays(addMonths({ ...d, day: 1 }, 1), -1)
  const previous = addMonths(focus.day, -1)
  const next = addMonths(focus.day, 1)
  const same = (a: Day | undefined, b: Day) =>
    !!a && a.year === b.year && a.month === b.month && a.day === b.day
  const weekdays = Array.from({ length: 7 }, (_, i) => weekdayNames(((firstDay - 1 + i) % 7) + 1))

  return (
    <div className={styles.calendar}>
      <div className={styles.head}>
        <IconButton
          size="sm"
          label={dateText({ key: 'previousMonth' })}
          icon={<ChevronLeft size={16} aria-hidden />}
          disabled={outside(lastOf(previous))}
          onClick={() => go(previous, false)}
        />
        <h2 id={headingId} className={styles.month} aria-live="polite">
          {formatMonthYear(focusIso)}
        </h2>
        <IconButton
          size="sm"
          label={dateText({ key: 'nextMonth' })}
          // ChevronLeft turned round: ChevronRight is in another chunk, and an icon two chunks
          // use goes into the icons file every page loads (vite.config.ts `icons`).
          icon={<ChevronLeft size={16} aria-hidden className={styles.turned} />}
          disabled={outside({ ...next, day: 1 })}
          onClick={() => go(next, false)}
        />
      </div>
      <table role="grid" ref={grid} aria-labelledby={headingId} className={styles.grid} onKeyDown={onKeyDown}>
        <thead>
          <tr>
            {weekdays.map(([short, long]) => (
              <th key={long} scope="col" abbr={long}>
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(year, month, firstDay).map((week, w) => (
            <tr key={w}>
              {week.map((d, i) =>
                d ? (
                  <td key={i} role="gridcell" aria-selected={same(selected, d)}>
                    <button
                      type="button"
                      className={styles.day}
                      data-day={toIso(d)}
                      tabIndex={same(focus.day, d) ? 0 : -1}
                      aria-label={formatDayFull(toIso(d))}
                      aria-current={same(today, d) ? 'date' : undefined}
                      disabled={outside(d)}
                      onClick={() => onPick(d)}
                    >
                      {d.day}
                    </button>
                  </td>
                ) : (
                  <td key={i} role="gridcell" />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <div className={styles.foot}>
        <Button size="sm" variant="ghost" onClick={() => onPick(undefined)}>
          {dateText({ key: 'clearDate' })}
        </Button>
        <Button size="sm" variant="ghost" disabled={outside(today)} onClick={() => onPick(today)}>
          {dateText({ key: 'today' })}
        </Button>
      </div>
    </div>
  )
}
