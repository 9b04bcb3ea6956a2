/**
 * The packages list: search-driven (the model comes from the URL query, so reloads and
 * shared links show the same results) or count-only. Rows are virtualised and pages of
 * 100 load as the user scrolls, so tens of thousands of packages stay smooth.
 */
import { memo, useEffect, useMemo, useRef, type CSSProperties } from 'react'
import { Link, useSearch } from 'wouter'
import { useFixedRows } from '../shared/kit/fixedRows'
import { drawnRows, useFocusedRow, useRowKeys } from '../shared/kit/rowKeys'
import { useDispatch, useQuery } from '../shared/appContext'
import { whatHappened } from '../shared/failureText'
import { searchModelFromQuery } from '../../domain/search'
import type { PackageSummary } from '../../domain/packages/types'
import { listRows, wantsNextPage, type ListRows } from '../../domain/packages/rules'
import { Filters } from './Filters'
import { Landing, LANDING_TEXTS } from './Landing'
import { PackageSearch } from 'lucide-react'
import { Button } from '../shared/kit/Button'
import { EmptyState, Skeleton } from '../shared/kit/Surface'
import { RelativeTime } from '../shared/kit/RelativeTime'
import { DOWNLOAD_WORDS, TypeIcon, VulnerabilityBadges } from './common'
import { packagePath } from '../shared/packageLinks'
import kit from '../shared/kit/page.module.css'
import styles from './packages.module.css'
import surface from '../shared/kit/surface.module.css'
import { counted, pluralForm } from '../../domain/shared/plural'
import { markdownToText } from '../../domain/shared/markdownText'
import { listQueryOf, releaseOnlyOf } from '../../domain/search/listQuery'

const PACKAGES = { one: 'package', other: 'packages' }

/** Three lines: name and version; the description and severities; type, date and downloads. */
export const ROW_HEIGHT = 84

export const EMPTY_TEXTS = {
  noSearch: LANDING_TEXTS.hint,
  noResults: 'No packages found, refine your search',
  notYetAvailable: 'The package will be available in a few minutes, try later',
  migration: 'A migration is running after an upgrade and results may be partial.',
} as const

export function PackagesList() {
  const search = useSearch()
  const dispatch = useDispatch()
  const model = useMemo(() => searchModelFromQuery(search), [search])
  const releaseOnly = releaseOnlyOf(search)
  const viewer = useQuery({ type: 'packages/Viewer' })
  // Severities are the scanner's: without it the filter is hidden and a link's do not filter.
  const scanner = viewer.xray === 'available'
  const query = useMemo(() => listQueryOf(search, scanner, model), [search, scanner, model])
  // The route asks for the search (its first intent, ui/routeIntent.ts); the list shows it.
  const list = useQuery({ type: 'packages/List' })

  const rows = listRows(list)
  const count = useQuery({ type: 'packages/Count' })

  return (
    <div className={`${kit.page} ${styles.page}`}>
      <header className={styles.listHeader}>
        <div>
          <h1 className={surface.pageTitle}>Packages</h1>
          {/* Under the title, as every page's description: the specification's line for a page
              without a search, which over the landing's lists read as a stray caption. */}
          {query === null && list.status !== 'failed' && <SearchHint count={count} />}
        </div>
        {viewer.migrationRunning && (
          <p className={styles.banner} role="note">
            {EMPTY_TEXTS.migration}
          </p>
        )}
      </header>
      <div className={styles.layout}>
        <Filters model={model} releaseOnly={releaseOnly} search={search} scanner={scanner} />
        <section aria-label="Results" className={styles.results}>
          {list.status === 'failed' ? (
            // The kit's LoadFailure box by its class: the component and its icons would add 0.8 KB
            // to the packages chunk, which is at its budget.
            <div className={surface.failure} role="alert">
              <p>Packages could not be loaded: {whatHappened(list.failure)}.</p>
              <Button size="sm" onClick={() => dispatch({ type: 'packages/RetryList' })}>
                Retry
              </Button>
            </div>
          ) : query === null ? (
            <Landing />
          ) : list.status === 'loading' || list.status === 'idle' ? (
            // Idle: the route has not asked yet (its intent's code is on its way).
            <RowsSkeleton />
          ) : list.status === 'loaded' && rows.rowCount === 0 ? (
            <div className={kit.raised}>
              <EmptyState icon={<PackageSearch size={32} />} title={EMPTY_TEXTS.noResults} />
            </div>
          ) : (
            <>
              <p aria-live="polite" className={styles.resultCount}>
                {rows.totalCount !== null
                  ? counted(rows.totalCount, PACKAGES)
                  : `${counted(rows.rowCount, PACKAGES)} shown`}
              </p>
              <VirtualRows rows={rows} />
            </>
          )}
        </section>
      </div>
    </div>
  )
}

/** Where to find packages, and how many there are (admins only). */
function SearchHint({ count }: { readonly count: number | null }) {
  return (
    <p className={surface.pageDescription}>
      {LANDING_TEXTS.hint}
      {count !== null && (
        <>
          {' '}
          <span className={styles.landingCount}>{counted(count, PACKAGES)} in total</span>
        </>
      )}
    </p>
  )
}

/** Rows in the shape of the results while the first page loads. */
function RowsSkeleton() {
  return (
    <div className={kit.raised} role="status">
      <span className={kit.srOnly}>Loading packages…</span>
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <div key={i} className={styles.skeletonRow} aria-hidden="true">
          <Skeleton width="1.5rem" height="1.5rem" radius="var(--radius-sm)" />
          <div className={styles.skeletonLines}>
            <Skeleton width="40%" height="1rem" />
            <Skeleton width="75%" />
            <Skeleton width="30%" height="0.75rem" />
          </div>
        </div>
      ))}
    </div>
  )
}

function rowAt(
  pages: ReadonlyArray<ReadonlyArray<PackageSummary>>,
  starts: ReadonlyArray<number>,
  index: number,
) {
  // Binary search over page starts: pages are usually 100 long but need not be.
  let lo = 0
  let hi = starts.length - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if ((starts[mid] ?? 0) <= index) lo = mid
    else hi = mid - 1
  }
  return pages[lo]?.[index - (starts[lo] ?? 0)]
}

// One formatter for every row: toLocaleString('en') made one per call.
const DOWNLOADS = new Intl.NumberFormat('en')

function VirtualRows({ rows }: { rows: ListRows }) {
  const dispatch = useDispatch()
  const scanner = useQuery({ type: 'packages/Viewer' }).xray === 'available'
  const parent = useRef<HTMLDivElement>(null)
  const starts = useMemo(() => {
    const out: number[] = []
    let at = 0
    for (const p of rows.pages) {
      out.push(at)
      at += p.length
    }
    return out
  }, [rows.pages])
  const count = rows.rowCount + (rows.hasNextPage ? 1 : 0)
  // Two rows beyond each edge, not eight: a fast scroll moves the window past all of them
  // within a frame, so every frame mounted 16 rows no one saw, more than the ~10 on screen.
  const rowsShown = useFixedRows(parent, count, ROW_HEIGHT, 2)
  const focus = useFocusedRow()
  // Keyed to keep their elements: a row coming into view is drawn in one that left.
  const items = useRowKeys(drawnRows(rowsShown.first, rowsShown.last, focus.focused, count))
  const last = rowsShown.last
  const wantMore = wantsNextPage(rows, last)
  useEffect(() => {
    if (wantMore) dispatch({ type: 'packages/LoadMore' })
  }, [wantMore, dispatch])

  return (
    <div
      ref={parent}
      className={`${kit.raised} ${styles.scroller}`}
      data-testid="packages-scroller"
      style={{ '--rows-height': `${rowsShown.total}px` } as CSSProperties}
    >
      <div
        role="list"
        aria-label="Packages"
        style={{ height: rowsShown.total, position: 'relative' }}
        onFocus={focus.onFocus}
        onBlur={focus.onBlur}
      >
        {items.map(({ index, key }) => {
          const pkg = rowAt(rows.pages, starts, index)
          // -1 tells assistive technology the size is unknown, as the count is.
          const setSize = rows.totalCount ?? -1
          return pkg ? (
            <PackageRow key={key} index={index} pkg={pkg} setSize={setSize} scanner={scanner} />
          ) : (
            <div
              key={key}
              role="listitem"
              className={styles.row}
              style={rowStyle(index)}
              aria-setsize={setSize}
              aria-posinset={index + 1}
            >
              {rows.more === 'failed' ? (
                <span role="alert" className={styles.rowMessage}>
                  More packages could not be loaded.
                  <Button size="sm" onClick={() => dispatch({ type: 'packages/LoadMore' })}>
                    Retry
                  </Button>
                </span>
              ) : (
                <span role="status" className={styles.rowMessage}>
                  <span className={kit.srOnly}>Loading more packages…</span>
                  <Skeleton width="50%" />
                </span>
              )}
            </div>
          )
        })}
      </div>
    </div>
  )
}

const rowStyle = (index: number): CSSProperties => ({
  height: ROW_HEIGHT,
  transform: `translateY(${index * ROW_HEIGHT}px)`,
})

/**
 * A package's row, drawn again only when its package, place or count changes: the list renders
 * on each scroll step, page and count, and every row shown (its link, icon, chips, description
 * and time) was drawn again each time, for the one or two rows that came into view.
 */
const PackageRow = memo(function PackageRow({
  index,
  pkg,
  setSize,
  scanner,
}: {
  readonly index: number
  readonly pkg: PackageSummary
  readonly setSize: number
  readonly scanner: boolean
}) {
  return (
    <div
      role="listitem"
      className={styles.row}
      style={rowStyle(index)}
      aria-setsize={setSize}
      aria-posinset={index + 1}
    >
      <span className={styles.rowIcon}>
        <TypeIcon type={pkg.packageType} />
      </span>
      <span className={styles.rowTitle}>
        <Link href={packagePath(pkg.id)} className={styles.rowName}>
          {pkg.name}
        </Link>
        <span className={styles.version}>{pkg.latestVersion ?? 'no version'}</span>
      </span>
      {/* Counts only where a scanner gives them: without one (lightweight) the row showed
          counts, or "No known vulnerabilities", where the package page says why there are none. */}
      <span className={styles.rowChips}>
        {scanner && <VulnerabilityBadges vulnerabilities={pkg.vulnerabilities} />}
      </span>
      <span className={styles.rowDescription}>{markdownToText(pkg.description ?? '')}</span>
      <span className={styles.rowMeta}>
        <span>{pkg.packageType}</span>
        <span>
          Updated <RelativeTime iso={pkg.modified} />
        </span>
        <span>{`${DOWNLOADS.format(pkg.stats.downloads)} ${pluralForm(pkg.stats.downloads, DOWNLOAD_WORDS)}`}</span>
      </span>
    </div>
  )
})
