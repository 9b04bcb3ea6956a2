/**
 * Composition of the client's areas: the whole state, every event and command, and the
 * single `evolve` that replay folds. Add an area here and in `areas` below; nothing else
 * in the bus changes.
 */
import { onSlice, type Area, type CommandsOf, type EventMeta, type SliceArea } from './shared/area'
import {
  createAreaRegistry,
  type AreaRegistry,
  type DeferredArea,
  type PartlyLoadedArea,
} from './areaRegistry'
import { busArea, type BusEvent, type BusState } from './bus'
import { platformArea, type PlatformCommand, type PlatformEvent, type PlatformState } from './platform'
import { sessionArea, type SessionCommand, type SessionEvent, type SessionState } from './session'
import {
  navigationArea,
  type NavigationCommand,
  type NavigationEvent,
  type NavigationState,
} from './navigation'
import { tourArea, type TourCommand, type TourEvent, type TourState } from './tour'
import {
  preferencesArea,
  type PreferencesCommand,
  type PreferencesEvent,
  type PreferencesState,
} from './preferences'
import {
  notificationsArea,
  type NotificationsCommand,
  type NotificationsEvent,
  type NotificationsState,
} from './notifications'
import { adminArea, type AdminCommand, type AdminEvent, type AdminState } from './admin'
import {
  serviceStatusArea,
  type ServiceStatusCommand,
  type ServiceStatusEvent,
  type ServiceStatusState,
} from './serviceStatus'
import { searchArea, type SearchCommand, type SearchEvent, type SearchState } from './search'
import { packagesArea, type PackagesCommand, type PackagesEvent, type PackagesState } from './packages'
import {
  releaseBundlesArea,
  type ReleaseBundlesCommand,
  type ReleaseBundlesEvent,
  type ReleaseBundlesState,
} from './releaseBundles'
import {
  supportBundlesArea,
  type SupportBundlesCommand,
  type SupportBundlesEvent,
  type SupportBundlesState,
} from './supportBundles'
import {
  onboardingArea,
  type OnboardingCommand,
  type OnboardingEvent,
  type OnboardingState,
} from './onboarding'
import {
  repositoriesArea,
  type RepositoriesCommand,
  type RepositoriesEvent,
  type RepositoriesState,
} from './repositories'
import { artifactsArea, type ArtifactsCommand, type ArtifactsEvent, type ArtifactsState } from './artifacts'
import { securityArea, type SecurityCommand, type SecurityEvent, type SecurityState } from './security'
import { buildsArea, type BuildsCommand, type BuildsEvent, type BuildsState } from './builds'
import { overviewArea, type OverviewCommand, type OverviewEvent, type OverviewState } from './overview'
import {
  integrationsArea,
  type IntegrationsCommand,
  type IntegrationsEvent,
  type IntegrationsState,
} from './integrations'
import { tokensArea, type TokensCommand, type TokensEvent, type TokensState } from './tokens'
import { xrayArea, type XrayCommand, type XrayEvent, type XrayState } from './xray'

export interface AppState {
  readonly bus: BusState
  readonly platform: PlatformState
  readonly session: SessionState
  readonly navigation: NavigationState
  readonly tour: TourState
  readonly preferences: PreferencesState
  readonly notifications: NotificationsState
  readonly admin: AdminState
  readonly serviceStatus: ServiceStatusState
  readonly search: SearchState
  readonly packages: PackagesState
  readonly releaseBundles: ReleaseBundlesState
  readonly onboarding: OnboardingState
  readonly supportBundles: SupportBundlesState
  readonly repositories: RepositoriesState
  readonly artifacts: ArtifactsState
  readonly security: SecurityState
  readonly builds: BuildsState
  readonly overview: OverviewState
  readonly integrations: IntegrationsState
  readonly tokens: TokensState
  readonly xray: XrayState
}

export type AppEvent =
  | BusEvent
  | PlatformEvent
  | SessionEvent
  | NavigationEvent
  | TourEvent
  | PreferencesEvent
  | NotificationsEvent
  | AdminEvent
  | ServiceStatusEvent
  | SearchEvent
  | PackagesEvent
  | ReleaseBundlesEvent
  | OnboardingEvent
  | SupportBundlesEvent
  | RepositoriesEvent
  | ArtifactsEvent
  | SecurityEvent
  | BuildsEvent
  | OverviewEvent
  | IntegrationsEvent
  | TokensEvent
  | XrayEvent

export type AppCommand =
  | PlatformCommand
  | SessionCommand
  | NavigationCommand
  | TourCommand
  | PreferencesCommand
  | NotificationsCommand
  | AdminCommand
  | ServiceStatusCommand
  | SearchCommand
  | PackagesCommand
  | ReleaseBundlesCommand
  | OnboardingCommand
  | SupportBundlesCommand
  | RepositoriesCommand
  | ArtifactsCommand
  | SecurityCommand
  | BuildsCommand
  | OverviewCommand
  | IntegrationsCommand
  | TokensCommand
  | XrayCommand

export type AreaKey = keyof AppState
export type AppArea<K extends AreaKey> = Area<AppState, AppCommand, AppEvent, K>

/** An area that decides on its own slice, as the app runs it (see `SliceArea`). */
export const appSlice = <K extends AreaKey, X, P extends AppCommand = never>(
  area: SliceArea<K, AppState[K], CommandsOf<AppCommand, K>, AppEvent, X, P, AppState>,
): AppArea<K> => onSlice<AppState, AppCommand, AppEvent, K, X, P>(area)

/** Every area, in the order their `evolve` runs for each event. */
export const areas = [
  appSlice(busArea),
  appSlice(platformArea),
  appSlice(sessionArea),
  appSlice(navigationArea),
  appSlice(tourArea),
  appSlice(preferencesArea),
  appSlice(notificationsArea),
  appSlice(adminArea),
  appSlice(serviceStatusArea),
  appSlice(searchArea),
  appSlice(packagesArea),
  appSlice(releaseBundlesArea),
  appSlice(onboardingArea),
  appSlice(supportBundlesArea),
  appSlice(repositoriesArea),
  appSlice(artifactsArea),
  appSlice(securityArea),
  appSlice(buildsArea),
  appSlice(overviewArea),
  appSlice(integrationsArea),
  appSlice(tokensArea),
  appSlice(xrayArea),
] as const

/**
 * Areas added after the kept session logs were recorded (tests/fixtures/logs): an older log
 * has none of their events, so they are at their initial state after its replay, and its
 * trailer's hash was taken without them (see domain/log.ts).
 */
export const AREAS_ADDED_LATER: ReadonlyArray<AreaKey> = [
  'repositories',
  'artifacts',
  'security',
  'builds',
  'integrations',
  'overview',
  'tokens',
  'xray',
]

export type AnyArea = { [K in AreaKey]: AppArea<K> }[AreaKey]

/** The registry of the app's areas (see areaRegistry.ts, which is generic in them). */
export type AppRegistry = AreaRegistry<AppState, AppEvent, AnyArea>
export type AppDeferredArea = DeferredArea<AppState, AnyArea>
export type AppPartlyLoadedArea = PartlyLoadedArea<AnyArea>
const areaList: ReadonlyArray<AnyArea> = areas

export const areaByKey: ReadonlyMap<string, AnyArea> = new Map(areaList.map((a) => [a.key, a]))

export const initialAppState: AppState = Object.fromEntries(
  areaList.map((a) => [a.key, a.initialState]),
) as unknown as AppState

/** Every area loaded up front: what Node, replay, scripts and tests run. */
export const eagerAreas: AppRegistry = createAreaRegistry<AppState, AppEvent, AnyArea>(areaList)

/** The one fold, over every area (see areaRegistry.ts; replay speed depends on it being cheap). */
export const evolve: (state: AppState, event: AppEvent, meta: EventMeta) => AppState = eagerAreas.evolve

/** The fold into a working root that replay owns (see areaRegistry.ts). */
export const evolveInto: (root: Record<string, unknown>, event: AppEvent, meta: EventMeta) => void =
  eagerAreas.evolveInto

/**
 * Every event type the client knows, for decoding and upcasting logs; an event that moved
 * area is known under its earlier type strings too (its spec says the current one).
 */
export const eventSpecs = new Map(
  areaList.flatMap((a) =>
    a.events.flatMap((spec) => [spec.type, ...(spec.formerly ?? [])].map((type) => [type, spec] as const)),
  ),
)
