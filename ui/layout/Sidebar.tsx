import * as Tooltip from '@radix-ui/react-tooltip'
import { Link } from 'wouter'
import type { SidebarKind, VisibleItem } from '../../domain/navigation'
import { useDispatch, useQuery } from '../shared/appContext'
import styles from './layout.module.css'
import chrome from './chrome.module.css'

export const SIDEBAR_TITLES: Readonly<Record<SidebarKind, string>> = {
  application: 'Application',
  administration: 'Administration',
  projectSettings: 'Project settings',
}

const isUnder = (path: string, href: string) => path === href || path.startsWith(`${href}/`)

function Item({ item, path }: { item: VisibleItem; path: string }) {
  if (item.disabled)
    return (
      <Tooltip.Root>
        <Tooltip.Trigger asChild>
          <span className={styles.disabled} aria-disabled="true" tabIndex={0}>
            {item.title}
          </span>
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content className={styles.tooltip}>{item.tooltip}</Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    )
  return (
    <Link href={item.href} aria-current={isUnder(path, item.href) ? 'page' : undefined}>
      {item.title}
    </Link>
  )
}

/**
 * The sidebars: a switch between the two available kinds, and the active one's items. With the
 * classic navigation type the same switch and items form a bar below the top bar instead.
 */
export function Sidebar({ classic = false }: { readonly classic?: boolean }) {
  const sidebars = useQuery({ type: 'navigation/Sidebars' })
  const path = useQuery({ type: 'navigation/Location' }).path
  const dispatch = useDispatch()
  const active = sidebars.kinds.includes(sidebars.active) ? sidebars.active : 'application'
  const items = sidebars.items[active]
  const switchTo = (kind: SidebarKind) =>
    dispatch({
      type: kind === 'application' ? 'navigation/GoToApplicationLanding' : 'navigation/GoToAdminLanding',
    })
  return (
    <Tooltip.Provider delayDuration={200}>
      <aside
        data-tour="sidebar"
        aria-label={classic ? 'Navigation bar' : 'Sidebar'}
        className={
          classic
            ? chrome.classicBar
            : sidebars.collapsed
              ? `${styles.sidebar} ${styles.collapsed}`
              : styles.sidebar
        }
      >
        <div className={styles.switcher} role="group" aria-label="Sidebars" data-tour="sidebarSwitch">
          {sidebars.kinds
            .filter((kind) => kind === 'application' || sidebars.items[kind].length > 0)
            .map((kind) => (
              <button key={kind} type="button" aria-pressed={kind === active} onClick={() => switchTo(kind)}>
                {SIDEBAR_TITLES[kind]}
              </button>
            ))}
        </div>
        <nav aria-label={SIDEBAR_TITLES[active]}>
          <ul className={styles.items}>
            {items.map((item) => (
              <li key={item.id}>
                <Item item={item} path={path} />
              </li>
            ))}
          </ul>
        </nav>
        {!classic && (
          <button
            type="button"
            className={styles.collapse}
            aria-label={sidebars.collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            onClick={() => dispatch({ type: 'navigation/ToggleSidebar' })}
          >
            {sidebars.collapsed ? '»' : '«'}
          </button>
        )}
      </aside>
    </Tooltip.Provider>
  )
}
