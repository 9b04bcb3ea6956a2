/**
 * The universal search bar of the top bar: a search type, the text (with `key:value`
 * filters), suggestions while typing, recent searches, and the search button. Running a
 * search opens the type's route with the model in the URL, so reloads and shared links
 * show the same results.
 */
import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from 'react'
import { useLocation, useSearch } from 'wouter'
import { useDispatch, useQuery } from '../shared/appContext'
import { SEARCH_TYPES, isSearchButtonDisabled, modelOfBarText, type SearchTypeId } from '../../domain/search'
import { unknownPackageTypes, unknownSearchKeys } from '../../domain/search/textProblems'
import styles from './search.module.css'

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
  const types = useQuery({ type: 'search/Types' })
  useSyncWithUrl(types)
  const dispatch = useDispatch()
  const [, navigate] = useLocation()
  const bar = useQuery({ type: 'search/Bar' })
  const permitted = useQuery({ type: 'search/Permitted' })
  const recent = useQuery({ type: 'search/Recent' })
  const [open, setOpen] = useState<'none' | 'suggestions' | 'recent'>('none')
  const [active, setActive] = useState(-1)
  const listId = useId()
  const recentId = useId()
  const def = SEARCH_TYPES[bar.type]
  const offeredTypes = useQuery({ type: 'packages/PackageTypes' })
  const typed = modelOfBarText(bar.text, def, bar.model)
  const unknownKeys = unknownSearchKeys(bar.text, def)
  const unknownTypes = unknownPackageTypes(typed, offeredTypes)
  // A type the platform does not offer finds nothing: say so rather than run it.
  const disabled =
    unknownTypes.length > 0 ||
    isSearchButtonDisabled({ query: bar.text, permitted, model: typed, rule: def.disabledRule })
  const problemId = useId()
  const problems = [
    ...(unknownTypes.length > 0 ? [`Unknown package type: ${unknownTypes.join(', ')}`] : []),
    ...(unknownKeys.length > 0
      ? [
          `Not a ${def.label} filter: ${unknownKeys.join(', ')} (searched as part of the name). Filters: ${
            Object.keys(def.fieldKeys).join(', ') || 'none'
          }`,
        ]
      : []),
  ]
  const suggestions = bar.suggestions.text === bar.text ? bar.suggestions.items : []
  const showSuggestions = open === 'suggestions' && bar.text.trim() !== '' && bar.type === 'packages'

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const chosen = showSuggestions && active >= 0 ? suggestions[active] : undefined
    setOpen('none')
    if (chosen) {
      navigate(`/packages/${encodeURIComponent(chosen.id)}`)
      return
    }
    if (!disabled) dispatch({ type: 'search/Run' })
  }

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' && suggestions.length > 0) {
      e.preventDefault()
      setOpen('suggestions')
      setActive((i) => Math.min(suggestions.length - 1, i + 1))
    } else if (e.key === 'ArrowUp') {
      e.preventDefault()
      setActive((i) => Math.max(-1, i - 1))
    } else if (e.key === 'Escape') {
      setOpen('none')
      setActive(-1)
    }
  }

  return (
    <form role="search" aria-label="Universal search" className={styles.bar} onSubmit={submit}>
      <select
        aria-label="Search type"
        className={styles.type}
        value={bar.type}
        onChange={(e) => dispatch({ type: 'search/ChangeType', searchType: e.target.value as SearchTypeId })}
      >
        {types.map((t) => (
          <option key={t.id} value={t.id}>
            {t.label}
          </option>
        ))}
      </select>
      <input
        type="search"
        role="combobox"
        aria-label="Search text"
        aria-autocomplete="list"
        aria-expanded={showSuggestions && suggestions.length > 0}
        aria-controls={listId}
        aria-activedescendant={showSuggestions && active >= 0 ? `${listId}-${active}` : undefined}
        className={styles.input}
        placeholder={def.placeholder}
        aria-describedby={problems.length > 0 ? problemId : undefined}
        value={bar.text}
        autoComplete="off"
        spellCheck={false}
        onChange={(e) => {
          setOpen('suggestions')
          setActive(-1)
          dispatch({ type: 'search/ChangeText', text: e.target.value })
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setOpen((o) => (o === 'suggestions' ? 'none' : o)), 150)}
      />
      <button type="submit" disabled={disabled}>
        Search
      </button>
      <button
        type="button"
        aria-expanded={open === 'recent'}
        aria-controls={recentId}
        onClick={() => setOpen((o) => (o === 'recent' ? 'none' : 'recent'))}
      >
        Recent searches
      </button>
      {problems.length > 0 && (
        <p id={problemId} role="status" className={styles.hint}>
          {problems.join('. ')}
        </p>
      )}
      {showSuggestions && (
        <ul id={listId} role="listbox" aria-label="Suggestions" className={styles.popup}>
          {bar.suggestions.status === 'loading' && suggestions.length === 0 && (
            <li role="presentation" className={styles.hint}>
              Searching…
            </li>
          )}
          {bar.suggestions.status === 'loaded' && suggestions.length === 0 && (
            <li role="presentation" className={styles.hint}>
              No matching packages
            </li>
          )}
          {suggestions.map((s, i) => (
            <li
              key={s.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => {
                e.preventDefault()
                setOpen('none')
                navigate(`/packages/${encodeURIComponent(s.id)}`)
              }}
            >
              {s.name} <span className={styles.hint}>{s.packageType}</span>
            </li>
          ))}
        </ul>
      )}
      {open === 'recent' && (
        <div id={recentId} className={styles.popup} role="region" aria-label="Recent searches">
          {recent.length === 0 ? (
            <p className={styles.hint}>No recent searches</p>
          ) : (
            <ul>
              {recent.map((r) => (
                <li key={r.id}>
                  <button
                    type="button"
                    onClick={() => {
                      setOpen('none')
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
