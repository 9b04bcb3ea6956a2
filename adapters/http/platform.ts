import type { PlatformApi } from '../ports'
import type { HttpClient } from './client'

/** The platform area's calls to the platform (see server/API.md). */
export function createPlatformApi(_http: HttpClient): PlatformApi {
  return {}
}
