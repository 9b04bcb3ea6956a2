import { ChevronsLeft, ChevronsRight } from 'lucide-react'
import { Link } from 'wouter'
import type { SidebarKind, VisibleItem } from '../../domain/navigation'
import { currentItem } from '../../domain/navigation/currentItem'
import { useDispatch, useQuery } from '../shared/appContext'
import { messageText } from '../shared/messages'
import { NavHint } from './NavHint'
import { ClassicGroup } from './ClassicGroup'
import { NavIcon } from './navIcons'
import styles from './layout.module.css'
import classicStyles from './classic.module.css'

export const SIDEBAR_TITLES: Readonly<Record<SidebarKind, string>> = {
  application: 'Application',
  administration: 'Administration',
  projectSettings: 'Project settings',
}

function Item({ item, current, iconsOnly }: { item: VisibleItem; current: boolean; iconsOnly: boolean }) {
  const label = (
    <>
      <NavIcon id={item.id} />
      <span className={styles.itemText}>{item.title}</span>
    </>
  )
  if (item.disabled) {
    const reason = item.tooltip && messageText(item.tooltip)
    return (
      <NavHint text={iconsOnly ? `${item.title}: ${reason ?? ''}` : reason}>
        {(describedBy) => (
          <span className={styles.disabled} aria-disabled="true" tabIndex={0} aria-describedby={describedBy}>
            {label}
          </span>
        )}
      </NavHint>
    )
  }
  return (
    <NavHint text={item.title} enabled={iconsOnly}>
      {() => (
        <Link href={item.href} className={styles.item} aria-current={current ? 'page' : undefined}>
          {label}
        </Link>
      )}
    </NavHint>
  )
}

/**
 * The classic bar's items in order: a group's consecutive items as one run (one button), the
 * extras as one named More, each other item a run of its own.
 */
function classicRuns(
  items: ReadonlyArray<VisibleItem>,
): ReadonlyArray<{ readonly group?: string; readonly items: ReadonlyArray<VisibleItem> }> {
  const runs: Array<{ group?: string; items: VisibleItem[] }> = []
  for (const item of items) {
    // The extras (the teasers) come last and share one button: with them as links the
    // application's side did not fit 1024 px.
    const group = item.group ?? (item.extra ? 'More' : undefined)
    const last = runs[runs.length - 1]
    if (group !== undefined && last?.group === group) last.items.push(item)
    else runs.push({ ...(group !== undefined ? { group } : {}), items: [item] })
  }
  return runs
}

export interface SidebarProps {
  readonly classic?: boolean
  /** Below 900 px the sidebar is a drawer over the page: whether it is open. */
  readonly drawerOpen?: boolean
  readonly onCloseDrawer?: () => void
}

/**
 * The sidebars: a segmented switch between the available kinds, and the active one's items
 * with their icons, collapsible to icons only. With the classic navigation type the same switch
 * and items form a bar below the top bar instead. Below 900 px it is a drawer (MainLayout).
 */
export function Sidebar({ classic = false, drawerOpen = false, onCloseDrawer }: SidebarProps) {
  const sidebars = useQuery({ type: 'navigation/Sidebars' })
  const path = useQuery({ type: 'navigation/Location' }).path
  const dispatch = useDispatch()
  const active = sidebars.active
  const items = sidebars.items[active]
  const current = currentItem(path, items)
  const collapsed = !classic && sidebars.collapsed
  const switchTo = (kind: SidebarKind) =>
    dispatch({
      type: kind === 'application' ? 'navigation/GoToApplicationLanding' : 'navigation/GoToAdminLanding',
    })
  const kinds = sidebars.kinds.filter((kind) => kind === 'application' || sidebars.items[kind].length > 0)
  return (
    <aside
      id="sidebar"
      data-tour="sidebar"
      aria-label={classic ? 'Navigation bar' : 'Sidebar'}
      className={classic ? classicStyles.classicBar : styles.sidebar}
      data-collapsed={collapsed || undefined}
      data-drawer-open={drawerOpen || undefined}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && drawerOpen) onCloseDrawer?.()
      }}
    >
      {kinds.length > 1 && (
        <div className={styles.switcher} role="group" aria-label="Sidebars" data-tour="sidebarSwitch">
          {kinds.map((kind) => (
            <button key={kind} type="button" aria-pressed={kind === active} onClick={() => switchTo(kind)}>
              {SIDEBAR_TITLES[kind]}
            </button>
          ))}
        </div>
      )}
      <nav aria-label={SIDEBAR_TITLES[active]} className={styles.nav}>
        <ul className={styles.items}>
          {classic
            ? classicRuns(items).map((run) =>
                run.group === undefined ? (
                  <li key={run.items[0]!.id}>
                    <Item item={run.items[0]!} current={run.items[0] === current} iconsOnly={false} />
                  </li>
                ) : (
                  <li key={run.group}>
                    <ClassicGroup
                      title={run.group}
                      current={current !== undefined && run.items.includes(current)}
                      path={path}
                    >
                      {run.items.map((item) => (
                        <li key={item.id}>
                          <Item item={item} current={item === current} iconsOnly={false} />
                        </li>
                      ))}
                    </ClassicGroup>
                  </li>
                ),
              )
            : items.map((item, i) => {
                const group =
                  item.group !== undefined && item.group !== items[i - 1]?.group ? item.group : undefined
                return (
                  <li key={item.id}>
                    {group && (
                      <span className={styles.group} aria-hidden="true">
                        {group}
                      </span>
                    )}
                    <Item item={item} current={item === current} iconsOnly={collapsed} />
                  </li>
                )
              })}
        </ul>
      </nav>
      {!classic && (
        <button
          type="button"
          className={styles.collapse}
          aria-label={sidebars.collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          title={sidebars.collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          onClick={() => dispatch({ type: 'navigation/ToggleSidebar' })}
        >
          {sidebars.collapsed ? (
            <ChevronsRight size={18} aria-hidden />
          ) : (
            <ChevronsLeft size={18} aria-hidden />
          )}
        </button>
      )}
    </aside>
  )
}
