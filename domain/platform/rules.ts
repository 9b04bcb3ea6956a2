// Pure rules over the start-up data: what the instance is and which conditional loads run.
import type { Footer, Microservice, PlatformState } from './types'

export const hasFeature = (platform: PlatformState, name: string): boolean => platform.features[name] === true

export const hasEntitlement = (platform: PlatformState, name: string): boolean =>
  platform.entitlements.includes(name)

/** A service is present when the platform lists it as enabled, matched by name or key. */
export function hasMicroservice(microservices: ReadonlyArray<Microservice>, nameOrKey: string): boolean {
  const wanted = nameOrKey.toLowerCase()
  return microservices.some(
    (s) => s.enabled && (s.name.toLowerCase() === wanted || s.key.toLowerCase() === wanted),
  )
}

export const flavourOf = (platform: PlatformState): string => platform.footer?.flavour ?? 'platform'
export const isCloud = (platform: PlatformState): boolean => platform.footer?.isCloud === true
export const isTour = (platform: PlatformState): boolean => flavourOf(platform) === 'tour'
export const isLightweight = (platform: PlatformState): boolean => flavourOf(platform) === 'lightweight'
export const isLicenceNA = (platform: PlatformState): boolean => platform.footer?.licenseType === 'N/A'
/**
 * Whether a teaser invites the user to start a free trial: only where the licence does not
 * cover the area (N/A) or on the demo tour. A licensed admin also reaches a teaser (Environments,
 * which this console has none of), and a trial of what they already have is no use to them.
 */
export const offersTrial = (platform: PlatformState): boolean => isLicenceNA(platform) || isTour(platform)
export const serverName = (platform: PlatformState): string => platform.footer?.serverName ?? ''

/** A cloud trial is the cloud-trial flavour on a cloud instance. */
export const cloudTrialOf = (footer: Footer): boolean => footer.isCloud && footer.flavour === 'cloud-trial'

/**
 * Editions sold without a security scanner: on them its absence is how the product is, not a
 * fault, so the console leaves security out instead of saying the scanner is unavailable.
 */
export const EDITIONS_WITHOUT_SCANNER: ReadonlyArray<string> = [
  'oss',
  'container-registry',
  'community',
  'edge',
]

/**
 * Whether the security scanner can answer: 'unavailable' when the platform does not run it,
 * 'unlicensed' when it runs but the licence lacks its entitlement (spec 001 section 8), and
 * 'notInEdition' when it does not run on an edition that has none.
 */
export type XrayAvailability = 'available' | 'unavailable' | 'unlicensed' | 'notInEdition'
export function xrayAvailability(platform: PlatformState): XrayAvailability {
  if (!hasMicroservice(platform.microservices, 'xray'))
    return EDITIONS_WITHOUT_SCANNER.includes(flavourOf(platform)) ? 'notInEdition' : 'unavailable'
  return scannerAnswers(platform) ? 'available' : 'unlicensed'
}

/**
 * Whether the scanner runs and the licence covers it ('available' above): only then do packages
 * have severities, and only then does the list offer or apply a severity filter. Over start-up's
 * two answers alone, so the platform judges its own profile by the same rule.
 */
export const scannerAnswers = (platform: Pick<PlatformState, 'microservices' | 'entitlements'>): boolean =>
  hasMicroservice(platform.microservices, 'xray') && platform.entitlements.includes('xray')

/** The usage the subscription blocks once the month's data transfer quota is used up. */
export const DATA_TRANSFER_USAGE = 'DATA_TRANSFER'
/** Has this subscription used up its monthly data transfer (the quota banner shows)? */
export const dataTransferBlocked = (platform: PlatformState): boolean =>
  platform.blockedUsages.includes(DATA_TRANSFER_USAGE)

/** Read-only mode (a platform setting): options that change content are blocked with its message. */
export const isReadOnlyMode = (platform: PlatformState): boolean => hasFeature(platform, 'readOnlyMode')

/** The usage the subscription blocks to keep people out of the console (usages are uppercase). */
export const UI_USAGE = 'UI'
/** Is the console blocked for this subscription (the navigation pipeline sends such users to login)? */
export const isUiBlocked = (platform: PlatformState): boolean => platform.blockedUsages.includes(UI_USAGE)

// Loads the spec skips "when certain flags are supported": repo and onboarding data are not
// needed once the platform's own get-started flow or the quick-deploy landing replaces them.
export const SKIP_REPO_AND_ONBOARDING_FEATURES = ['platformGetStarted', 'quickDeployLanding'] as const

export const skipsRepoAndOnboardingData = (features: Readonly<Record<string, boolean>>): boolean =>
  SKIP_REPO_AND_ONBOARDING_FEATURES.some((f) => features[f] === true)

// A cloud that runs on a specific provider region where analytics is contractually off.
export const NO_ANALYTICS_CLOUDS = ['gov'] as const

/** Analytics runs only for signed-in cloud users, not on a specific cloud, with the analytics feature. */
export function analyticsAllowed(input: {
  readonly signedIn: boolean
  readonly footer: Footer
  readonly features: Readonly<Record<string, boolean>>
}): boolean {
  const specificCloud = (NO_ANALYTICS_CLOUDS as ReadonlyArray<string>).includes(input.footer.flavour)
  return input.signedIn && input.footer.isCloud && !specificCloud && input.features.analytics === true
}

/** On-prem metrics are sent only by self-hosted instances with the metrics feature. */
export const sendsOnPremMetrics = (footer: Footer, features: Readonly<Record<string, boolean>>): boolean =>
  !footer.isCloud && features.onPremMetrics === true
