// State of the set-me-up area.
import type { Failure } from '../shared/failure'
import type { ReverseProxy } from '../shared/webServer'

/** Set-me-up's panel: the package type and repositories it shows (spec 000 section 4). */
export interface SetMeUpPanel {
  readonly visible: boolean
  readonly packageType?: string
  readonly availableRepos: ReadonlyArray<string>
  readonly getActiveNode: boolean
}

export const hiddenSetMeUp: SetMeUpPanel = { visible: false, availableRepos: [], getActiveNode: true }

/**
 * The address clients are set up with: the platform's base URL (`GET /ui/setMeUp`) and the
 * reverse proxies in front of it (`GET /ui/system/configuration/webServer`), once loaded, or why
 * loading failed. Set-me-up owns it; quick setup's client flow reads it (`setMeUp/ClientAddress`).
 */
export interface ClientAddress {
  readonly baseUrl?: string
  readonly reverseProxies?: ReadonlyArray<ReverseProxy>
  readonly failure?: Failure
}

export interface SetMeUpState {
  /** The panel, from its first showing until it is hidden (absent: hidden). */
  readonly panel?: SetMeUpPanel
  /** The base URL clients are set up with, once loaded. */
  readonly clientBaseUrl?: string
  readonly clientReverseProxies?: ReadonlyArray<ReverseProxy>
  readonly clientBaseUrlFailure?: Failure
}

export const initialSetMeUpState: SetMeUpState = {}
