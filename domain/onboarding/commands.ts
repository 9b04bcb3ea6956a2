// Commands of the onboarding area, named `onboarding/Imperative`.
export type OnboardingCommand =
  /**
   * Set up a client for a package type and repository: the guided flow when the type has one,
   * otherwise set-me-up; either way quick setup closes (spec 000 section 4).
   */
  | {
      readonly type: 'onboarding/SetUpClient'
      readonly packageType: string
      readonly repo: string
      readonly availableRepos?: ReadonlyArray<string>
    }
  | { readonly type: 'onboarding/MoveClientFlow'; readonly step: number }
  | { readonly type: 'onboarding/CloseClientFlow'; readonly finished: boolean }
