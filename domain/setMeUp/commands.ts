// Commands of the set-me-up area, named `setMeUp/Imperative`.
export type SetMeUpCommand =
  | {
      readonly type: 'setMeUp/Show'
      readonly packageType?: string
      readonly availableRepos?: ReadonlyArray<string>
    }
  | { readonly type: 'setMeUp/Hide' }
  /** Load the address clients are set up with (once; again after a failure). */
  | { readonly type: 'setMeUp/LoadClientBaseUrl' }
