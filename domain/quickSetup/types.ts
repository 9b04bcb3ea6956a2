// State of the quick setup area.

/** The guided client flow quick setup relaunched for a package type and repository. */
export interface ClientFlow {
  readonly packageType: string
  readonly repo: string
  readonly step: number
}

/** Quick setup: the overlay wizard (when quick setup is not a route) and its package choice. */
export interface QuickSetupState {
  readonly visible: boolean
  readonly singlePackageSelection: boolean
  readonly predefinedPackageType?: string
}

export const closedQuickSetup: QuickSetupState = { visible: false, singlePackageSelection: false }

export interface QuickSetupSlice {
  /** The wizard, from its first opening until it closes (absent: closed). */
  readonly wizard?: QuickSetupState
  /** The guided client flow, while it is open. */
  readonly clientFlow?: ClientFlow
}

export const initialQuickSetupState: QuickSetupSlice = {}
