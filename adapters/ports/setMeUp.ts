import type { ReverseProxy } from '../../domain/shared/webServer'
import type { Result } from './result'

// The set-me-up (the address clients are set up with) area's API port (adapters/ports.ts).
export interface SetMeUpApi {
  /**
   * The base URL clients are set up with (set-me-up, the client flows, tool setup) and the
   * reverse proxies in front of the platform (empty when it names none).
   */
  clientBaseUrl(): Promise<
    Result<{ readonly baseUrl: string; readonly reverseProxies: ReadonlyArray<ReverseProxy> }>
  >
}
