import { left, right } from 'fp-ts/Either'
import type { SliceArea } from '../shared/area'
import type { SessionEvent } from '../session/events'
import { platformEvents, ScannerRecheckRequested, StartRequested, type PlatformEvent } from './events'
import type { PlatformCommand } from './commands'
import { initialPlatformState, type PlatformState } from './types'
import { platformCommandCodecs } from './commandCodecs.gen'
import { nextStartStep, startUpViewerOf, type StartUpViewer, type ViewerSlices } from './startUp'

function evolve(slice: PlatformState, event: PlatformEvent | SessionEvent): PlatformState {
  switch (event.type) {
    case 'platform/StartRequested':
      return { ...slice, loading: true, starts: slice.starts + 1, lastFailure: null }
    case 'platform/InitialDataLoaded':
      return {
        ...slice,
        version: event.data.version,
        microservices: event.data.microservices,
        footer: event.data.footer,
        entitlements: event.data.entitlements,
      }
    case 'platform/FooterLoaded':
      return { ...slice, footer: event.data.footer }
    case 'platform/FeaturesLoaded':
      return { ...slice, features: event.data.features, featuresLoaded: true }
    case 'platform/LocalPreferencesRead':
      return { ...slice, localPreferences: event.data.values }
    case 'platform/SupportAnalyticsLoaded':
      return { ...slice, supportAnalyticsEnabled: event.data.enabled }
    case 'platform/ProjectsLoaded':
      return { ...slice, projects: event.data.projects }
    case 'platform/PackageTypesLoaded':
      return { ...slice, packageTypes: event.data.packageTypes }
    case 'platform/InfoWidgetLoaded':
      return { ...slice, artifactCount: event.data.artifactCount }
    case 'platform/BlockedUsagesLoaded':
      return { ...slice, blockedUsages: event.data.blocked }
    case 'platform/OnboardingStatusLoaded':
      return { ...slice, hasOnlyDefaultRepos: event.data.hasOnlyDefaultRepos }
    case 'platform/CloudTrialStateSet':
      return { ...slice, cloudTrial: event.data.cloudTrial }
    case 'platform/AnalyticsDecided':
      return { ...slice, analyticsEnabled: event.data.enabled }
    case 'platform/UiPersonalised':
      return { ...slice, uiPersonalised: true, scanningInitialised: event.data.scanning }
    case 'platform/StartCompleted':
      return { ...slice, loading: false, initialDataFetched: true }
    case 'platform/OnPremMetricsSent':
      return { ...slice, onPremMetricsSent: true }
    case 'platform/StartFailed':
      return {
        ...slice,
        loading: false,
        initialDataFetched: false,
        lastFailure: { step: event.data.step, failure: event.data.failure },
      }
    // Completing a login clears the initial data: the sequence runs again for the new user.
    case 'session/SignedIn':
    case 'session/SignedOut':
      return slice.initialDataFetched ? { ...slice, initialDataFetched: false } : slice
    default:
      return slice
  }
}

export const platformArea: SliceArea<
  'platform',
  PlatformState,
  PlatformCommand,
  PlatformEvent,
  StartUpViewer,
  never,
  ViewerSlices
> = {
  key: 'platform',
  commands: platformCommandCodecs,
  initialState: initialPlatformState,
  events: platformEvents,
  contextOf: startUpViewerOf,
  decide: (command, slice, viewer) => {
    switch (command.type) {
      case 'platform/Start':
        if (slice.loading) return left('start-up is already running')
        return right([
          StartRequested({ reason: command.reason ?? 'boot', onPremMetricsSent: slice.onPremMetricsSent }),
        ])
      case 'platform/ContinueStart':
        if (!slice.loading) return left('start-up is not running')
        return right(nextStartStep(command.after, slice, viewer))
      case 'platform/RecheckScanner':
        return right(
          slice.microservices.some((m) => m.name === 'xray' && m.enabled)
            ? [ScannerRecheckRequested({})]
            : [],
        )
      default:
        return left(`${(command as { type: string }).type} is not handled`)
    }
  },
  evolve,
  evolvesOn: ['session/SignedIn', 'session/SignedOut'],
}
