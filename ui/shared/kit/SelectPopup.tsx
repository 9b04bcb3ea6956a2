/** The Radix half of the kit's Select (Select.tsx), loaded the first time a Select renders. */
import * as RSelect from '@radix-ui/react-select'
import { Check, ChevronDown } from 'lucide-react'
import type { SelectPopupProps } from './Select'
import styles from './select.module.css'

// Radix Select keeps '' for "no value" (the placeholder shows, and the select stays controlled
// while its options load); an option whose value is '' travels as this instead.
const EMPTY = '\u2205'
const encode = (v: string) => (v === '' ? EMPTY : v)
const decode = (v: string) => (v === EMPTY ? '' : v)

export default function SelectPopup({
  value,
  options,
  onValueChange,
  disabled,
  placeholder,
  defaultOpen,
  triggerClass,
  id,
  ref,
  ...aria
}: SelectPopupProps<string>) {
  return (
    <RSelect.Root
      value={options.some((o) => o.value === value) ? encode(value) : ''}
      onValueChange={(v) => onValueChange(decode(v))}
      disabled={disabled}
      defaultOpen={defaultOpen}
    >
      <RSelect.Trigger
        ref={ref}
        id={id}
        className={triggerClass}
        aria-label={aria['aria-label']}
        aria-describedby={aria['aria-describedby']}
        aria-invalid={aria['aria-invalid']}
        aria-required={aria['aria-required']}
      >
        <span className={styles.value}>
          <RSelect.Value placeholder={placeholder} />
        </span>
        <RSelect.Icon>
          <ChevronDown size={16} aria-hidden />
        </RSelect.Icon>
      </RSelect.Trigger>
      <RSelect.Portal>
        <RSelect.Content className={`${styles.popup} ${styles.content}`} position="popper" sideOffset={4}>
          <RSelect.Viewport>
            {options.map((o) => (
              <RSelect.Item
                key={o.value}
                value={encode(o.value)}
                disabled={o.disabled}
                className={styles.item}
              >
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
