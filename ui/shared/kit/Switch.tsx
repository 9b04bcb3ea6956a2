/** A switch on Radix (keyboard, role and state included) with its label beside it, clickable. */
import { useId, type ReactNode } from 'react'
import * as RSwitch from '@radix-ui/react-switch'
import box from './checkbox.module.css'
import styles from './choice.module.css'

export interface SwitchProps {
  readonly label: ReactNode
  readonly checked: boolean
  readonly onCheckedChange: (checked: boolean) => void
  readonly disabled?: boolean
}

export function Switch({ label, checked, onCheckedChange, disabled }: SwitchProps) {
  const id = useId()
  return (
    <span className={box.row}>
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
