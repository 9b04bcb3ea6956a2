// State of the tour area: the navigation tour while it runs, who finished it, and the guide context.

export interface TourState {
  /** The tour, while it runs: the step shown. */
  readonly running?: { readonly step: number }
  /** When this user last finished the tour (kept in local storage by an effect). */
  readonly completed?: { readonly user: string; readonly at: string }
  /** Tour and cloud-trial instances: the part of the product the current path belongs to. */
  readonly guideContext?: string
}

export const initialTourState: TourState = {}
