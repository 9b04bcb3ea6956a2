/**
 * The kit's Select: a list box in a popover (Radix Select: arrow keys, typeahead, Escape), in
 * place of the browser's <select>. Radix Select and its scroll lock weigh ~12 KB gzip, more than
 * most areas' chunks have left, so they load in a chunk of their own (SelectPopup) the first
 * time a Select renders; until then the same trigger is drawn, and a click or key on it opens
 * the list as soon as it has loaded. The empty string is a valid value ("All kinds").
 */
import { lazy, Suspense, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react'
import { ChevronDown } from 'lucide-react'
import styles from './select.module.css'

export interface Option<V extends string = string> {
  readonly value: V
  readonly label: ReactNode
  readonly disabled?: boolean
}

export interface SelectProps<V extends string> {
  /** The accessible name (when no visible Field label points at it). */
  readonly 'aria-label'?: string
  readonly id?: string
  readonly value: V
  readonly options: ReadonlyArray<Option<V>>
  readonly onValueChange: (value: V) => void
  readonly disabled?: boolean
  readonly placeholder?: string
  /** Fill the width of its column (form fields) instead of fitting its text. */
  readonly wide?: boolean
  readonly className?: string
  /** The trigger button (to move focus to it). */
  readonly ref?: Ref<HTMLButtonElement>
  // Given by Field.
  readonly 'aria-describedby'?: string
  readonly 'aria-invalid'?: boolean
  readonly 'aria-required'?: boolean
}

export interface SelectPopupProps<V extends string> extends SelectProps<V> {
  readonly defaultOpen: boolean
  readonly triggerClass: string
}

const SelectPopup = lazy(() => import('./SelectPopup'))

const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp'])

export function Select<V extends string>({ ref, ...props }: SelectProps<V>) {
  const [openOnLoad, setOpenOnLoad] = useState(false)
  const triggerClass = [styles.trigger, props.wide ? styles.wide : undefined, props.className]
    .filter(Boolean)
    .join(' ')
  const chosen = props.options.find((o) => o.value === props.value)
  const fallback = (
    <button
      type="button"
      role="combobox"
      aria-expanded={false}
      aria-autocomplete="none"
      ref={ref}
      id={props.id}
      aria-label={props['aria-label']}
      aria-describedby={props['aria-describedby']}
      aria-invalid={props['aria-invalid']}
      aria-required={props['aria-required']}
      className={triggerClass}
      disabled={props.disabled}
      data-placeholder={chosen ? undefined : ''}
      onClick={() => setOpenOnLoad(true)}
      onKeyDown={(e: KeyboardEvent) => {
        if (!OPEN_KEYS.has(e.key)) return
        e.preventDefault()
        setOpenOnLoad(true)
      }}
    >
      <span className={styles.value}>{chosen ? chosen.label : props.placeholder}</span>
      <ChevronDown size={16} aria-hidden />
    </button>
  )
  return (
    <Suspense fallback={fallback}>
      <SelectPopup
        {...(props as unknown as SelectProps<string>)}
        ref={ref}
        defaultOpen={openOnLoad}
        triggerClass={triggerClass}
      />
    </Suspense>
  )
}
