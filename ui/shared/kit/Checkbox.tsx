/** A checkbox on Radix (keyboard, role and state included) with its label beside it, clickable. */
import { useId, type ReactNode } from 'react'
import * as RCheckbox from '@radix-ui/react-checkbox'
import { Check, Minus } from 'lucide-react'
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
  return (
    <span className={styles.row}>
      <RCheckbox.Root
        id={boxId}
        className={styles.box}
        checked={checked}
        disabled={disabled}
        name={name}
        aria-describedby={describedBy}
        onCheckedChange={(c) => onCheckedChange(c === true)}
      >
        <RCheckbox.Indicator className={styles.indicator}>
          {checked === 'indeterminate' ? <Minus size={12} aria-hidden /> : <Check size={12} aria-hidden />}
        </RCheckbox.Indicator>
      </RCheckbox.Root>
      <label htmlFor={boxId}>{label}</label>
    </span>
  )
}
