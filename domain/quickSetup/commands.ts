// Commands of the quick setup area, named `quickSetup/Imperative`.
export type QuickSetupCommand =
  /** Quick setup: the /quick-setup route where the platform has it, the overlay wizard otherwise. */
  | { readonly type: 'quickSetup/Open' }
  | { readonly type: 'quickSetup/Close' }
  /**
   * Set up a client for a package type and repository: the guided flow when the type has one,
   * otherwise set-me-up; either way quick setup closes (spec 000 section 4).
   */
  | {
      readonly type: 'quickSetup/SetUpClient'
      readonly packageType: string
      readonly repo: string
      readonly availableRepos?: ReadonlyArray<string>
    }
  | { readonly type: 'quickSetup/MoveClientFlow'; readonly step: number }
  | { readonly type: 'quickSetup/CloseClientFlow'; readonly finished: boolean }
