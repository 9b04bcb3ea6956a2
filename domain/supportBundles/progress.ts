/**
 * Creation progress (spec 001 sections 4 and 9): the cleanup delay, how often the list is
 * polled while a bundle is built, retention retries. Apart from rules.ts so the effects do not
 * bring the form's validation into the first load.
 */
import type { Failure } from '../shared/failure'
import { shownData } from '../shared/loadable'
import type { BundleListState, SupportBundle } from './types'

/** After the last creation call returns, placeholders stay this long before the list is reloaded. */
export const BUNDLE_CLEANUP_DELAY_MS = 3000
/** While a bundle is being built, the list is reloaded this often (the same 3 s). */
export const BUNDLE_POLL_MS = BUNDLE_CLEANUP_DELAY_MS
/** Retention status fetch attempts before the feature is treated as disabled. */
export const RETENTION_STATUS_RETRIES = 3
/** A platform without the retention endpoint (404) has the feature disabled: no point asking again. */
export const retentionDisabledBy = (failure: Failure): boolean =>
  failure.kind === 'status' && failure.status === 404

export const isBuilding = (bundle: Pick<SupportBundle, 'status'>): boolean => bundle.status === 'in progress'

/** Calls under way over every service. */
export const creationsInProgress = (counts: Readonly<Record<string, number>>): number =>
  Object.values(counts).reduce((sum, n) => sum + Math.max(0, n), 0)

/**
 * The rows the list shows: those loaded, or while it reloads or after a failed reload those
 * loaded before; undefined while none were loaded.
 */
export const shownBundles = (list: BundleListState): ReadonlyArray<SupportBundle> | undefined =>
  list.status === 'failed' ? list.previous : shownData(list)

/**
 * Whether a bundle is still being made: a placeholder row, or a listed bundle in progress. The
 * form's "being created" note holds only while this is true, so it does not contradict a row
 * that already says the bundle is ready.
 */
export const anyBundleBuilding = (placeholders: ReadonlyArray<unknown>, list: BundleListState): boolean =>
  placeholders.length > 0 || (shownBundles(list) ?? []).some(isBuilding)
