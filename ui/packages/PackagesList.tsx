/**
 * The packages list: search-driven (the model comes from the URL query, so reloads and
 * shared links show the same results) or count-only. Rows are virtualised and pages of
 * 100 load as the user scrolls, so tens of thousands of packages stay smooth.
 */
import { useEffect, useMemo, useRef } from 'react'
import { Link, useSearch } from 'wouter'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useDispatch, useQuery } from '../shared/appContext'
import { whatHappened } from '../shared/failureText'
import { packageQueryOf, searchModelFromQuery } from '../../domain/search'
import type { PackageSummary } from '../../domain/packages/types'
import { Filters } from './Filters'
import { VulnerabilityBadges, formatDate, packagePath } from './common'
import styles from './packages.module.css'

export const ROW_HEIGHT = 64
// Ask for the next page this many rows before the end comes into view.
const PREFETCH_ROWS = 30

export const EMPTY_TEXTS = {
  noSearch: 'Find packages using the search bar.',
  noResults: 'No packages found, refine your search.',
  notYetAvailable: 'The package will be available in a few minutes, try later.',
  migration: 'A migration is running after an upgrade and results may be partial.',
} as const

export function PackagesList() {
  const search = useSearch()
  const dispatch = useDispatch()
  const model = useMemo(() => searchModelFromQuery(search), [search])
  const releaseOnly = new URLSearchParams(search).get('rel') === '1'
  const query = useMemo(() => packageQueryOf(model, { releaseOnly }), [model, releaseOnly])
  const key = JSON.stringify(query)
  useEffect(() => {
    dispatch({ type: 'packages/OpenList', query })
    // `key` stands for `query`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, key])

  const list = useQuery({ type: 'packages/List' })
  const count = useQuery({ type: 'packages/Count' })
  const viewer = useQuery({ type: 'packages/Viewer' })

  return (
    <div className={styles.page}>
      <h1>Packages</h1>
      {viewer.migrationRunning && (
        <p className={styles.banner} role="note">
          {EMPTY_TEXTS.migration}
        </p>
      )}
      <div className={styles.layout}>
        <Filters model={model} releaseOnly={releaseOnly} search={search} />
        <section aria-label="Results">
          {list.status === 'failed' ? (
            <div className={styles.error} role="alert">
              <p>
                Packages could not be loaded: {list.failure ? whatHappened(list.failure) : 'unknown failure'}.
              </p>
              <button type="button" onClick={() => dispatch({ type: 'packages/RetryList' })}>
                Retry
              </button>
            </div>
          ) : query === null ? (
            <div className={styles.empty}>
              <p>{EMPTY_TEXTS.noSearch}</p>
              {count >= 0 && <p>{count.toLocaleString('en')} packages in total</p>}
            </div>
          ) : list.status === 'loading' ? (
            <p role="status">Loading packages…</p>
          ) : list.status === 'loaded' && list.rowCount === 0 ? (
            <p className={styles.empty}>{EMPTY_TEXTS.noResults}</p>
          ) : (
            <>
              <p aria-live="polite">
                {list.totalCount >= 0
                  ? `${list.totalCount.toLocaleString('en')} packages`
                  : `${list.rowCount.toLocaleString('en')} packages shown`}
              </p>
              <VirtualRows />
            </>
          )}
        </section>
      </div>
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

function VirtualRows() {
  const dispatch = useDispatch()
  const list = useQuery({ type: 'packages/List' })
  const parent = useRef<HTMLDivElement>(null)
  const starts = useMemo(() => {
    const out: number[] = []
    let at = 0
    for (const p of list.pages) {
      out.push(at)
      at += p.length
    }
    return out
  }, [list.pages])
  const count = list.rowCount + (list.hasNextPage ? 1 : 0)
  // The virtualiser keeps its own mutable state; React Compiler must not memoise around it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => parent.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    initialRect: { width: 800, height: 600 },
  })
  const items = virtualizer.getVirtualItems()
  const last = items[items.length - 1]?.index ?? -1
  // A failed further page waits for the user's retry instead of asking again by itself.
  const moreFailed = list.failure !== null
  const wantMore =
    list.hasNextPage && !list.loadingMore && !moreFailed && last >= list.rowCount - PREFETCH_ROWS
  useEffect(() => {
    if (wantMore) dispatch({ type: 'packages/LoadMore' })
  }, [wantMore, dispatch])

  return (
    <div ref={parent} className={styles.scroller} data-testid="packages-scroller">
      <div
        role="list"
        aria-label="Packages"
        style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
      >
        {items.map((item) => {
          const pkg = rowAt(list.pages, starts, item.index)
          return (
            <div
              key={item.key}
              role="listitem"
              className={styles.row}
              style={{ height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
              // -1 tells assistive technology the size is unknown, as the count is.
              aria-setsize={list.totalCount}
              aria-posinset={item.index + 1}
            >
              {pkg ? (
                <>
                  <Link href={packagePath(pkg.id)}>{pkg.name}</Link>
                  <span className={styles.meta}>
                    {pkg.packageType} · {pkg.latestVersion ?? 'no version'} · {formatDate(pkg.modified)}
                  </span>
                  <span className={styles.meta}>{pkg.description ?? ''}</span>
                  <VulnerabilityBadges vulnerabilities={pkg.vulnerabilities} />
                </>
              ) : moreFailed ? (
                <span role="alert">
                  More packages could not be loaded.{' '}
                  <button type="button" onClick={() => dispatch({ type: 'packages/LoadMore' })}>
                    Retry
                  </button>
                </span>
              ) : (
                <span role="status">Loading more packages…</span>
              )}
            </div>
          )
        })}
      </div>
    </div>
  )
}
