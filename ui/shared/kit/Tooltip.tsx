/**
 * A hint on hover and focus (Radix Tooltip); never the only way to learn something essential.
 * No content (null, false) shows none, and the trigger stays mounted (its focus kept).
 */
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
        {content != null && content !== false && (
          <RTooltip.Portal>
            <RTooltip.Content className={styles.tooltip} sideOffset={6}>
              {content}
            </RTooltip.Content>
          </RTooltip.Portal>
        )}
      </RTooltip.Root>
    </RTooltip.Provider>
  )
}
