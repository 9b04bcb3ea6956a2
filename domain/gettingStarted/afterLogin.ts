/**
 * Getting started after login (spec 000 section 4): where a completed login sends a user who
 * still has to be onboarded, and whether a free-tier admin gets the getting-started wizard. Pure
 * and small: quick setup reads its path from the area's index without its decider.
 */

export const QUICK_SETUP_PATH = '/quick-setup'

/** The user flags the platform sends with the user data (server/auth/users.ts, per flavour). */
export interface AfterLoginUserFlags {
  readonly admin: boolean
  readonly firstLogin: boolean
  readonly freeTier: boolean
  readonly hasSeenGettingStarted: boolean
  readonly quickDeployEnabled: boolean
  readonly newOnboarding: boolean
}

export interface AfterLoginInput {
  readonly user: AfterLoginUserFlags
  /** How the login completed: the second factor ('otp') covers MFA enrolment and OTP login. */
  readonly via: string
  /** The platform still has only its default repositories (GET /ui/onboarding/initStatus). */
  readonly onboardingNeeded: boolean
  /** The platform's own get-started page is on (feature platformGetStarted). */
  readonly platformGetStarted: boolean
}

// A login completed by a second factor (MFA enrolment or OTP login) is not sent to quick setup.
const SECOND_FACTOR_VIAS: ReadonlyArray<string> = ['otp']

/** The page getting started sends the user to after login, or null for the usual landing. */
export function afterLoginPath(input: AfterLoginInput): string | null {
  const { user } = input
  if (
    user.admin &&
    user.newOnboarding &&
    input.onboardingNeeded &&
    !user.quickDeployEnabled &&
    !input.platformGetStarted
  )
    return QUICK_SETUP_PATH
  if (user.firstLogin && user.quickDeployEnabled && !SECOND_FACTOR_VIAS.includes(input.via))
    return QUICK_SETUP_PATH
  return null
}

/** A free-tier admin who has not seen getting started gets the flag set and saved and the wizard opened. */
export const needsGettingStartedWizard = (user: AfterLoginUserFlags): boolean =>
  user.freeTier && user.admin && !user.hasSeenGettingStarted
