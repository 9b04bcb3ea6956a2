import type { BuildDetail, BuildRun } from '../../domain/builds/types'
import type { Result } from './result'

// The builds area's API port (adapters/ports.ts).
export interface BuildsApi {
  /** Every build run, newest first. */
  list(): Promise<Result<ReadonlyArray<BuildRun>>>
  detail(name: string, number: string): Promise<Result<BuildDetail>>
}
