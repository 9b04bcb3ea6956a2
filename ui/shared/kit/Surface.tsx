/** Static building blocks: Card, Badge, severity Chip, Skeleton, EmptyState, PageHeader, Hero, KeyValue. */
import type { ReactNode } from 'react'
import { Skeleton } from './Skeleton'
import { Breadcrumbs, type BreadcrumbItem } from './Breadcrumbs'
import { kitText, type Severity } from './messages'
import page from './page.module.css'
import styles from './surface.module.css'

export { Skeleton }

export function Card({
  title,
  actions,
  children,
  className,
}: {
  readonly title?: ReactNode
  readonly actions?: ReactNode
  readonly children: ReactNode
  readonly className?: string
}) {
  return (
    <section className={[styles.card, className].filter(Boolean).join(' ')}>
      {(title || actions) && (
        <header className={styles.cardHeader}>
          {title && <h2 className={styles.cardTitle}>{title}</h2>}
          {/* Together at the right, as a page header's actions: a long title wraps, they stay. */}
          {actions && <div className={styles.cardActions}>{actions}</div>}
        </header>
      )}
      {children}
    </section>
  )
}

export type Tone = 'neutral' | 'accent' | 'success' | 'warning' | 'danger'

/** A short status or count label; `dot` puts a dot of its tone before it (a run's status). */
export function Badge({
  tone = 'neutral',
  dot,
  children,
}: {
  readonly tone?: Tone
  readonly dot?: boolean
  readonly children: ReactNode
}) {
  return (
    <span className={styles.badge} data-tone={tone}>
      {dot && <span className={styles.chipDot} aria-hidden="true" />}
      {children}
    </span>
  )
}

export type { Severity } from './messages'

/** A vulnerability severity: colour from the tokens, the word always shown (not colour alone). */
export function SeverityChip({ severity, count }: { readonly severity: Severity; readonly count?: number }) {
  return (
    <span className={styles.chip} data-severity={severity}>
      <span className={styles.chipDot} aria-hidden="true" />
      {kitText({ key: 'severity', severity })}
      {count !== undefined && <span className={styles.chipCount}>{count}</span>}
    </span>
  )
}

/**
 * A page-shaped skeleton (title, toolbar, rows) with one status for screen readers; `header`
 * false when the page's own header is already drawn (only the rows then, not a second title).
 */
export function PageSkeleton({
  label = kitText({ key: 'loading' }),
  header = true,
}: {
  readonly label?: string
  readonly header?: boolean
}) {
  return (
    <div className={styles.pageSkeleton} role="status" aria-label={label}>
      {header && <Skeleton width="14rem" height="1.5rem" />}
      {header && <Skeleton width="24rem" height="2.25rem" />}
      {[0, 1, 2, 3, 4].map((i) => (
        <Skeleton key={i} height="2.5rem" />
      ))}
    </div>
  )
}

/** Nothing to show: an icon, what is missing, a hint, and the next action. */
export function EmptyState({
  icon,
  title,
  hint,
  action,
  boxed,
}: {
  readonly icon?: ReactNode
  readonly title: ReactNode
  readonly hint?: ReactNode
  readonly action?: ReactNode
  /** In a bordered panel of its own (a list's or a lookup's place on the page), not inside one. */
  readonly boxed?: boolean
}) {
  return (
    <div className={boxed ? `${styles.empty} ${page.panel}` : styles.empty}>
      {icon && (
        <span className={styles.emptyIcon} aria-hidden="true">
          {icon}
        </span>
      )}
      <p className={styles.emptyTitle}>{title}</p>
      {hint && <p className={styles.emptyHint}>{hint}</p>}
      {action}
    </div>
  )
}

/**
 * The id of the page's one h1, which every page header gives it: a page's section is labelled by
 * it (`aria-labelledby={PAGE_TITLE_ID}`) without each page naming an id of its own, so no section
 * can point at an id nothing has (Artifacts and Builds once did).
 */
export const PAGE_TITLE_ID = 'page-title'

/** The top of a page: breadcrumbs, the one h1, a description and the page's actions. */
export function PageHeader({
  title,
  breadcrumbs,
  description,
  actions,
}: {
  readonly title: ReactNode
  readonly breadcrumbs?: ReadonlyArray<BreadcrumbItem>
  readonly description?: ReactNode
  readonly actions?: ReactNode
}) {
  return (
    <header className={styles.pageHeader}>
      <div className={styles.pageHeaderText}>
        {breadcrumbs && <Breadcrumbs items={breadcrumbs} />}
        <h1 id={PAGE_TITLE_ID} className={styles.pageTitle}>
          {title}
        </h1>
        {description && <p className={styles.pageDescription}>{description}</p>}
      </div>
      {actions && <div className={styles.pageActions}>{actions}</div>}
    </header>
  )
}

/**
 * A product's introduction (the teasers): its icon, the page's one h1, a lead line, then what
 * it offers and the way on (children). `titleId` names the section by its title.
 */
export function Hero({
  icon,
  title,
  titleId,
  lead,
  children,
}: {
  readonly icon: ReactNode
  readonly title: ReactNode
  readonly titleId: string
  readonly lead: ReactNode
  readonly children?: ReactNode
}) {
  return (
    <section className={styles.hero} aria-labelledby={titleId}>
      <span className={styles.heroIcon} aria-hidden="true">
        {icon}
      </span>
      <h1 id={titleId} className={styles.pageTitle}>
        {title}
      </h1>
      <p className={styles.heroLead}>{lead}</p>
      {children}
    </section>
  )
}

/**
 * Text that breaks a line only after one of `after`'s characters, each piece between kept whole:
 * a path after its slashes (never `npm-` over `remote`, nor `manifest.jso` over `n`), a media
 * type after its dots (never `application/x-` over `gzip`).
 */
export function BreakAfter({ text, after }: { readonly text: string; readonly after: string }) {
  const pieces = text.split(new RegExp(`(?<=[${after.replace(/[\]\\^-]/g, '\\$&')}])`))
  return (
    <>
      {pieces.flatMap((piece, i) => [
        ...(i === 0 ? [] : [<wbr key={`b${i}`} />]),
        <span key={i} className={styles.unbroken}>
          {piece}
        </span>,
      ])}
    </>
  )
}

/**
 * A long text (a description under a name in a list) cut to one or two lines with an ellipsis;
 * the whole in its title on hover, and whole for screen readers (the cut is drawn, not made).
 */
export function Clamped({ text, lines = 2 }: { readonly text: string; readonly lines?: 1 | 2 }) {
  return (
    <span className={styles.clamped} data-lines={lines} title={text}>
      {text}
    </span>
  )
}

/** Label/value pairs (a description list), labels aligned in one column. */
/** `stacked`: each label over its value, for a side card too narrow for two columns. */
export function KeyValue({
  items,
  stacked = false,
}: {
  readonly items: ReadonlyArray<{
    readonly key: string
    readonly label: ReactNode
    readonly value: ReactNode
  }>
  readonly stacked?: boolean
}) {
  return (
    <dl className={stacked ? `${styles.kv} ${styles.kvStacked}` : styles.kv}>
      {items.map((i) => (
        <div key={i.key} className={styles.kvRow}>
          <dt>{i.label}</dt>
          <dd>{i.value}</dd>
        </div>
      ))}
    </dl>
  )
}
