/**
 * The start-up sequence's calls (spec 000 section 4). Which step comes next is the platform
 * decider's (`domain/platform/startUp.ts`): each step's effect calls the ports the step names,
 * records the answer, and asks the decider to go on (`platform/ContinueStart`); a failure ends
 * the sequence with `platform/StartFailed` (no message is shown for it). The navigation type and
 * the on-prem metrics follow the sequence and are logged only when they fail.
 */
import { mergeMap, switchMap } from 'rxjs'
import { isLeft, right } from 'fp-ts/Either'
import type { AppEvent } from '../../domain/app'
import type { Failure } from '../../domain/shared/failure'
import type { Ports, Result } from '../../adapters/ports'
import * as P from '../../domain/platform/events'
import type { StartLoad } from '../../domain/platform/events'
import type { StartStep } from '../../domain/platform/types'
import type { AnsweredStep } from '../../domain/platform/startUp'
import * as S from '../../domain/session/events'
import { selectedProjectKey } from '../../domain/navigation/menus'
import { asked, type Asked, type EffectTable, type Effect } from './types'
import { loadLoginData } from './loginData'
import { ofType, request, settle, type EnvelopeOf } from './operators'

/** Local-storage keys the console reads at start-up (UI preferences; never secrets). */
export const LOCAL_PREFERENCE_KEYS = [
  'navigationType',
  'sidebarCollapsed',
  'lastApplicationPath',
  'lastAdministrationPath',
] as const

function readPreferences(ports: Ports): Record<string, string> {
  const values: Record<string, string> = {}
  for (const key of LOCAL_PREFERENCE_KEYS) {
    const value = ports.localStore.get(key)
    if (value !== null) values[key] = value
  }
  return values
}

type StepCause = EnvelopeOf<'platform/StartRequested' | 'platform/StartStepRequested'>

/** The decider is asked to go on once `after` has answered. */
const goOn = (cause: StepCause, after: AnsweredStep): Asked =>
  asked(cause, { type: 'platform/ContinueStart', after })

/** Login data first: the login page waits for it. */
const loginData: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('platform/StartRequested'),
    mergeMap((env) =>
      request(env, () => loadLoginData(ports), {
        done: (data) => [S.LoginDataLoaded(data), goOn(env, 'loginData')],
        failed: (failure) => [S.LoginDataFailed({ failure }), P.StartFailed({ step: 'loginData', failure })],
      }),
    ),
  )

/** The initial data's four calls side by side; the first failure (in this order) is the step's. */
async function initialData(ports: Ports): Promise<Result<Parameters<typeof P.InitialDataLoaded>[0]>> {
  const platform = ports.platformApi
  const [version, microservices, footer, entitlements] = await Promise.all([
    platform.version(),
    platform.microservices(),
    platform.footer(),
    platform.entitlements(),
  ])
  if (isLeft(version)) return version
  if (isLeft(microservices)) return microservices
  if (isLeft(footer)) return footer
  if (isLeft(entitlements)) return entitlements
  return right({
    version: version.right,
    microservices: microservices.right.map((m) => ({ ...m })),
    footer: footer.right,
    entitlements: [...entitlements.right],
  })
}

/** One of the parallel loads: its call and the event its answer is. */
function load(ports: Ports, which: StartLoad, user: string): Promise<Result<AppEvent>> {
  const { platformApi: platform, sessionApi: session } = ports
  const as = <A>(call: () => Promise<Result<A>>, toEvent: (a: A) => AppEvent) =>
    settle(call).then((result) => (isLeft(result) ? result : right(toEvent(result.right))))
  switch (which) {
    case 'supportAnalytics':
      return as(
        () => platform.microserviceEnabled('insight'),
        (enabled) => P.SupportAnalyticsLoaded({ enabled }),
      )
    case 'projects':
      return as(
        () => platform.projects(),
        (projects) =>
          P.ProjectsLoaded({
            projects: projects.map((p) => ({ ...p })),
            remembered: ports.localStore.get(selectedProjectKey(user)),
          }),
      )
    case 'samlLogoutUrl':
      return as(
        () => session.samlLogoutUrl(),
        (logoutUrl) => S.SamlLogoutUrlLoaded({ logoutUrl }),
      )
    case 'packageTypes':
      return as(
        () => platform.packageTypes(),
        (types) => P.PackageTypesLoaded({ packageTypes: [...types] }),
      )
    case 'infoWidget':
      return as(
        () => platform.artifactCount(),
        (artifactCount) => P.InfoWidgetLoaded({ artifactCount }),
      )
    case 'blockedUsages':
      return as(
        () => platform.blockedUsages(),
        (blocked) => P.BlockedUsagesLoaded({ blocked: [...blocked] }),
      )
    case 'onboardingStatus':
      return as(
        () => platform.onboardingStatus(),
        (hasOnlyDefaultRepos) => P.OnboardingStatusLoaded({ hasOnlyDefaultRepos }),
      )
  }
}

/** Every answer that came is recorded; the first failure, if any, ends the sequence. */
function parallelOutcome(
  env: StepCause,
  results: ReadonlyArray<Result<AppEvent>>,
): ReadonlyArray<AppEvent | Asked> {
  const loaded = results.flatMap((r) => (isLeft(r) ? [] : [r.right]))
  const failure = results.find(isLeft)?.left
  return failure === undefined
    ? [...loaded, goOn(env, 'parallelLoads')]
    : [...loaded, P.StartFailed({ step: 'parallelLoads', failure })]
}

const stepFailed = (step: StartStep) => (failure: Failure) => P.StartFailed({ step, failure })

/** Each step the decider asks for: its calls, its answer recorded, the decider asked to go on. */
const steps: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('platform/StartStepRequested'),
    mergeMap((env) => {
      const step = env.event.data
      switch (step.step) {
        case 'userData':
          return request(env, () => ports.sessionApi.current(), {
            done: (user) => [S.UserDataLoaded({ user }), goOn(env, 'userData')],
            failed: stepFailed('userData'),
          })
        case 'initialData':
          return request(env, () => initialData(ports), {
            done: (initial) => [P.InitialDataLoaded(initial), goOn(env, 'initialData')],
            failed: stepFailed('initialData'),
          })
        case 'features':
          return request(env, () => ports.platformApi.features(), {
            done: (features) => [
              P.FeaturesLoaded({ features: { ...features } }),
              P.LocalPreferencesRead({ values: readPreferences(ports) }),
              goOn(env, 'features'),
            ],
            failed: stepFailed('features'),
          })
        case 'parallelLoads':
          return request(
            env,
            async () => right(await Promise.all(step.loads.map((which) => load(ports, which, step.user)))),
            { done: (results) => parallelOutcome(env, results), failed: stepFailed('parallelLoads') },
          )
        case 'navigationType':
          // It only ever falls back to the default: a failure is logged, nothing more.
          return request(env, () => ports.navigationApi.navigationType(), {
            done: (navigationType) => P.NavigationTypeInitialised({ navigationType }),
            failed: (failure) => P.NavigationTypeFailed({ failure }),
          })
        case 'onPremMetrics':
          // Once per page life; a failure is logged only.
          return request(env, () => ports.platformApi.sendOnPremMetrics(step.metrics), {
            done: () => P.OnPremMetricsSent({ metrics: step.metrics }),
            failed: (failure) => P.OnPremMetricsFailed({ failure }),
          })
      }
    }),
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

export const platformEffects: EffectTable = { loginData, steps, recheckScanner }
