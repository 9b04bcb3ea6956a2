/**
 * What the bar says about its text before it runs (spec 001 section 5): `key:value` words
 * whose key the search type does not know are read as name words, and `type:` values the
 * platform does not offer would find nothing. Kept apart from the decider so the package-type
 * alias table stays out of the login page's bundle (the bar loads with the signed-in layout).
 */
import { isKnownSearchPackageType } from '../packageTypes'
import { isFileChecksum, isSearchButtonDisabled, parseSearchText } from './rules'
import { modelOfBarText } from './barText'
import type { SearchModel } from './model'
import type { SearchTypeDef } from './searchTypes'
import type { SearchState, Suggestion } from './types'

/** Keys of `key:value` words the type does not know, in order, once each. */
export function unknownSearchKeys(text: string, def: SearchTypeDef): ReadonlyArray<string> {
  const words = parseSearchText(text, Object.keys(def.fieldKeys)).name.split(' ')
  const keys = words.map((w) => /^([^":\s]+):/.exec(w)?.[1]).filter((k): k is string => k !== undefined)
  return [...new Set(keys)]
}

/** `type:` values that are not a package type the platform offers (nothing is judged before it says). */
export function unknownPackageTypes(
  model: SearchModel,
  offered: ReadonlyArray<string>,
): ReadonlyArray<string> {
  if (offered.length === 0) return []
  return model.packageTypes.filter((t) => !isKnownSearchPackageType(t, offered))
}

/** A `checksum:` value that is no file checksum (the platform would refuse it), or null. */
export function badChecksum(model: SearchModel): string | null {
  const sum = model.checksum
  return sum === undefined || sum === '' || isFileChecksum(sum) ? null : sum
}

/** What the bar's text would search for, and why the search button is off (the view words each problem). */
export interface BarCheck {
  readonly model: SearchModel
  /** `type:` values the platform does not offer: the search would find nothing. */
  readonly unknownTypes: ReadonlyArray<string>
  /** A `checksum:` value the platform would refuse. */
  readonly badChecksum: string | null
  /** `key:value` keys the type does not know: searched as part of the name (a note, not a block). */
  readonly unknownKeys: ReadonlyArray<string>
  /** Nothing to search for (by the type's own rule), or a problem above. */
  readonly disabled: boolean
}

export function checkBarText(input: {
  readonly text: string
  /** The model of the last search run (the text's words replace its fields). */
  readonly model: SearchModel
  readonly def: SearchTypeDef
  /** Admin, project admin or the tour (the search-button rule's permission). */
  readonly permitted: boolean
  /** The package types the platform offers (empty until it has said). */
  readonly offered: ReadonlyArray<string>
}): BarCheck {
  const model = modelOfBarText(input.text, input.def, input.model)
  const unknownTypes = unknownPackageTypes(model, input.offered)
  const checksum = badChecksum(model)
  const disabled =
    unknownTypes.length > 0 ||
    checksum !== null ||
    isSearchButtonDisabled({
      query: input.text,
      permitted: input.permitted,
      model,
      rule: input.def.disabledRule,
    })
  return {
    model,
    unknownTypes,
    badChecksum: checksum,
    unknownKeys: unknownSearchKeys(input.text, input.def),
    disabled,
  }
}

/**
 * The suggestions for the text as it is now (an answer for older text never lands; while new
 * text is asked about, those of the text before stay), and what the list says meanwhile:
 * searching, or that nothing matched.
 */
export function currentSuggestions(suggestions: SearchState['suggestions']): {
  readonly items: ReadonlyArray<Suggestion>
  readonly status: 'searching' | 'noMatch' | null
} {
  // Not shared/loadable's shownData: importing it put that module in the layout's chunk (over its ceiling).
  const { status } = suggestions
  const items =
    (status === 'loaded' ? suggestions.data : status === 'loading' ? suggestions.previous : []) ?? []
  return {
    items,
    status: status === 'loading' ? 'searching' : status === 'loaded' && items.length === 0 ? 'noMatch' : null,
  }
}
