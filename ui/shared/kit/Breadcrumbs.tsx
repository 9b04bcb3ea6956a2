/**
 * A breadcrumb trail: where the page is, from the root down, each level but the page itself a
 * link. The navigation landmark is named Breadcrumb (the WAI-ARIA pattern's name), and the page
 * is marked current. PageHeader draws a page's own trail; the main layout draws every admin
 * page's, read from its route.
 */
import { kitText } from './messages'
import styles from './surface.module.css'

export interface BreadcrumbItem {
  readonly label: string
  /** A full address (under /ui); none for the page itself and for a level with no page. */
  readonly href?: string
}

export function Breadcrumbs({
  items,
  className,
}: {
  readonly items: ReadonlyArray<BreadcrumbItem>
  readonly className?: string
}) {
  if (items.length === 0) return null
  return (
    <nav aria-label={kitText({ key: 'breadcrumbs' })} className={className}>
      <ol className={styles.crumbs}>
        {items.map((b, i) => (
          <li key={`${i}:${b.label}`} aria-current={i === items.length - 1 ? 'page' : undefined}>
            {b.href ? <a href={b.href}>{b.label}</a> : b.label}
          </li>
        ))}
      </ol>
    </nav>
  )
}
