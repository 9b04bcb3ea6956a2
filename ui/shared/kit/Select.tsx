/**
 * The kit's Select on Radix (keyboard, roles and states come with it): a list box in a popover.
 * Its own module (re-exported by Choice), so a screen with a select loads none of the other
 * choices.
 */
import type { ReactNode } from 'react'
import * as RSelect from '@radix-ui/react-select'
import { Check, ChevronDown } from 'lucide-react'
import styles from './choice.module.css'

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
