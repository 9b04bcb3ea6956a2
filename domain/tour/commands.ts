// Commands of the tour area, named `tour/Imperative`.
export type TourCommand =
  | { readonly type: 'tour/Start' }
  | { readonly type: 'tour/Move'; readonly step: number }
  /** Close the tour: `completed` when the user reached Done, not when they skipped it. */
  | { readonly type: 'tour/End'; readonly completed: boolean }
