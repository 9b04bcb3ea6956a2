import type { SessionApi } from '../ports'
import type { HttpClient } from './client'

/** The session area's calls to the platform (see server/API.md). */
export function createSessionApi(_http: HttpClient): SessionApi {
  return {}
}
