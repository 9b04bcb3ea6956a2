/**
 * The packages list's read of the platform (spec 001: the `/mds/packages` GraphQL endpoint): its
 * document and variables. A contract both sides agree on, as start-up's page answers are
 * (domain/platform/pageAnswers.ts): the console's GraphQL adapter sends it, and the platform
 * makes the same read for a signed-in user's page of the list and sends the answer with the page
 * (server/ui/routeAnswers.ts), so the list's first page needs no round trip. Decoding the answer
 * stays the adapter's (adapters/graphql/packages.ts).
 */
import type { PackageQuery } from './types'

/** The list's endpoint under the API base; the list names itself a loader of the page (spec 001 section 7). */
export const LIST_READ_PATH = '/mds/packages?jfLoader=true'

export const PACKAGE_FIELDS = `id name packageType description created modified latestVersion versionsCount
  stats { downloads followers } licenses { name source } tags
  vulnerabilities { critical high medium low info unknown skipped } operationalRisk { riskLevel }`

export const PACKAGES_QUERY = `query Packages($filter: PackageFilter!, $first: Int, $after: ID, $orderBy: PackageOrder) {
  packages(filter: $filter, first: $first, after: $after, orderBy: $orderBy) {
    totalCount edges { cursor node { ${PACKAGE_FIELDS} } } pageInfo { hasNextPage endCursor }
  }
}`

/** The GraphQL filter for a query: empty lists and nulls are left out (they mean "any"). */
export function packageFilter(q: PackageQuery): Record<string, unknown> {
  const filter: Record<string, unknown> = {}
  if (q.name) filter.name = q.name
  if (q.description) filter.description = q.description
  if (q.packageTypes.length > 0) filter.packageTypeIn = q.packageTypes
  if (q.repositories.length > 0) filter.repositoriesIn = q.repositories
  if (q.licenses.length > 0) filter.licensesIn = q.licenses
  if (q.severities.length > 0) filter.severitiesIn = q.severities
  if (q.createdMin) filter.createdMin = q.createdMin
  if (q.createdMax) filter.createdMax = q.createdMax
  if (q.modifiedMin) filter.modifiedMin = q.modifiedMin
  if (q.modifiedMax) filter.modifiedMax = q.modifiedMax
  if (q.releaseOnly) filter.ignorePreRelease = true
  if (q.checksum) filter.checksum = q.checksum
  // The legacy browser only lists packages that have at least one version.
  filter.versionCountMin = 1
  return filter
}

/** A page of the list: `first` packages after the cursor `after` (the first page: none). */
export function packagesVariables(
  q: PackageQuery,
  first: number,
  after: string | null,
): Record<string, unknown> {
  const variables: Record<string, unknown> = {
    filter: packageFilter(q),
    first,
    orderBy: { field: q.sort.field, direction: q.sort.direction },
  }
  if (after) variables.after = after
  return variables
}
