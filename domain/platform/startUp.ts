/**
 * The start-up sequence (spec 000 section 4) as a rule: after each step's answer, what comes
 * next. Login data, user data, initial data; then, for a signed-in user or an allowed anonymous
 * one, features (with the local preferences), the parallel loads, and the cloud trial state,
 * analytics and UI personalisation; then the sequence completes, and the navigation type and
 * the on-prem metrics follow. The effects only call the ports a step names.
 */
import {
  AnalyticsDecided,
  CloudTrialStateSet,
  NavigationTypeInitialised,
  StartCompleted,
  StartStepRequested,
  UiPersonalised,
  type PlatformEvent,
  type StartLoad,
} from './events'
import {
  analyticsAllowed,
  cloudTrialOf,
  hasMicroservice,
  sendsOnPremMetrics,
  skipsRepoAndOnboardingData,
} from './rules'
import type { PlatformState } from './types'

/** The steps whose answer the sequence goes on from. */
export type AnsweredStep = 'loginData' | 'userData' | 'initialData' | 'features' | 'parallelLoads'

/** Who start-up is for, as the session knows once the login and user data are in. */
export interface StartUpViewer {
  readonly signedIn: boolean
  readonly name: string
  readonly anonAccessEnabled: boolean
}

/**
 * What start-up reads of the session's slice, named by shape: the session area reads this one,
 * so importing its types would make a circle.
 */
export interface ViewerSlices {
  readonly session: {
    readonly user: { readonly name: string; readonly anonymous: boolean } | null
    readonly login: { readonly anonAccessEnabled: boolean }
  }
}

export const startUpViewerOf = ({ session }: ViewerSlices): StartUpViewer => ({
  signedIn: session.user !== null && !session.user.anonymous,
  name: session.user?.name ?? '',
  anonAccessEnabled: session.login.anonAccessEnabled,
})

/** The navigation type an anonymous visitor keeps, and a signed-in user's until theirs is known. */
export const DEFAULT_NAVIGATION_TYPE = 'new'

/** The parallel loads for this viewer and instance, in the order their answers are recorded. */
export function parallelLoads(slice: PlatformState, viewer: StartUpViewer): ReadonlyArray<StartLoad> {
  const loads: Array<StartLoad | null> = [
    hasMicroservice(slice.microservices, 'insight') ? 'supportAnalytics' : null,
    // The projects of the top bar's selector: every project for admins, the user's own projects
    // for everyone else signed in (spec 000 section 2).
    viewer.signedIn ? 'projects' : null,
    'samlLogoutUrl',
    'packageTypes',
    slice.footer?.isCloud === true ? 'infoWidget' : null,
    'blockedUsages',
    skipsRepoAndOnboardingData(slice.features) ? null : 'onboardingStatus',
  ]
  return loads.filter((load): load is StartLoad => load !== null)
}

/** The events that follow a step's answer: the next step asked for, or the end of the sequence. */
export function nextStartStep(
  after: AnsweredStep,
  slice: PlatformState,
  viewer: StartUpViewer,
): ReadonlyArray<PlatformEvent> {
  switch (after) {
    case 'loginData':
      return [StartStepRequested({ step: 'userData' })]
    case 'userData':
      return [StartStepRequested({ step: 'initialData' })]
    case 'initialData':
      return viewer.signedIn || viewer.anonAccessEnabled
        ? [StartStepRequested({ step: 'features' })]
        : completed(slice, viewer, {}, [])
    case 'features':
      return [
        StartStepRequested({
          step: 'parallelLoads',
          loads: [...parallelLoads(slice, viewer)],
          user: viewer.name,
        }),
      ]
    case 'parallelLoads': {
      const footer = slice.footer
      if (footer === null) return completed(slice, viewer, slice.features, slice.packageTypes)
      return [
        CloudTrialStateSet({ cloudTrial: cloudTrialOf(footer) }),
        AnalyticsDecided({
          enabled: analyticsAllowed({ signedIn: viewer.signedIn, footer, features: slice.features }),
        }),
        // The scanning service initialises its permissions and state with the personalisation.
        UiPersonalised({ scanning: hasMicroservice(slice.microservices, 'xray') }),
        ...completed(slice, viewer, slice.features, slice.packageTypes),
      ]
    }
  }
}

/**
 * The end of the sequence, then what follows it: the navigation type (the signed-in user's
 * preference on the server; anonymous visitors keep the default) and, once per page life where
 * the feature is on, the on-prem metrics. `features` and `packageTypes` are this start-up's
 * (none when it loaded none).
 */
function completed(
  slice: PlatformState,
  viewer: StartUpViewer,
  features: Readonly<Record<string, boolean>>,
  packageTypes: ReadonlyArray<string>,
): ReadonlyArray<PlatformEvent> {
  const metrics =
    !slice.onPremMetricsSent && slice.footer !== null && sendsOnPremMetrics(slice.footer, features)
      ? [
          StartStepRequested({
            step: 'onPremMetrics',
            metrics: {
              frontendVersion: slice.version?.version ?? '',
              packageTypes: [...packageTypes],
              services: slice.microservices.filter((m) => m.enabled).length,
            },
          }),
        ]
      : []
  return [
    StartCompleted({}),
    viewer.signedIn
      ? StartStepRequested({ step: 'navigationType' })
      : NavigationTypeInitialised({ navigationType: DEFAULT_NAVIGATION_TYPE }),
    ...metrics,
  ]
}
