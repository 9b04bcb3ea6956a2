/**
 * The packages list's filter rules (ui/packages/Filters.tsx): the repositories and licences form
 * as a validated form (the comma lists the search model takes), a filter list's toggle, and the
 * address with the release-versions-only option on or off.
 */
import { right, type Either } from 'fp-ts/Either'
import type { Problems } from '../shared/messages'

export interface ListFilterValues {
  readonly repositories: string
  readonly licenses: string
}

/** A comma list as typed: its entries trimmed, empty ones left out. */
export const splitList = (text: string): string[] =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')

/** The search model's two lists this form edits (the search area reads the packages area, not back). */
export interface ListFilters {
  readonly repositories: ReadonlyArray<string>
  readonly licenses: ReadonlyArray<string>
}

/** Any text is a list (empty entries are left out): the form has no problem to show. */
export const validateListFilters = (
  values: ListFilterValues,
): Either<Problems<keyof ListFilterValues, never>, ListFilters> =>
  right({ repositories: splitList(values.repositories), licenses: splitList(values.licenses) })

/** The list with the value added, or taken out when it was in. */
export const toggled = <T>(list: ReadonlyArray<T>, value: T): T[] =>
  list.includes(value) ? list.filter((v) => v !== value) : [...list, value]

/** The packages list's address with release versions only on (`rel=1`) or off, the rest of the query kept. */
export function releaseOnlyPath(search: string, on: boolean): string {
  const params = new URLSearchParams(search)
  if (on) params.set('rel', '1')
  else params.delete('rel')
  const qs = params.toString()
  return `/packages${qs ? `?${qs}` : ''}`
}

/** How many unchosen package types the filter shows before "Show all". */
export const TYPES_SHOWN_FOLDED = 6

/**
 * The package types the filter lists: the chosen ones first (a type chosen in the bar, `type:npm`,
 * is in sight even when the platform does not offer it), then the others, those search offers
 * first (`preferred`, in its order) before the rest, folded to a few unless the user asked for
 * all. `hidden` is how many the fold leaves out.
 */
export function typeFilterChoices(
  offered: ReadonlyArray<string>,
  chosen: ReadonlyArray<string>,
  expanded: boolean,
  preferred: ReadonlyArray<string> = [],
): { readonly shown: ReadonlyArray<string>; readonly hidden: number } {
  const picked = chosen.filter((t, i) => chosen.indexOf(t) === i)
  const rank = (t: string) => (preferred.includes(t) ? preferred.indexOf(t) : preferred.length)
  const rest = offered
    .filter((t) => !picked.includes(t))
    .map((t, i) => ({ t, i }))
    .sort((a, b) => rank(a.t) - rank(b.t) || a.i - b.i)
    .map(({ t }) => t)
  const room = expanded ? rest.length : Math.min(rest.length, TYPES_SHOWN_FOLDED)
  return { shown: [...picked, ...rest.slice(0, room)], hidden: rest.length - room }
}

/** A filter the user has chosen, as the folded filters list it (its words are the view's). */
export type ChosenFilter =
  | { readonly kind: 'type' | 'severity' | 'repository' | 'licence'; readonly value: string }
  | { readonly kind: 'after' | 'before'; readonly day: string }
  | { readonly kind: 'releaseOnly' }

/** What the list's filters hold: sort is an order, not a filter, so it is not among them. */
export interface FilterChoices {
  readonly packageTypes: ReadonlyArray<string>
  readonly severities: ReadonlyArray<string>
  readonly repositories: ReadonlyArray<string>
  readonly licenses: ReadonlyArray<string>
  readonly after: string | null
  readonly before: string | null
}

/** The filters chosen, in the column's order: what a folded column names beside its title. */
export function chosenFilters(choices: FilterChoices, releaseOnly: boolean): ChosenFilter[] {
  const values = (kind: 'type' | 'severity' | 'repository' | 'licence', list: ReadonlyArray<string>) =>
    list.map((value) => ({ kind, value }))
  const days = [
    ...(choices.after ? [{ kind: 'after' as const, day: choices.after.slice(0, 10) }] : []),
    ...(choices.before ? [{ kind: 'before' as const, day: choices.before.slice(0, 10) }] : []),
  ]
  return [
    ...values('type', choices.packageTypes),
    ...values('severity', choices.severities),
    ...values('repository', choices.repositories),
    ...values('licence', choices.licenses),
    ...days,
    ...(releaseOnly ? [{ kind: 'releaseOnly' as const }] : []),
  ]
}
