// State of the onboarding area.

/** The guided client flow quick setup relaunched for a package type and repository. */
export interface ClientFlow {
  readonly packageType: string
  readonly repo: string
  readonly step: number
}

export interface OnboardingState {
  readonly clientFlow?: ClientFlow
}

export const initialOnboardingState: OnboardingState = {}
