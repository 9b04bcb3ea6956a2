/**
 * Effects of the integrations area. The catalogue re-filters only after the user pauses:
 * category, vendor and search changes are debounced (300 ms) on an injected scheduler, so tests
 * and replay drive time themselves.
 */
import { debounceTime, distinctUntilChanged, type Observable, type SchedulerLike } from 'rxjs'
import { FILTER_DEBOUNCE_MS, filtersToQuery, type CatalogueFilters } from '../../domain/integrations'

/** One ApplyFilters per burst of changes: the last filters once nothing changed for 300 ms. */
export function debouncedFilters(
  changes$: Observable<CatalogueFilters>,
  scheduler: SchedulerLike,
): Observable<CatalogueFilters> {
  return changes$.pipe(
    debounceTime(FILTER_DEBOUNCE_MS, scheduler),
    // A burst that ends where it started (typed, then erased) changes nothing.
    distinctUntilChanged((a, b) => filtersToQuery(a) === filtersToQuery(b)),
  )
}
