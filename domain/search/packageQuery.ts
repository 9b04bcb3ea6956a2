/**
 * From the search model to what the packages list asks the platform: the legacy mapping
 * (lowercased name, description wildcards, All → '*', no repos → null), the trailing
 * wildcard on the name, severities as their enum, dates as created bounds.
 */
import { legacyPackageSearch, withTrailingWildcard } from './rules'
import { normaliseSortDirection, type SearchModel } from './model'
import {
  SEVERITIES,
  defaultPackageQuery,
  type PackageQuery,
  type Severity,
  type SortField,
} from '../packages'
import { packageTypesCovered } from '../packageTypes'

const SORT_FIELDS: Readonly<Record<string, SortField>> = {
  name: 'NAME',
  created: 'CREATED',
  modified: 'MODIFIED',
  updated: 'MODIFIED',
}

/** True when the model asks for anything at all; otherwise the list is count-only. */
export function isSearching(model: SearchModel): boolean {
  return (
    model.name.trim() !== '' ||
    model.description.trim() !== '' ||
    model.packageTypes.length > 0 ||
    model.repositories.length > 0 ||
    model.licenses.length > 0 ||
    model.severities.length > 0 ||
    model.before !== null ||
    model.after !== null ||
    (model.checksum ?? '') !== ''
  )
}

export function packageQueryOf(model: SearchModel, options: { releaseOnly: boolean }): PackageQuery | null {
  if (!isSearching(model)) return null
  const types = [...new Set(model.packageTypes.flatMap(packageTypesCovered))].filter((t) => t !== 'all')
  const legacy = legacyPackageSearch({
    name: model.name.trim(),
    description: model.description.trim(),
    packageType: types[0] ?? 'All',
    repos: model.repositories,
  })
  const severities = model.severities
    .map((s) => s.toUpperCase())
    .filter((s): s is Severity => (SEVERITIES as ReadonlyArray<string>).includes(s))
  return {
    ...defaultPackageQuery,
    name: legacy.name === '' ? null : withTrailingWildcard(legacy.name),
    description: legacy.description,
    packageTypes: legacy.package_type === '*' ? [] : types,
    repositories: legacy.repos === null ? [] : [...legacy.repos],
    licenses: [...model.licenses],
    severities: [...new Set(severities)],
    createdMin: model.after,
    createdMax: model.before,
    releaseOnly: options.releaseOnly,
    ...(model.checksum ? { checksum: model.checksum.toLowerCase() } : {}),
    sort: {
      field: SORT_FIELDS[model.sortBy.toLowerCase()] ?? 'NAME',
      direction: normaliseSortDirection(model.sortType) === 'desc' ? 'DESC' : 'ASC',
    },
  }
}
