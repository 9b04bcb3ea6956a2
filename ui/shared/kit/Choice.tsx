/**
 * Choices on Radix primitives (keyboard, roles and states come with them): Checkbox, Switch,
 * RadioGroup and Select. Each has its label next to the control, clickable.
 */
import { useId } from 'react'
import * as RRadio from '@radix-ui/react-radio-group'
import box from './checkbox.module.css'
import styles from './choice.module.css'
import type { Option } from './Select'

// Their own modules, so a screen with checkboxes does not load the Select's popover and scroll
// lock, and a screen with a select does not load the other choices.
export { Checkbox, type CheckboxProps } from './Checkbox'
export { Select, type Option, type SelectProps } from './Select'
export { Switch, type SwitchProps } from './Switch'

export interface RadioGroupProps<V extends string> {
  readonly label: string
  readonly value: V
  readonly options: ReadonlyArray<Option<V>>
  readonly onValueChange: (value: V) => void
  readonly orientation?: 'horizontal' | 'vertical'
}

export function RadioGroup<V extends string>({
  label,
  value,
  options,
  onValueChange,
  orientation = 'vertical',
}: RadioGroupProps<V>) {
  const base = useId()
  return (
    <RRadio.Root
      aria-label={label}
      className={styles.radios}
      data-orientation={orientation}
      orientation={orientation}
      value={value}
      onValueChange={(v) => onValueChange(v as V)}
    >
      {options.map((o) => (
        <span key={o.value} className={box.row}>
          <RRadio.Item
            id={`${base}-${o.value}`}
            value={o.value}
            disabled={o.disabled}
            className={`${box.box} ${styles.radio}`}
          >
            <RRadio.Indicator className={styles.dot} />
          </RRadio.Item>
          <label htmlFor={`${base}-${o.value}`}>{o.label}</label>
        </span>
      ))}
    </RRadio.Root>
  )
}
