import type { ServiceStatusApi } from '../ports'
import type { HttpClient } from './client'

/** The serviceStatus area's calls to the platform (see server/API.md). */
export function createServiceStatusApi(_http: HttpClient): ServiceStatusApi {
  return {}
}
