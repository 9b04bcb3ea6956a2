import type { AdminApi } from '../ports'
import type { HttpClient } from './client'

/** The admin area's calls to the platform (see server/API.md). */
export function createAdminApi(_http: HttpClient): AdminApi {
  return {}
}
