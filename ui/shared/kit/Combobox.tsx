/**
 * A text input with suggestions (ARIA 1.2 combobox with a listbox popup): the focus stays in
 * the input; ArrowDown/ArrowUp move the active option (aria-activedescendant), Enter picks it,
 * Escape closes the list, and leaving the input closes it. Options are picked on mousedown
 * (which keeps the focus in the input), so no blur timer is needed.
 */
import { useId, useState, type InputHTMLAttributes, type KeyboardEvent, type ReactNode } from 'react'
import styles from './combobox.module.css'
import select from './select.module.css'

export interface ComboboxOption {
  readonly id: string
  readonly label: ReactNode
  /** A mark before the label (a package type's), hidden from assistive technology by its maker. */
  readonly icon?: ReactNode
  /** Secondary text on the right (a package type). */
  readonly detail?: ReactNode
}

export interface ComboboxProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'onSelect' | 'role'
> {
  readonly label: string
  readonly value: string
  readonly onValueChange: (text: string) => void
  readonly options: ReadonlyArray<ComboboxOption>
  readonly onPick: (option: ComboboxOption) => void
  /** The list's accessible name. */
  readonly listLabel: string
  /** Shown in the list while there are no options: 'Searching…', 'No matching packages'. */
  readonly status?: ReactNode
  /** Whether the list may open at all (e.g. only for some search types). */
  readonly enabled?: boolean
}

export function Combobox({
  label,
  value,
  onValueChange,
  options,
  onPick,
  listLabel,
  status,
  enabled = true,
  className,
  onKeyDown,
  onBlur,
  ...input
}: ComboboxProps) {
  const listId = useId()
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const shown = enabled && open && value.trim() !== '' && (options.length > 0 || status !== undefined)
  // A listbox holds options only: while there are none, the status shows in the popup's place.
  const listed = shown && options.length > 0
  const current = shown && active >= 0 && active < options.length ? active : -1

  const pick = (option: ComboboxOption) => {
    setOpen(false)
    setActive(-1)
    onPick(option)
  }

  const keys = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' && options.length > 0) {
      e.preventDefault()
      setOpen(true)
      setActive((i) => Math.min(options.length - 1, i + 1))
    } else if (e.key === 'ArrowUp' && shown) {
      e.preventDefault()
      setActive((i) => Math.max(-1, i - 1))
    } else if (e.key === 'Enter' && current >= 0) {
      e.preventDefault()
      pick(options[current] as ComboboxOption)
    } else if (e.key === 'Escape' && shown) {
      e.preventDefault()
      setOpen(false)
      setActive(-1)
    }
    onKeyDown?.(e)
  }

  return (
    <div className={styles.wrap}>
      <input
        {...input}
        type={input.type ?? 'text'}
        role="combobox"
        aria-label={label}
        aria-autocomplete="list"
        aria-expanded={listed}
        aria-controls={listed ? listId : undefined}
        aria-activedescendant={current >= 0 ? `${listId}-${current}` : undefined}
        className={className}
        value={value}
        autoComplete="off"
        spellCheck={false}
        onChange={(e) => {
          setOpen(true)
          setActive(-1)
          onValueChange(e.target.value)
        }}
        onKeyDown={keys}
        onBlur={(e) => {
          setOpen(false)
          setActive(-1)
          onBlur?.(e)
        }}
      />
      {listed && (
        <ul id={listId} role="listbox" aria-label={listLabel} className={`${select.popup} ${styles.list}`}>
          {options.map((o, i) => (
            <li
              key={o.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === current}
              className={select.item}
              onMouseDown={(e) => {
                e.preventDefault()
                pick(o)
              }}
              onMouseMove={() => setActive(i)}
            >
              <span className={styles.name}>
                {o.icon}
                <span className={styles.label}>{o.label}</span>
              </span>
              {o.detail && <span className={styles.detail}>{o.detail}</span>}
            </li>
          ))}
        </ul>
      )}
      {shown && !listed && (
        <p aria-live="polite" className={`${select.popup} ${styles.list} ${styles.status}`}>
          {status}
        </p>
      )}
    </div>
  )
}
