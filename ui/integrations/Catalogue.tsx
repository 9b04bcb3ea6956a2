/**
 * The integrations catalogue (spec 001, "Integrations catalogue page"): the page header titled
 * Integrations with the count of what is displayed and the Filters toggle, a card with a search
 * box and the grid of integration cards, and the Filters panel (314 px, shown by default). The panel and the search box send their changes at once; the catalogue
 * re-filters after the debounce, and the applied filters are the page's URL.
 */
import { Suspense, lazy, useEffect, useId, useMemo, useState } from 'react'
// Icons no other chunk uses (a shared one becomes a file of its own, named in the first load's preload map).
import { BadgeInfo, PanelRightClose, PanelRightOpen, SearchSlash, Search, X } from 'lucide-react'
import {
  CATEGORIES,
  CLOUD_VENDORS,
  FILTERS_PANEL_WIDTH_PX,
  filtersFromQuery,
  filtersToQuery,
  toggleCategory,
  toggleVendor,
  setupRuns,
  visibleCatalogue,
  type CatalogueEntry,
  type CatalogueFilters,
} from '../../domain/integrations'
import { shellRoutes } from '../../domain/navigation'
import { useDispatch, useQuery } from '../shared/appContext'
import { Button, IconButton } from '../shared/kit/Button'
import { LoadFailure } from '../shared/kit/LoadFailure'
import { Checkbox } from '../shared/kit/Checkbox'
import { inputClass } from '../shared/kit/Field'
import { Tooltip } from '../shared/kit/Tooltip'
import { Badge, Card, EmptyState, PageHeader, Skeleton } from '../shared/kit/Surface'
import { whatHappened } from '../shared/failureText'
import { IntegrationIcon } from './icons'
import kit from '../shared/kit/page.module.css'
import styles from './integrations.module.css'
import { counted } from '../../domain/shared/plural'

// The admin's dialogs (Set Up, the tools) load when an admin first opens one: a developer
// never needs them.
const CatalogueDialogs = lazy(() => import('./CatalogueDialogs'))

/** Opens a documentation link in a new tab that cannot reach back to the console. */
export function openDocumentation(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer')
}

/** The URL is the source of the applied filters: a shared link, back and forward apply theirs. */
function useFiltersFromUrl(): void {
  const dispatch = useDispatch()
  const { query, path } = useQuery({ type: 'navigation/Location' })
  const applied = useQuery({ type: 'integrations/State' }).filters
  useEffect(() => {
    if (path !== '/integrations') return
    const fromUrl = filtersFromQuery(query)
    if (filtersToQuery(fromUrl) !== filtersToQuery(applied))
      dispatch({ type: 'integrations/ApplyFilters', filters: fromUrl })
    // Only a change of the URL asks; the applied filters follow it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, query, path])
}

function SearchBox({ draft }: { draft: CatalogueFilters }) {
  const dispatch = useDispatch()
  const edit = (search: string) =>
    dispatch({ type: 'integrations/EditFilters', filters: { ...draft, search } })
  return (
    <div className={styles.search}>
      <Search size={16} aria-hidden className={styles.searchIcon} />
      <input
        type="search"
        className={`${inputClass} ${styles.searchInput}`}
        placeholder="Search for integrations"
        aria-label="Search for integrations"
        value={draft.search}
        maxLength={200}
        onChange={(e) => edit(e.target.value)}
      />
      {draft.search !== '' && (
        <IconButton
          className={styles.clear}
          variant="ghost"
          size="sm"
          label="Clear search"
          icon={<X size={14} />}
          onClick={() => edit('')}
        />
      )}
    </div>
  )
}

function FiltersPanel({ draft }: { draft: CatalogueFilters }) {
  const dispatch = useDispatch()
  const edit = (filters: CatalogueFilters) => dispatch({ type: 'integrations/EditFilters', filters })
  const headingId = useId()
  return (
    <aside
      className={`${kit.raised} ${styles.panel}`}
      style={{ width: FILTERS_PANEL_WIDTH_PX }}
      aria-labelledby={headingId}
    >
      <h2 id={headingId} className={styles.panelTitle}>
        Filters
      </h2>
      <fieldset className={styles.group}>
        <legend>Categories</legend>
        <Checkbox
          label="All"
          checked={draft.categories.length === 0}
          onCheckedChange={() => edit(toggleCategory(draft, null))}
        />
        {CATEGORIES.map((c) => (
          <Checkbox
            key={c}
            label={c}
            checked={draft.categories.includes(c)}
            onCheckedChange={() => edit(toggleCategory(draft, c))}
          />
        ))}
      </fieldset>
      <fieldset className={styles.group}>
        <legend>Cloud Vendor</legend>
        {CLOUD_VENDORS.map((v) => (
          <Checkbox
            key={v}
            label={v}
            checked={draft.vendors.includes(v)}
            onCheckedChange={() => edit(toggleVendor(draft, v))}
          />
        ))}
      </fieldset>
    </aside>
  )
}

function IntegrationCard({
  entry,
  setUp,
  onOpen,
}: {
  entry: CatalogueEntry
  /** The admin can set it up here (its action runs on this instance). */
  setUp: boolean
  onOpen: (entry: CatalogueEntry) => void
}) {
  return (
    <li className={`${kit.panel} ${styles.card}`}>
      <button
        type="button"
        className={styles.cardButton}
        onClick={() => onOpen(entry)}
        aria-description={setUp ? 'Set up' : 'Opens the documentation in a new tab'}
      >
        <span className={styles.cardIcon}>
          <IntegrationIcon name={entry.icon} scale={entry.iconScale ?? 1} />
        </span>
        <span className={styles.cardLabel}>{entry.label}</span>
      </button>
      {!setUp && (
        <Tooltip content="Learn More">
          <a
            className={styles.learnMore}
            href={entry.documentationLink}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Learn More about ${entry.label}`}
          >
            <BadgeInfo size={16} aria-hidden />
          </a>
        </Tooltip>
      )}
    </li>
  )
}

function CardsSkeleton() {
  return (
    <ul className={styles.grid} role="status" aria-label="Loading integrations">
      {Array.from({ length: 12 }, (_, i) => (
        <li key={i} className={`${kit.panel} ${styles.card}`}>
          <span className={styles.cardButton}>
            <Skeleton width="2rem" height="2rem" radius="var(--radius)" />
            <Skeleton width="60%" />
          </span>
        </li>
      ))}
    </ul>
  )
}

export function Catalogue() {
  const dispatch = useDispatch()
  const state = useQuery({ type: 'integrations/State' })
  // The projection the page displays: the applied filters over the catalogue, by rank.
  const { catalogue, filters } = state
  const visible = useMemo(
    () => (catalogue.status === 'loaded' ? visibleCatalogue(catalogue.data, filters) : []),
    [catalogue, filters],
  )
  const admin = useQuery({ type: 'session/IsAdmin' })
  const [panel, setPanel] = useState(true)
  const [setup, setSetup] = useState<CatalogueEntry | null>(null)
  useFiltersFromUrl()
  const status = state.catalogue.status
  useEffect(() => {
    if (status === 'idle') dispatch({ type: 'integrations/LoadCatalogue' })
  }, [dispatch, status])

  const features = useQuery({ type: 'navigation/Context' }).features
  const canSetUp = (entry: CatalogueEntry) => admin && setupRuns(entry, shellRoutes, features)
  const open = (entry: CatalogueEntry) => {
    if (canSetUp(entry)) setSetup(entry)
    else openDocumentation(entry.documentationLink)
  }

  let body
  if (state.catalogue.status === 'failed')
    body = (
      <LoadFailure
        message={`The integrations could not be loaded: ${whatHappened(state.catalogue.failure)}`}
        onRetry={() => dispatch({ type: 'integrations/LoadCatalogue' })}
      />
    )
  else if (state.catalogue.status !== 'loaded') body = <CardsSkeleton />
  else if (visible.length === 0)
    body = (
      <EmptyState
        icon={<SearchSlash size={32} />}
        title="No integrations found"
        hint="Try searching for a different integration or change your filter selection on the right"
      />
    )
  else
    body = (
      <ul className={styles.grid} aria-label="Integrations">
        {visible.map((e) => (
          <IntegrationCard key={e.id} entry={e} setUp={canSetUp(e)} onOpen={open} />
        ))}
      </ul>
    )

  // The page's header is the kit's, as on every other page (the title and its count were the
  // catalogue card's own header); the card holds the search box and the grid.
  return (
    // Named by its words alone: the title's count badge is not part of the page's name.
    <section aria-label="Integrations" className={kit.page}>
      <PageHeader
        title={
          <span className={styles.title}>
            Integrations
            <Badge tone="accent">
              <span
                role="status"
                aria-label={`${counted(visible.length, { one: 'integration', other: 'integrations' })} displayed`}
              >
                {visible.length}
              </span>
            </Badge>
          </span>
        }
        actions={
          <Button
            aria-pressed={panel}
            icon={
              panel ? <PanelRightClose size={16} aria-hidden /> : <PanelRightOpen size={16} aria-hidden />
            }
            onClick={() => setPanel((p) => !p)}
          >
            Filters
          </Button>
        }
      />
      <div className={styles.page}>
        <Card className={styles.main}>
          <SearchBox draft={state.draft} />
          {body}
        </Card>
        {panel && <FiltersPanel draft={state.draft} />}
      </div>
      {(setup !== null || state.tool.step === 'open') && (
        <Suspense fallback={null}>
          <CatalogueDialogs
            setup={setup}
            onCloseSetup={() => setSetup(null)}
            iconOf={(name, size, scale = 1) => <IntegrationIcon name={name} size={size} scale={scale} />}
          />
        </Suspense>
      )}
    </section>
  )
}
