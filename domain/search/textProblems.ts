/**
 * What the bar says about its text before it runs (spec 001 section 5): `key:value` words
 * whose key the search type does not know are read as name words, and `type:` values the
 * platform does not offer would find nothing. Kept apart from the decider so the package-type
 * alias table stays out of the login page's bundle (the bar loads with the signed-in layout).
 */
import { isKnownSearchPackageType } from '../packageTypes'
import { isFileChecksum, parseSearchText } from './rules'
import type { SearchModel } from './model'
import type { SearchTypeDef } from './searchTypes'

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
