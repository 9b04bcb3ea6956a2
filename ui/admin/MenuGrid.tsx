import { useState } from 'react'
import * as Tooltip from '@radix-ui/react-tooltip'
import { Link } from 'wouter'
import { adminMenuGroups, highlightParts, visibleAdminMenu, type AdminMenuGroup } from '../../domain/admin'
import { menuBlock } from '../../domain/navigation'
import { useQuery } from '../shared/appContext'
import { Activity, Database, Lock, Radar, Search, Settings, Users, type LucideIcon } from 'lucide-react'
import { inputClass } from '../shared/kit/Field'
import kit from '../shared/kit/page.module.css'
import surface from '../shared/kit/surface.module.css'
import styles from './admin.module.css'
import { Toolbar } from './shared'
import { adminText } from './messages'

function Highlighted({ text, query }: { text: string; query: string }) {
  return (
    <>
      {highlightParts(text, query).map((part, i) =>
        part.match ? <mark key={i}>{part.text}</mark> : part.text,
      )}
    </>
  )
}

// Each group's icon, the sidebar's for the same pages (Repositories, Users, Security Settings…).
const GROUP_ICONS: Readonly<Record<string, LucideIcon>> = {
  repositories: Database,
  users: Users,
  security: Lock,
  settings: Settings,
  monitoring: Activity,
  xray: Radar,
}

/** The admin menu grid with its search (literal text, matches highlighted). */
export function MenuGrid() {
  const ctx = useQuery({ type: 'navigation/Context' })
  const [query, setQuery] = useState('')
  const groups = visibleAdminMenu(
    adminMenuGroups({
      licenseNA: ctx.licenseType === 'N/A',
      cloud: ctx.cloud,
      services: ctx.services,
      refuses: (href) => menuBlock(href, ctx) !== undefined,
    }),
    query,
  )
  return (
    <section aria-labelledby="page-title" className={kit.page}>
      <Toolbar title="Administration" />
      <span className={styles.searchBox}>
        <Search size={16} aria-hidden className={styles.searchIcon} />
        <input
          type="search"
          className={inputClass}
          aria-label="Search settings"
          placeholder="Search settings"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </span>
      {groups.length === 0 && <p className={styles.muted}>No settings match your search.</p>}
      <Tooltip.Provider delayDuration={200}>
        <ul className={`${kit.cards} ${styles.grid}`}>
          {groups
            // A group drawn within another's card has no card of its own while that card shows.
            .filter((group) => !groups.some((g) => g.title === group.within))
            .map((group) => {
              const Icon = GROUP_ICONS[group.icon] ?? Settings
              return (
                <li key={group.title} className={surface.card}>
                  <h2 className={surface.cardTitle}>
                    <span className={styles.groupIcon} aria-hidden="true">
                      <Icon size={16} />
                    </span>
                    <Highlighted text={group.title} query={query} />
                  </h2>
                  <MenuItems group={group} query={query} />
                  {groups
                    .filter((g) => g.within === group.title)
                    .map((inner) => (
                      <section key={inner.title} className={styles.innerGroup}>
                        <h3 className={styles.innerTitle}>
                          <Highlighted text={inner.title} query={query} />
                        </h3>
                        <MenuItems group={inner} query={query} />
                      </section>
                    ))}
                </li>
              )
            })}
        </ul>
      </Tooltip.Provider>
    </section>
  )
}

/** A group's items: a link each, or a disabled item with its tooltip. */
function MenuItems({ group, query }: { readonly group: AdminMenuGroup; readonly query: string }) {
  return (
    <ul aria-label={group.title} className={group.within ? styles.innerList : styles.menuList}>
      {group.items.map((item) => (
        <li key={item.testId} data-testid={item.testId}>
          {item.disabled ? (
            <Tooltip.Root>
              <Tooltip.Trigger asChild>
                <span className={styles.disabled} aria-disabled="true" tabIndex={0}>
                  <Highlighted text={item.title} query={query} />
                </span>
              </Tooltip.Trigger>
              <Tooltip.Portal>
                <Tooltip.Content className={styles.tooltip} sideOffset={4}>
                  {item.tooltip && adminText(item.tooltip)}
                </Tooltip.Content>
              </Tooltip.Portal>
            </Tooltip.Root>
          ) : (
            <Link href={item.href}>
              <Highlighted text={item.title} query={query} />
            </Link>
          )}
        </li>
      ))}
    </ul>
  )
}
