import type { PackagesApi } from '../ports'
import type { HttpClient } from './client'

/** The packages area's calls to the platform (see server/API.md). */
export function createPackagesApi(_http: HttpClient): PackagesApi {
  return {}
}
