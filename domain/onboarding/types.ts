// State of the onboarding area. Filled in by the issue that builds the area.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface OnboardingState {}

export const initialOnboardingState: OnboardingState = {}
