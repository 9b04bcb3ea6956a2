/**
 * A tab bar whose tabs are pages (links, the current one `aria-current="page"`), drawn as the
 * kit's Tabs: for a group of pages with their own addresses (security settings, user management,
 * a project), where the Radix Tabs are for panels within one page.
 */
import { Link } from 'wouter'
import styles from './tabs.module.css'

export function LinkTabs<L extends string>({
  label,
  links,
  current,
}: {
  readonly label: string
  readonly links: ReadonlyArray<{ readonly label: L; readonly href: string }>
  readonly current: L
}) {
  return (
    <nav aria-label={label} className={styles.list}>
      {links.map((l) => (
        <Link
          key={l.href}
          href={l.href}
          className={styles.tab}
          aria-current={l.label === current ? 'page' : undefined}
        >
          {l.label}
        </Link>
      ))}
    </nav>
  )
}
