/**
 * The universal search bar of the top bar: a search type, the text (with `key:value`
 * filters), suggestions while typing, recent searches, and the search button. Running a
 * search opens the type's route with the model in the URL, so reloads and shared links
 * show the same results.
 */
import { lazy, Suspense, useEffect, useId, useMemo, useState, type FormEvent } from 'react'
import { History, Search } from 'lucide-react'
import { useLocation, useSearch } from 'wouter'
import { useDispatch, useQuery } from '../shared/appContext'
import {
  SEARCH_TYPES,
  availableSearchTypes,
  isPermitted,
  visibleRecentSearches,
  type SearchTypeId,
} from '../../domain/search'
import { checkBarText, currentSuggestions } from '../../domain/search/textProblems'
import { Combobox, type ComboboxOption } from '../shared/kit/Combobox'
import { Select } from '../shared/kit/Select'
import { TypeIcon } from '../shared/typeMarks/TypeIcon'
import select from '../shared/kit/select.module.css'
import styles from './search.module.css'

// The artifact search's Quick/Archive switch (Radix RadioGroup), only with that search type:
// a chunk of its own rather than a part of every page's layout.
const ArtifactKinds = lazy(() => import('./ArtifactKinds'))

// The type follows the route and the project: a new route, or new usable types (a project was
// selected), syncs the bar again.
function useSyncWithUrl(types: ReadonlyArray<unknown>) {
  const [location] = useLocation()
  const search = useSearch()
  const dispatch = useDispatch()
  useEffect(() => {
    dispatch({ type: 'search/SyncWithUrl', path: location, query: search })
  }, [dispatch, location, search, types])
}

export function SearchBar() {
  const viewer = useQuery({ type: 'search/Viewer' })
  // The search types this viewer may use, in the bar's order.
  const types = useMemo(() => availableSearchTypes(viewer), [viewer])
  useSyncWithUrl(types)
  const dispatch = useDispatch()
  const [, navigate] = useLocation()
  const bar = useQuery({ type: 'search/Bar' })
  // Admin, project admin or the tour count as permitted for the search-button rule.
  const permitted = isPermitted(viewer)
  // The current user's recent searches, newest first; Archive ones hidden without archive search.
  const recent = useMemo(() => {
    const owner = bar.recentOwner ?? 'anonymous'
    return visibleRecentSearches({ [owner]: bar.recent }, owner, {
      archiveEnabled: viewer.features.archiveSearch === true,
    })
  }, [bar.recent, bar.recentOwner, viewer])
  const [recentOpen, setRecentOpen] = useState(false)
  const recentId = useId()
  const def = SEARCH_TYPES[bar.type]
  const offeredTypes = useQuery({ type: 'packages/PackageTypes' })
  const check = checkBarText({ text: bar.text, model: bar.model, def, permitted, offered: offeredTypes })
  const { disabled } = check
  const problemId = useId()
  const problems = [
    ...(check.unknownTypes.length > 0 ? [`Unknown package type: ${check.unknownTypes.join(', ')}`] : []),
    ...(check.badChecksum !== null
      ? [`Not a file checksum: ${check.badChecksum} (a sha256, sha1 or md5: 64, 40 or 32 hex digits)`]
      : []),
    ...(check.unknownKeys.length > 0
      ? [
          `Not a ${def.label} filter: ${check.unknownKeys.join(', ')} (searched as part of the name). Filters: ${
            Object.keys(def.fieldKeys).join(', ') || 'none'
          }`,
        ]
      : []),
  ]
  const suggestions = currentSuggestions(bar.suggestions)
  const options: ReadonlyArray<ComboboxOption> = suggestions.items.map((s) => ({
    id: s.id,
    label: s.name,
    icon: <TypeIcon type={s.packageType} size={16} />,
    detail: s.packageType,
  }))
  const status =
    suggestions.status === 'searching'
      ? 'Searching…'
      : suggestions.status === 'noMatch'
        ? 'No matching packages'
        : undefined

  // Enter on a highlighted suggestion opens it (the Combobox handles that key); otherwise it runs the search.
  const submit = (e: FormEvent) => {
    e.preventDefault()
    setRecentOpen(false)
    if (!disabled) dispatch({ type: 'search/Run' })
  }

  return (
    <form role="search" aria-label="Universal search" className={styles.bar} onSubmit={submit}>
      <Select<SearchTypeId>
        aria-label="Search type"
        className={styles.type}
        value={bar.type}
        onValueChange={(searchType) => dispatch({ type: 'search/ChangeType', searchType })}
        options={types.map((t) => ({ value: t.id, label: t.label }))}
      />
      {bar.type === 'artifacts' && viewer.features.archiveSearch === true && (
        <Suspense fallback={null}>
          <ArtifactKinds
            value={bar.model.artifactsSearchType}
            onValueChange={(artifactsSearchType) =>
              dispatch({ type: 'search/ChangeArtifactsSearchType', artifactsSearchType })
            }
          />
        </Suspense>
      )}
      <Combobox
        type="search"
        label="Search text"
        listLabel="Suggestions"
        className={styles.input}
        placeholder={def.placeholder}
        aria-describedby={problems.length > 0 ? problemId : undefined}
        value={bar.text}
        onValueChange={(text) => dispatch({ type: 'search/ChangeText', text })}
        options={options}
        status={status}
        enabled={bar.type === 'packages'}
        onPick={(o) => navigate(`/packages/${encodeURIComponent(o.id)}`)}
      />
      <button type="submit" className={styles.submit} disabled={disabled} aria-label="Search" title="Search">
        <Search size={16} aria-hidden />
      </button>
      <button
        type="button"
        className={styles.recent}
        aria-label="Recent searches"
        title="Recent searches"
        aria-expanded={recentOpen}
        aria-controls={recentId}
        onClick={() => setRecentOpen((o) => !o)}
      >
        <History size={16} aria-hidden />
      </button>
      {problems.length > 0 && (
        <p id={problemId} role="status" className={styles.problem}>
          {problems.join('. ')}
        </p>
      )}
      {recentOpen && (
        <div
          id={recentId}
          className={`${select.popup} ${styles.popup}`}
          role="region"
          aria-label="Recent searches"
        >
          {recent.length === 0 ? (
            <p className={styles.hint}>No recent searches</p>
          ) : (
            <ul className={styles.recentList}>
              {recent.map((r) => (
                <li key={r.id}>
                  <button
                    type="button"
                    className={select.item}
                    onClick={() => {
                      setRecentOpen(false)
                      dispatch({ type: 'search/SelectRecent', id: r.id })
                    }}
                  >
                    {SEARCH_TYPES[r.type as SearchTypeId]?.label ?? r.type}: {describe(r.queryString)}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </form>
  )
}

/** A recent search as a reader sees it: `react (pkg: npm)`. */
function describe(queryString: string): string {
  const params = new URLSearchParams(queryString)
  const name = params.get('q') ?? ''
  const rest = [...params.entries()].filter(([k]) => k !== 'q').map(([k, v]) => `${k}: ${v}`)
  return [name || '(any name)', rest.length > 0 ? `(${rest.join(', ')})` : ''].join(' ').trim()
}
