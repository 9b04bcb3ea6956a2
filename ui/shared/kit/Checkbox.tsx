/**
 * A checkbox with its label beside it, clickable: a native box (keyboard, role, state and form
 * value are the browser's), drawn as the kit's (checkbox.module.css).
 *
 * Not Radix's: its box is a button with a hidden input beside it, and each mounted rendered three
 * times (its own state learns its button, then its form, after mounting). The packages filters'
 * 13 boxes were about half of the components React rendered for a cold packages list.
 */
import { useId, type ReactNode } from 'react'
import styles from './checkbox.module.css'

export interface CheckboxProps {
  readonly label: ReactNode
  readonly checked: boolean | 'indeterminate'
  readonly onCheckedChange: (checked: boolean) => void
  readonly disabled?: boolean
  readonly name?: string
  readonly id?: string
  /** Ids of text that describes the box (a hint shown while it is on). */
  readonly 'aria-describedby'?: string
}

export function Checkbox({
  label,
  checked,
  onCheckedChange,
  disabled,
  name,
  id,
  'aria-describedby': describedBy,
}: CheckboxProps) {
  const auto = useId()
  const boxId = id ?? auto
  const mixed = checked === 'indeterminate'
  return (
    <span className={styles.row}>
      <input
        // "Some chosen" is the element's state, not an attribute: the browser names it mixed.
        ref={(box) => {
          if (box) box.indeterminate = mixed
        }}
        type="checkbox"
        id={boxId}
        className={styles.box}
        checked={checked === true}
        disabled={disabled}
        name={name}
        aria-describedby={describedBy}
        // A click on a mixed box checks it, as Radix's did (the browser clears `indeterminate`).
        onChange={(e) => onCheckedChange(e.target.checked)}
      />
      <label htmlFor={boxId}>{label}</label>
    </span>
  )
}
