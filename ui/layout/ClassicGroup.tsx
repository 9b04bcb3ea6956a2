/**
 * A group of the classic bar's items (Xray, Monitoring, …) behind one button: a disclosure of
 * links, as a site's navigation menus are (the links stay links, Tab walks them), so the bar
 * holds either side's items in one row. It closes on Escape (back to its button), on a click or
 * focus elsewhere, and once one of its links is followed.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { ChevronDown } from 'lucide-react'
import styles from './classic.module.css'

export interface ClassicGroupProps {
  readonly title: string
  /** Whether the current page is one of the group's: the button shows it as the bar's current item. */
  readonly current: boolean
  /** The page's path: the group closes when it changes. */
  readonly path: string
  /** The group's items, each an `<li>`. */
  readonly children: ReactNode
}

export function ClassicGroup({ title, current, path, children }: ClassicGroupProps) {
  const [openAt, setOpenAt] = useState<string | null>(null)
  // Open on the page where it was opened: following one of its links closes it.
  const open = openAt === path
  const id = useId()
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (!open) return undefined
    const away = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpenAt(null)
    }
    document.addEventListener('pointerdown', away)
    return () => document.removeEventListener('pointerdown', away)
  }, [open])
  return (
    <div
      ref={root}
      className={styles.group}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation()
          setOpenAt(null)
          button.current?.focus()
        }
      }}
      onBlur={(e) => {
        if (open && !root.current?.contains(e.relatedTarget as Node | null)) setOpenAt(null)
      }}
    >
      <button
        ref={button}
        type="button"
        className={styles.groupButton}
        aria-expanded={open}
        aria-controls={id}
        data-current={current || undefined}
        onClick={() => setOpenAt(open ? null : path)}
      >
        {title}
        <ChevronDown size={14} aria-hidden />
      </button>
      <ul
        id={id}
        className={styles.groupItems}
        hidden={!open}
        onClick={(e) => {
          if ((e.target as Element).closest('a')) setOpenAt(null)
        }}
      >
        {children}
      </ul>
    </div>
  )
}
