/**
 * The start-up sequence (spec 000 section 4), run for each recorded `platform/StartRequested`:
 * login data, user data, initial data; then, for a signed-in user or an allowed anonymous one,
 * features and local storage, the parallel loads, cloud trial state, analytics and UI
 * personalisation; finally the navigation type. Each result is recorded as it arrives; any
 * failure ends the sequence with `platform/StartFailed` (no message is shown for it).
 */
import { mergeMap, switchMap } from 'rxjs'
import { isLeft, right } from 'fp-ts/Either'
import type { AppEvent } from '../../domain/app'
import type { Failure } from '../../domain/shared/failure'
import type { Ports, Result } from '../../adapters/ports'
import * as P from '../../domain/platform/events'
import {
  analyticsAllowed,
  cloudTrialOf,
  hasMicroservice,
  sendsOnPremMetrics,
  skipsRepoAndOnboardingData,
} from '../../domain/platform/rules'
import type { StartStep } from '../../domain/platform/types'
import * as S from '../../domain/session/events'
import { selectedProjectKey } from '../../domain/navigation/menus'
import type { EffectTable, Effect } from './types'
import { loadLoginData } from './loginData'
import { ofType, request, thrown, work } from './operators'

/** Local-storage keys the console reads at start-up (UI preferences; never secrets). */
export const LOCAL_PREFERENCE_KEYS = [
  'navigationType',
  'sidebarCollapsed',
  'lastApplicationPath',
  'lastAdministrationPath',
] as const
export const DEFAULT_NAVIGATION_TYPE = 'new'

/** Ends the sequence at `step`: the failure is recorded, the sequence stops. */
class StepFailed extends Error {
  constructor(
    readonly step: StartStep,
    readonly failure: Failure,
  ) {
    super(failure.message)
  }
}

function required<A>(step: StartStep, result: Result<A>): A {
  if (isLeft(result)) throw new StepFailed(step, result.left)
  return result.right
}

function readPreferences(ports: Ports): Record<string, string> {
  const values: Record<string, string> = {}
  for (const key of LOCAL_PREFERENCE_KEYS) {
    const value = ports.localStore.get(key)
    if (value !== null) values[key] = value
  }
  return values
}

export async function runStartUp(
  ports: Ports,
  emit: (event: AppEvent) => void,
  options: { readonly onPremMetricsSent?: boolean } = {},
): Promise<void> {
  const { platformApi: platform, sessionApi: session } = ports

  const loginData = await loadLoginData(ports)
  if (isLeft(loginData)) {
    emit(S.LoginDataFailed({ failure: loginData.left }))
    throw new StepFailed('loginData', loginData.left)
  }
  emit(S.LoginDataLoaded(loginData.right))

  const user = required('userData', await session.current())
  emit(S.UserDataLoaded({ user }))

  const [version, microservices, footer, entitlements] = await Promise.all([
    platform.version(),
    platform.microservices(),
    platform.footer(),
    platform.entitlements(),
  ])
  const initial = {
    version: required('initialData', version),
    microservices: required('initialData', microservices).map((m) => ({ ...m })),
    footer: required('initialData', footer),
    entitlements: [...required('initialData', entitlements)],
  }
  emit(P.InitialDataLoaded(initial))

  const signedIn = !user.anonymous
  let features: Record<string, boolean> = {}
  let packageTypes: ReadonlyArray<string> = []
  if (signedIn || loginData.right.settings.anonAccessEnabled) {
    features = { ...required('features', await platform.features()) }
    emit(P.FeaturesLoaded({ features }))
    emit(P.LocalPreferencesRead({ values: readPreferences(ports) }))

    const skipRepoData = skipsRepoAndOnboardingData(features)
    const loads: Array<Promise<Result<AppEvent>>> = [
      hasMicroservice(initial.microservices, 'insight')
        ? load(platform.microserviceEnabled('insight'), (enabled) => P.SupportAnalyticsLoaded({ enabled }))
        : null,
      // The projects of the top bar's selector: every project for admins, the user's own
      // projects for everyone else signed in (spec 000 section 2).
      signedIn
        ? load(platform.projects(), (projects) =>
            P.ProjectsLoaded({
              projects: projects.map((p) => ({ ...p })),
              remembered: ports.localStore.get(selectedProjectKey(user.name)),
            }),
          )
        : null,
      load(session.samlLogoutUrl(), (logoutUrl) => S.SamlLogoutUrlLoaded({ logoutUrl })),
      load(platform.packageTypes(), (types) => {
        packageTypes = types
        return P.PackageTypesLoaded({ packageTypes: [...types] })
      }),
      initial.footer.isCloud
        ? load(platform.artifactCount(), (artifactCount) => P.InfoWidgetLoaded({ artifactCount }))
        : null,
      load(platform.blockedUsages(), (blocked) => P.BlockedUsagesLoaded({ blocked: [...blocked] })),
      skipRepoData
        ? null
        : load(platform.onboardingStatus(), (hasOnlyDefaultRepos) =>
            P.OnboardingStatusLoaded({ hasOnlyDefaultRepos }),
          ),
    ].filter((p): p is Promise<Result<AppEvent>> => p !== null)
    const results = await Promise.all(loads)
    let firstFailure: Failure | undefined
    for (const result of results) {
      if (isLeft(result)) firstFailure ??= result.left
      else emit(result.right)
    }
    if (firstFailure) throw new StepFailed('parallelLoads', firstFailure)

    emit(P.CloudTrialStateSet({ cloudTrial: cloudTrialOf(initial.footer) }))
    emit(P.AnalyticsDecided({ enabled: analyticsAllowed({ signedIn, footer: initial.footer, features }) }))
    // The scanning service initialises its permissions and state with the personalisation.
    emit(P.UiPersonalised({ scanning: hasMicroservice(initial.microservices, 'xray') }))
  }
  emit(P.StartCompleted({}))

  // The navigation type is the signed-in user's preference on the server (anonymous visitors
  // keep the default). It only ever falls back to the default: a failure is logged, nothing more.
  try {
    const navigationType = signedIn
      ? await ports.navigationApi.navigationType()
      : right(DEFAULT_NAVIGATION_TYPE)
    emit(
      isLeft(navigationType)
        ? P.NavigationTypeFailed({ failure: navigationType.left })
        : P.NavigationTypeInitialised({ navigationType: navigationType.right }),
    )
  } catch (error) {
    emit(P.NavigationTypeFailed({ failure: thrown(error) }))
  }

  // On-prem metrics: once per page life, when the feature is on; a failure is logged only.
  if (!options.onPremMetricsSent && sendsOnPremMetrics(initial.footer, features)) {
    const metrics = {
      frontendVersion: initial.version.version,
      packageTypes: [...packageTypes],
      services: initial.microservices.filter((m) => m.enabled).length,
    }
    const sent = await platform.sendOnPremMetrics(metrics)
    emit(isLeft(sent) ? P.OnPremMetricsFailed({ failure: sent.left }) : P.OnPremMetricsSent({ metrics }))
  }
}

async function load<A>(call: Promise<Result<A>>, toEvent: (a: A) => AppEvent): Promise<Result<AppEvent>> {
  const result = await call
  return isLeft(result) ? result : right(toEvent(result.right))
}

const startUp: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('platform/StartRequested'),
    mergeMap((env) =>
      work(
        env,
        async (emit) => {
          try {
            await runStartUp(ports, emit, { onPremMetricsSent: env.event.data.onPremMetricsSent })
          } catch (error) {
            if (error instanceof StepFailed) emit(P.StartFailed({ step: error.step, failure: error.failure }))
            else throw error
          }
        },
        (failure) => P.StartFailed({ step: 'initialData', failure }),
      ),
    ),
  )

/**
 * The scanner's user data asked for again (a new project context, where the scanner runs: the
 * platform's decider says so); a newer request supersedes an older one.
 */
const recheckScanner: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('platform/ScannerRecheckRequested'),
    switchMap((envelope) =>
      request(envelope, () => ports.platformApi.microserviceEnabled('xray'), {
        done: (scanning) => P.UiPersonalised({ scanning }),
        failed: (failure) => P.StartLoadFailed({ load: 'scanner', failure }),
      }),
    ),
  )

export const platformEffects: EffectTable = { startUp, recheckScanner }
