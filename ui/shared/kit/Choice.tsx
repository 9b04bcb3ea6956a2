/**
 * Choices on Radix primitives (keyboard, roles and states come with them): Checkbox, Switch,
 * RadioGroup and Select. Each has its label next to the control, clickable.
 */
import { useId, type ReactNode } from 'react'
import * as RSwitch from '@radix-ui/react-switch'
import * as RRadio from '@radix-ui/react-radio-group'
import * as RSelect from '@radix-ui/react-select'
import { Check, ChevronDown } from 'lucide-react'
import styles from './choice.module.css'

// Its own module, so a screen with checkboxes does not load the Select's popover and scroll lock.
export { Checkbox, type CheckboxProps } from './Checkbox'

export interface SwitchProps {
  readonly label: ReactNode
  readonly checked: boolean
  readonly onCheckedChange: (checked: boolean) => void
  readonly disabled?: boolean
}

export function Switch({ label, checked, onCheckedChange, disabled }: SwitchProps) {
  const id = useId()
  return (
    <span className={styles.row}>
      <RSwitch.Root
        id={id}
        className={styles.switch}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onCheckedChange}
      >
        <RSwitch.Thumb className={styles.thumb} />
      </RSwitch.Root>
      <label htmlFor={id}>{label}</label>
    </span>
  )
}

export interface Option<V extends string = string> {
  readonly value: V
  readonly label: ReactNode
  readonly disabled?: boolean
}

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
        <span key={o.value} className={styles.row}>
          <RRadio.Item
            id={`${base}-${o.value}`}
            value={o.value}
            disabled={o.disabled}
            className={styles.radio}
          >
            <RRadio.Indicator className={styles.dot} />
          </RRadio.Item>
          <label htmlFor={`${base}-${o.value}`}>{o.label}</label>
        </span>
      ))}
    </RRadio.Root>
  )
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
}

/** A list box in a popover (Radix Select): arrow keys, typeahead, Escape. */
export function Select<V extends string>({
  value,
  options,
  onValueChange,
  disabled,
  placeholder,
  id,
  ...aria
}: SelectProps<V>) {
  return (
    <RSelect.Root value={value} onValueChange={(v) => onValueChange(v as V)} disabled={disabled}>
      <RSelect.Trigger id={id} className={styles.trigger} aria-label={aria['aria-label']}>
        <RSelect.Value placeholder={placeholder} />
        <RSelect.Icon>
          <ChevronDown size={16} aria-hidden />
        </RSelect.Icon>
      </RSelect.Trigger>
      <RSelect.Portal>
        <RSelect.Content className={styles.content} position="popper" sideOffset={4}>
          <RSelect.Viewport>
            {options.map((o) => (
              <RSelect.Item key={o.value} value={o.value} disabled={o.disabled} className={styles.item}>
                <RSelect.ItemText>{o.label}</RSelect.ItemText>
                <RSelect.ItemIndicator className={styles.itemCheck}>
                  <Check size={14} aria-hidden />
                </RSelect.ItemIndicator>
              </RSelect.Item>
            ))}
          </RSelect.Viewport>
        </RSelect.Content>
      </RSelect.Portal>
    </RSelect.Root>
  )
}
