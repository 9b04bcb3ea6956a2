/** A hint on hover and focus (Radix Tooltip); never the only way to learn something essential. */
import type { ReactNode } from 'react'
import * as RTooltip from '@radix-ui/react-tooltip'
import styles from './tooltip.module.css'

export function Tooltip({
  content,
  children,
}: {
  readonly content: ReactNode
  readonly children: ReactNode
}) {
  return (
    <RTooltip.Provider delayDuration={300}>
      <RTooltip.Root>
        <RTooltip.Trigger asChild>{children}</RTooltip.Trigger>
        <RTooltip.Portal>
          <RTooltip.Content className={styles.tooltip} sideOffset={6}>
            {content}
          </RTooltip.Content>
        </RTooltip.Portal>
      </RTooltip.Root>
    </RTooltip.Provider>
  )
}
