/**
 * A small tooltip for the sidebar (the name of an item when the sidebar shows icons only, the
 * reason an item is disabled): shown on hover and focus, hidden on leave, blur and Escape,
 * placed beside its anchor with fixed coordinates so the sidebar's scrolling does not clip it.
 * Hand-made rather than Radix Tooltip: the floating-ui positioning engine alone is ~13 KB gzip,
 * which the main layout's chunk (30 KB budget) cannot carry for a label to the right of an item.
 */
import { useId, useState, type ReactElement, type ReactNode } from 'react'
import styles from './layout.module.css'

interface Anchor {
  readonly top: number
  readonly left: number
}

export function NavHint({
  text,
  enabled = true,
  children,
}: {
  readonly text: ReactNode
  readonly enabled?: boolean
  /** The anchor, given the id of the tooltip to name in aria-describedby while shown. */
  readonly children: (describedBy: string | undefined) => ReactElement
}) {
  const id = useId()
  const [at, setAt] = useState<Anchor | null>(null)
  const show = (el: Element) => {
    if (!enabled) return
    const r = el.getBoundingClientRect()
    setAt({ top: r.top + r.height / 2, left: r.right + 8 })
  }
  const hide = () => setAt(null)
  return (
    <span
      className={styles.hintAnchor}
      onMouseEnter={(e) => show(e.currentTarget)}
      onMouseLeave={hide}
      onFocus={(e) => show(e.currentTarget)}
      onBlur={hide}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && at) {
          e.stopPropagation()
          hide()
        }
      }}
    >
      {children(at ? id : undefined)}
      {at && (
        <span id={id} role="tooltip" className={styles.hint} style={{ top: at.top, left: at.left }}>
          {text}
        </span>
      )}
    </span>
  )
}
