import * as t from 'io-ts'
import { defineEvent, type EventOf } from '../shared/events'
import { Failure } from '../shared/failure'

const MicroserviceC = t.type({ name: t.string, key: t.string, enabled: t.boolean })
// The logos and the portal came later: optional, so older logs decode to the same state.
const FooterC = t.intersection([
  t.type({
    serverName: t.string,
    flavour: t.string,
    isCloud: t.boolean,
    licenseType: t.string,
    buildNumber: t.string,
    copyright: t.string,
  }),
  t.partial({ userLogo: t.string, logoUrl: t.string, accountPortalUrl: t.string }),
])
const StepC = t.keyof({
  loginData: null,
  userData: null,
  initialData: null,
  features: null,
  parallelLoads: null,
  uiPersonalisation: null,
  navigationType: null,
})

// The start-up sequence of spec 000 section 4: one event per result, in the order they happen.
/**
 * `onPremMetricsSent`: the metrics went out earlier in this page's life, so this start-up sends
 * none (they go once). v1 had no such field: its effects ran when it was written, and replay
 * runs none, so an older one reads as not sent.
 */
export const StartRequested = defineEvent(
  'platform/StartRequested',
  t.type({ reason: t.string, onPremMetricsSent: t.boolean }),
  { v: 2, upcasters: { 1: (data) => ({ ...(data as Record<string, unknown>), onPremMetricsSent: false }) } },
)
export const InitialDataLoaded = defineEvent(
  'platform/InitialDataLoaded',
  t.type({
    version: t.type({ version: t.string, revision: t.string }),
    microservices: t.array(MicroserviceC),
    footer: FooterC,
    entitlements: t.array(t.string),
  }),
)
/** The footer asked again (after the general settings changed): name, logos, portal. */
export const ScannerRecheckRequested = defineEvent('platform/ScannerRecheckRequested', t.type({}))
export const FooterLoaded = defineEvent('platform/FooterLoaded', t.type({ footer: FooterC }))
export const FeaturesLoaded = defineEvent(
  'platform/FeaturesLoaded',
  t.type({ features: t.record(t.string, t.boolean) }),
)
export const LocalPreferencesRead = defineEvent(
  'platform/LocalPreferencesRead',
  t.type({ values: t.record(t.string, t.string) }),
)
export const SupportAnalyticsLoaded = defineEvent(
  'platform/SupportAnalyticsLoaded',
  t.type({ enabled: t.boolean }),
)
/**
 * The signed-in user's projects, and the one they last chose in this browser (local storage;
 * null: none). v1 had no `remembered` (an effect read storage then); replay runs no policies.
 */
export const ProjectsLoaded = defineEvent(
  'platform/ProjectsLoaded',
  t.type({
    projects: t.array(t.type({ key: t.string, name: t.string })),
    remembered: t.union([t.string, t.null]),
  }),
  { v: 2, upcasters: { 1: (data) => ({ ...(data as Record<string, unknown>), remembered: null }) } },
)
export const PackageTypesLoaded = defineEvent(
  'platform/PackageTypesLoaded',
  t.type({ packageTypes: t.array(t.string) }),
)
export const InfoWidgetLoaded = defineEvent('platform/InfoWidgetLoaded', t.type({ artifactCount: t.number }))
export const BlockedUsagesLoaded = defineEvent(
  'platform/BlockedUsagesLoaded',
  t.type({ blocked: t.array(t.string) }),
)
export const OnboardingStatusLoaded = defineEvent(
  'platform/OnboardingStatusLoaded',
  t.type({ hasOnlyDefaultRepos: t.boolean }),
)
/** One of the parallel loads failed: kept as a fact, and the sequence carries on. */
export const StartLoadFailed = defineEvent(
  'platform/StartLoadFailed',
  t.type({ load: t.string, failure: Failure }),
)
export const CloudTrialStateSet = defineEvent(
  'platform/CloudTrialStateSet',
  t.type({ cloudTrial: t.boolean }),
)
export const AnalyticsDecided = defineEvent('platform/AnalyticsDecided', t.type({ enabled: t.boolean }))
export const UiPersonalised = defineEvent('platform/UiPersonalised', t.type({ scanning: t.boolean }))
export const StartCompleted = defineEvent('platform/StartCompleted', t.type({}))
export const NavigationTypeInitialised = defineEvent(
  'platform/NavigationTypeInitialised',
  t.type({ navigationType: t.string }),
)
/** Logged only: the console keeps its default navigation type. */
export const NavigationTypeFailed = defineEvent('platform/NavigationTypeFailed', t.type({ failure: Failure }))
/** What an on-prem instance reports about its console: no personal data (no names, no addresses). */
export const OnPremMetricsC = t.type({
  frontendVersion: t.string,
  packageTypes: t.array(t.string),
  services: t.number,
})
export type OnPremMetrics = t.TypeOf<typeof OnPremMetricsC>
/** Sent once per page life, at the end of the start-up, when the feature is on. */
export const OnPremMetricsSent = defineEvent(
  'platform/OnPremMetricsSent',
  t.type({ metrics: OnPremMetricsC }),
)
/** Logged only, like the navigation type: the console carries on. */
export const OnPremMetricsFailed = defineEvent('platform/OnPremMetricsFailed', t.type({ failure: Failure }))
/** The parallel loads of start-up, by name: which run is decided for the viewer and instance. */
const StartLoadC = t.keyof({
  supportAnalytics: null,
  projects: null,
  samlLogoutUrl: null,
  packageTypes: null,
  infoWidget: null,
  blockedUsages: null,
  onboardingStatus: null,
})
export type StartLoad = t.TypeOf<typeof StartLoadC>
/**
 * The platform decider asks for the start-up's next step (`domain/platform/startUp.ts`), with
 * what its calls need: the parallel loads to make and whose projects to remember, the metrics.
 */
export const StartStepRequested = defineEvent(
  'platform/StartStepRequested',
  t.union([
    t.type({ step: t.keyof({ userData: null, initialData: null, features: null, navigationType: null }) }),
    t.type({ step: t.literal('parallelLoads'), loads: t.array(StartLoadC), user: t.string }),
    t.type({ step: t.literal('onPremMetrics'), metrics: OnPremMetricsC }),
  ]),
)
/** Any failure of the sequence: clears loading and the initial-data-fetched flag, shows nothing. */
export const StartFailed = defineEvent('platform/StartFailed', t.type({ step: StepC, failure: Failure }))

export const platformEvents = [
  StartRequested,
  InitialDataLoaded,
  FeaturesLoaded,
  FooterLoaded,
  LocalPreferencesRead,
  SupportAnalyticsLoaded,
  ProjectsLoaded,
  PackageTypesLoaded,
  InfoWidgetLoaded,
  BlockedUsagesLoaded,
  OnboardingStatusLoaded,
  StartLoadFailed,
  CloudTrialStateSet,
  AnalyticsDecided,
  UiPersonalised,
  ScannerRecheckRequested,
  StartCompleted,
  NavigationTypeInitialised,
  NavigationTypeFailed,
  StartFailed,
  OnPremMetricsSent,
  OnPremMetricsFailed,
  StartStepRequested,
] as const

export type PlatformEvent = EventOf<(typeof platformEvents)[number]>
