/** Tabs on Radix (arrow keys between tabs, one tab stop), styled as an underlined bar. */
import type { ReactNode } from 'react'
import * as RTabs from '@radix-ui/react-tabs'
import styles from './tabs.module.css'

export interface TabsProps<V extends string> {
  readonly label: string
  readonly value: V
  readonly onValueChange: (value: V) => void
  readonly tabs: ReadonlyArray<{ readonly value: V; readonly label: ReactNode; readonly content: ReactNode }>
}

export function Tabs<V extends string>({ label, value, onValueChange, tabs }: TabsProps<V>) {
  return (
    <RTabs.Root value={value} onValueChange={(v) => onValueChange(v as V)}>
      <RTabs.List aria-label={label} className={styles.list}>
        {tabs.map((t) => (
          <RTabs.Trigger key={t.value} value={t.value} className={styles.tab}>
            {t.label}
          </RTabs.Trigger>
        ))}
      </RTabs.List>
      {tabs.map((t) => (
        <RTabs.Content key={t.value} value={t.value} className={styles.panel}>
          {t.content}
        </RTabs.Content>
      ))}
    </RTabs.Root>
  )
}

/** The tab bar's class names, for screens that compose Radix Tabs themselves. */
export const tabClasses = styles
