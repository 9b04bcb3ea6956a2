// Commands of the onboarding area, named `onboarding/Imperative`.
export type OnboardingCommand = never
