import type { Overview } from '../../domain/overview/types'
import type { Result } from './result'

// The overview (home page) area's API port (adapters/ports.ts).
export interface OverviewApi {
  /** The artifact count and the home page's figures, asked together. */
  load(): Promise<Result<Overview>>
}
