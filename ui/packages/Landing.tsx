/**
 * What the packages page shows before any search: the newest and the most downloaded
 * packages, and the user's recent package searches, so a developer lands on packages rather
 * than on an empty page. The search bar stays the way to everything else.
 */
import { useEffect } from 'react'
import { Link } from 'wouter'
import { Download, History, PackageSearch, Sparkles } from 'lucide-react'
import { useDispatch, useQuery } from '../shared/appContext'
import { whatHappened } from '../shared/failureText'
import type { PackageSummary } from '../../domain/packages/types'
import { LANDING_SIZE } from '../../domain/packages/types'
import { downloadedOnly } from '../../domain/packages/rules'
import { counted } from '../../domain/shared/plural'
import { markdownToText } from '../../domain/shared/markdownText'
import { textOfModel } from '../../domain/search/barText'
import { SEARCH_TYPES } from '../../domain/search/searchTypes'
import { Button } from '../shared/kit/Button'
import { EmptyState, Skeleton } from '../shared/kit/Surface'
import { RelativeTime } from '../shared/kit/RelativeTime'
import { DOWNLOAD_WORDS, TypeIcon } from './common'
import { typeName } from '../shared/typeMarks/typeName'
import { packagePath } from '../shared/packageLinks'
import kit from '../shared/kit/page.module.css'
import surface from '../shared/kit/surface.module.css'
import styles from './packages.module.css'

// Recent searches shown on the landing; the bar's own list keeps ten.
const RECENT_SHOWN = 5

export const LANDING_TEXTS = {
  /** The specification's empty-state text, the page's description over the landing. */
  hint: 'Find packages using the search bar.',
  newest: 'Newest packages',
  popular: 'Most downloaded',
  recent: 'Your recent searches',
  none: 'No packages yet',
  noneHint: 'Publish one with the commands in Set Me Up, or install one through a remote repository.',
  openSetMeUp: 'Open Set Me Up',
  noDownloads: 'Nothing downloaded yet',
  noDownloadsHint:
    'The packages installed most often through the platform show here, with their downloads. Set up your package manager to start.',
} as const

export function Landing() {
  const dispatch = useDispatch()
  const landing = useQuery({ type: 'packages/Landing' })
  useEffect(() => {
    dispatch({ type: 'packages/OpenLanding' })
  }, [dispatch])

  const shown =
    landing.status === 'loaded' ? landing.data : landing.status === 'loading' ? landing.previous : undefined

  return (
    <div className={styles.landing}>
      {landing.status === 'failed' ? (
        <div className={surface.failure} role="alert">
          <p>Packages could not be loaded: {whatHappened(landing.failure)}.</p>
          <Button size="sm" onClick={() => dispatch({ type: 'packages/OpenLanding' })}>
            Retry
          </Button>
        </div>
      ) : shown === undefined ? (
        <LandingSkeleton />
      ) : shown.newest.length === 0 ? (
        <div className={kit.raised}>
          <SetUpToFill
            icon={<PackageSearch size={32} />}
            title={LANDING_TEXTS.none}
            hint={LANDING_TEXTS.noneHint}
          />
        </div>
      ) : (
        <LandingLists newest={shown.newest} popular={downloadedOnly(shown.popular)} />
      )}
      <RecentSearches />
    </div>
  )
}

/**
 * The newest and the most downloaded packages side by side, of one height. Until anything is
 * downloaded the second says what will show there and how to start, in the middle of its height:
 * a one-line note under the newest (which took the width) left the lower right of a 1440 px
 * window blank.
 */
function LandingLists({
  newest,
  popular,
}: {
  readonly newest: ReadonlyArray<PackageSummary>
  readonly popular: ReadonlyArray<PackageSummary>
}) {
  return (
    <div className={styles.landingLists}>
      <PackageCards
        title={LANDING_TEXTS.newest}
        icon={<Sparkles size={16} aria-hidden="true" />}
        packages={newest}
        fact={(p) => (
          <>
            Added <RelativeTime iso={p.created} />
          </>
        )}
      />
      <PackageCards
        title={LANDING_TEXTS.popular}
        icon={<Download size={16} aria-hidden="true" />}
        packages={popular}
        fact={(p) => counted(p.stats.downloads, DOWNLOAD_WORDS)}
        empty={
          <div className={styles.landingEmpty}>
            <SetUpToFill
              icon={<Download size={24} />}
              title={LANDING_TEXTS.noDownloads}
              hint={LANDING_TEXTS.noDownloadsHint}
            />
          </div>
        }
      />
    </div>
  )
}

/** An empty place that packages fill once a client publishes or installs them: Set Me Up shows how. */
function SetUpToFill({
  icon,
  title,
  hint,
}: {
  readonly icon: React.ReactNode
  readonly title: string
  readonly hint: string
}) {
  const dispatch = useDispatch()
  return (
    <EmptyState
      icon={icon}
      title={title}
      hint={hint}
      action={
        <Button size="sm" onClick={() => dispatch({ type: 'setMeUp/Show' })}>
          {LANDING_TEXTS.openSetMeUp}
        </Button>
      }
    />
  )
}

function PackageCards({
  title,
  icon,
  packages,
  fact,
  empty,
}: {
  /** What the list says while it has no package. */
  readonly empty?: React.ReactNode
  readonly title: string
  readonly icon: React.ReactNode
  readonly packages: ReadonlyArray<PackageSummary>
  readonly fact: (p: PackageSummary) => React.ReactNode
}) {
  return (
    <section aria-label={title} className={`${kit.raised} ${styles.landingSection}`}>
      <h2 className={styles.landingTitle}>
        {icon}
        {title}
      </h2>
      {packages.length === 0 && empty}
      {packages.length > 0 && (
        <ul className={styles.cards}>
          {packages.map((p) => (
            <li key={p.id} className={styles.card}>
              <span className={styles.cardIcon}>
                <TypeIcon type={p.packageType} />
              </span>
              <span className={styles.cardTitle}>
                <Link href={packagePath(p.id)} className={styles.rowName}>
                  {p.name}
                </Link>
                {p.latestVersion && <span className={styles.version}>{p.latestVersion}</span>}
              </span>
              <span className={styles.cardDescription}>{markdownToText(p.description ?? '')}</span>
              <span className={styles.cardMeta}>
                <span>{typeName(p.packageType)}</span>
                <span>{fact(p)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** The user's recent package searches, each run again with one click. */
function RecentSearches() {
  const dispatch = useDispatch()
  const bar = useQuery({ type: 'search/Bar' })
  const recent = bar.recent
    .filter((r) => r.type === 'packages' && r.queryString !== '')
    .slice(0, RECENT_SHOWN)
  if (recent.length === 0) return null
  return (
    <section aria-label={LANDING_TEXTS.recent} className={`${kit.raised} ${styles.landingSection}`}>
      <h2 className={styles.landingTitle}>
        <History size={16} aria-hidden="true" />
        {LANDING_TEXTS.recent}
      </h2>
      <ul className={styles.recentSearches}>
        {recent.map((r) => (
          <li key={r.id}>
            <Button size="sm" onClick={() => dispatch({ type: 'search/SelectRecent', id: r.id })}>
              {textOfModel(r.searchModel, SEARCH_TYPES.packages) || r.queryString}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  )
}

function LandingSkeleton() {
  return (
    <div className={styles.landingLists} role="status">
      <span className={kit.srOnly}>Loading packages…</span>
      {[0, 1].map((list) => (
        <div key={list} className={`${kit.raised} ${styles.landingSection}`} aria-hidden="true">
          <Skeleton width="30%" height="1rem" />
          {Array.from({ length: LANDING_SIZE }, (_, i) => (
            <div key={i} className={styles.skeletonRow}>
              <Skeleton width="1.5rem" height="1.5rem" radius="var(--radius-sm)" />
              <div className={styles.skeletonLines}>
                <Skeleton width="40%" height="1rem" />
                <Skeleton width="75%" />
              </div>
            </div>
          ))}
        </div>
      ))}
    </div>
  )
}
