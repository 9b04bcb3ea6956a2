/**
 * The kit's Select: a list box in a popover (Radix Select: arrow keys, typeahead, Escape), in
 * place of the browser's <select>. Radix Select, its positioning and its scroll lock weigh
 * ~12 KB gzip, so they load in a chunk of their own (SelectPopup), fetched when the pointer
 * comes over the trigger or it takes the focus: until a press, the same trigger is drawn
 * (intent.ts), and a click or key on it swaps in the control with its list open. The empty
 * string is a valid value ("All kinds").
 */
import { lazy, Suspense, useMemo, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react'
import { ChevronDown } from 'lucide-react'
import { mergeRefs, useIntent } from './intent'
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

// One import for both the hover's early fetch and the lazy component.
const loadPopup = () => import('./SelectPopup')
const SelectPopup = lazy(loadPopup)

const preload = () => void loadPopup()

const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp'])

export function Select<V extends string>({ ref, ...props }: SelectProps<V>) {
  const [openOnLoad, setOpenOnLoad] = useState(false)
  const intent = useIntent()
  const standInRef = useMemo(() => mergeRefs(ref, intent.standIn), [ref, intent.standIn])
  const controlRef = useMemo(() => mergeRefs(ref, intent.control), [ref, intent.control])
  const open = () => {
    setOpenOnLoad(true)
    intent.want()
  }
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
      ref={standInRef}
      id={props.id}
      aria-label={props['aria-label']}
      aria-describedby={props['aria-describedby']}
      aria-invalid={props['aria-invalid']}
      aria-required={props['aria-required']}
      className={triggerClass}
      disabled={props.disabled}
      data-placeholder={chosen ? undefined : ''}
      // The pointer over it or the focus on it fetches the list's code; only a press swaps the
      // stand-in for it, so a press that starts on the stand-in also ends on it.
      onPointerEnter={preload}
      onFocus={preload}
      onClick={open}
      onKeyDown={(e: KeyboardEvent) => {
        if (!OPEN_KEYS.has(e.key)) return
        e.preventDefault()
        open()
      }}
    >
      <span className={styles.value}>{chosen ? chosen.label : props.placeholder}</span>
      <ChevronDown size={16} aria-hidden />
    </button>
  )
  // The boundary shows the stand-in as its content first, so the transition keeps it on screen
  // until the popup's chunk is in.
  return (
    <Suspense fallback={fallback}>
      {intent.wanted ? (
        <SelectPopup
          {...(props as unknown as SelectProps<string>)}
          ref={controlRef}
          defaultOpen={openOnLoad}
          triggerClass={triggerClass}
        />
      ) : (
        fallback
      )}
    </Suspense>
  )
}
