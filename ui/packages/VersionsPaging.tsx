/**
 * Paging through a package's versions (100 a page, by the GraphQL cursor): how many are
 * shown, a "Load more versions" button, its loading and error states. After a page arrives,
 * focus moves to the first version it added, so keyboard and screen-reader users carry on
 * where the list grew instead of losing their place when the button goes away.
 */
import { useEffect, useRef } from 'react'
import { useDispatch } from '../shared/appContext'
import { Button } from '../shared/kit/Button'
import { LoadFailure } from '../shared/kit/LoadFailure'
import { versionsPaging } from '../../domain/packages/rules'
import type { PackageDetails } from '../../domain/packages/types'
import styles from './details.module.css'
import { counted } from '../../domain/shared/plural'

const VERSIONS = { one: 'version', other: 'versions' }

export function VersionsPaging({
  details,
  total,
  focusOnLoad,
}: {
  /** The open package, with the versions paged through so far. */
  details: PackageDetails
  /** How many versions the package has (the package's versionsCount). */
  total: number
  /** Puts focus on the version at index `from` (the first one the page added). */
  focusOnLoad: (from: number) => void
}) {
  const dispatch = useDispatch()
  const paging = versionsPaging(details, total)
  const { shown } = paging
  const focusFrom = useRef<number | null>(null)
  const loading = details.more.status === 'loading'

  useEffect(() => {
    const from = focusFrom.current
    if (from === null || loading || shown <= from) return
    focusFrom.current = null
    focusOnLoad(from)
  }, [shown, loading, focusOnLoad])

  const loadMore = () => {
    focusFrom.current = shown
    dispatch({ type: 'packages/LoadMoreVersions' })
  }

  return (
    <div className={styles.paging}>
      <p aria-live="polite" className={styles.meta}>
        {paging.of !== null
          ? `Showing ${shown.toLocaleString('en')} of ${counted(paging.of, VERSIONS)}`
          : counted(shown, VERSIONS)}
      </p>
      {paging.next === 'retry' && (
        <LoadFailure
          message="More versions could not be loaded."
          onRetry={loadMore}
          retryLabel="Retry loading versions"
        />
      )}
      {(paging.next === 'offered' || paging.next === 'loading') && (
        <Button size="sm" onClick={loadMore} busy={paging.next === 'loading'}>
          {paging.next === 'loading' ? 'Loading more versions…' : 'Load more versions'}
        </Button>
      )}
    </div>
  )
}
