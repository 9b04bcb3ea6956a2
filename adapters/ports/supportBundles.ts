import type { BundleRequest, SupportBundle } from '../../domain/supportBundles/types'
import type { Result } from './result'

// The supportBundles (support zone) area's API port (adapters/ports.ts).
export interface SupportBundlesApi {
  list(): Promise<Result<ReadonlyArray<SupportBundle>>>
  /** Creates a bundle through its service's path (spec 001 section 7); it starts 'in progress'. */
  create(request: BundleRequest, session?: string): Promise<Result<SupportBundle>>
  remove(id: string): Promise<Result<void>>
  /** The console session a bundle carries: its redacted event log (NDJSON). */
  session(id: string): Promise<Result<string>>
  /** Fetches the zip and hands it to the browser as a download. */
  download(id: string): Promise<Result<void>>
  /** Whether release-bundle retention is on. */
  retentionEnabled(): Promise<Result<boolean>>
  /** Whether Mission Control is enabled (the service-enabled check) and answers its ping. */
  missionControlAvailable(): Promise<Result<boolean>>
}
