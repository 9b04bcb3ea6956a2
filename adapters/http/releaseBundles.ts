import type { ReleaseBundlesApi } from '../ports'
import type { HttpClient } from './client'

/** The releaseBundles area's calls to the platform (see server/API.md). */
export function createReleaseBundlesApi(_http: HttpClient): ReleaseBundlesApi {
  return {}
}
