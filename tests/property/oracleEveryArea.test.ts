/**
 * The oracle over every area: commands of every area, generated from the command codecs (so
 * a new command is driven without a generator written for it), mixed with events of every
 * area as effects would record them. After each step the live state must equal a fold from
 * scratch of the events recorded so far, the exported log must replay to the live state and
 * hash, every recorded event must decode with its codec, and none may be an event the bus
 * refused for its codec, a decider's throw, or a command a policy asked that no area takes or
 * its codec refuses (each recorded as a rejection instead, `refusedEvent`). (The reference models of
 * oracle.test.ts state what some events mean; this states that the parts agree for all.)
 *
 * Commands are mostly refused from the empty state (most need a session, a loaded page or an open
 * dialog), so a case starts from the empty state, from a recorded session's events
 * (tests/fixtures/logs/, whole or up to an event) or from a start built for an area's commands (a
 * platform with SSO, a login waiting for MFA enrolment, an unlocked profile, bundles listed, the
 * log viewer open on a node's file, a version open, personalization shown, a git form tested or
 * saved: `BUILT`), its texts and numbers are drawn mostly from a few shared words and small numbers (so
 * that a command names what an event loaded, or a step that exists), most cases are about one area
 * (its commands mostly, so that the one that opens a dialog comes before those that need it open),
 * some events answer the area's last request, and a case's length is drawn over the whole range
 * (fast-check's default stops near ten steps). A check with a fixed seed states that this reaches
 * the deciders: every area that takes commands has some of them decided into its events, and most
 * command types are (`ORACLE_UNDECIDED=1` lists the others with why each was refused).
 *
 * A failing case is shrunk by fast-check and kept, with its seed and path, in
 * tests/fixtures/oracle/cases.json (tests/support/keptCases.ts), whose cases run every time;
 * docs/mutation.md says what each guards. ORACLE_RUNS and ORACLE_TARGET hunt longer or aimed.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { isDeepStrictEqual } from 'node:util'
import { isRight, right, type Either } from 'fp-ts/Either'
import { Subject, type VirtualTimeScheduler } from 'rxjs'
import { allEffects, createApp } from '../../composition/createApp'
import { createBus } from '../../commands/bus'
import { createAreaRegistry } from '../../domain/areaRegistry'
import {
  areaByKey,
  areas,
  eventSpecs,
  evolve,
  initialAppState,
  type AnyArea,
  type AppCommand,
  type AppEvent,
  type AppRegistry,
  type AppState,
} from '../../domain/app'
import type { CommandMeta, Envelope } from '../../domain/shared/area'
import { decodeEventLine, replayLog } from '../../domain/log'
import { fakePorts, notFaked } from '../support/fakePorts'
import { arbitraryFromCodec, type Leaves } from '../support/arbitraryFromCodec'
import { assertKeeping, keptCases } from '../support/keptCases'
import { platformApi, related, sessionApi, user } from '../support/fixtures'
import { timeTo, until as reaching } from '../support/wait'
import type {
  ArtifactsApi,
  IntegrationsApi,
  PersonalizationApi,
  Ports,
  SessionApi,
} from '../../adapters/ports'
import { footer } from '../support/fixtures'
import { personalizationComplete } from '../../domain/personalization/rules'
import { nodeId, wantsMore } from '../../domain/artifacts/rules'
import { OPEN_TOOL_ACTION } from '../../domain/integrations/rules'
import { PAGE_SIZE, type Provenance } from '../../domain/packages/types'
import { defaultPackageQuery } from '../../domain/packages/initial'
import { fakeLogPlatform, topologyNode } from '../support/fakeServiceStatusApi'
import { fakePackagesApi, makePackage, makeVersion } from '../support/fakePackagesApi'
import { shownBundles } from '../../domain/supportBundles'
import { bundle, fakeBundlePlatform } from '../support/fakeSupportBundlesApi'

/**
 * Where a case starts (`recorded`: a recorded session's events, by its log's name, or a built
 * start's, by its name in `BUILT`; `until`: only those before the first event of that type),
 * then its steps.
 */
interface Case {
  readonly recorded?: string
  readonly until?: string
  readonly steps: ReadonlyArray<Step>
}

const CASES = new URL('../fixtures/oracle/cases.json', import.meta.url)

// The starts a case may have: each recorded session, and the admin's before signing out (the
// only recorded state where an admin's commands are decided).
const STARTS: ReadonlyArray<{ readonly recorded: string; readonly until?: string }> = [
  { recorded: 'adminAfterWrongPassword' },
  { recorded: 'adminAfterWrongPassword', until: 'session/SignOutRequested' },
  { recorded: 'developerBrowsesPackages' },
  { recorded: 'developerTakesTour' },
]

// The recorded sessions a case may start from, as their events now read (upcast).
const RECORDED = ['adminAfterWrongPassword', 'developerBrowsesPackages', 'developerTakesTour']
const recordedEvents = new Map(
  RECORDED.map((name) => {
    const text = readFileSync(new URL(`../fixtures/logs/${name}.ndjson`, import.meta.url), 'utf8')
    const events = text
      .split('\n')
      .filter((line) => line.includes('"kind":"event"'))
      .flatMap((line) => {
        const decoded = decodeEventLine(JSON.parse(line))
        return decoded.ok ? [decoded.event] : []
      })
    return [name, events] as const
  }),
)

/**
 * Starts no recorded session gives, built as a platform set up for them would: the real bus and
 * effects, with the platform's answers from fake ports (answering as such a platform does),
 * recorded once before the cases run. Each is a state an area's commands wait for: SSO (a
 * provider link, and the platform asking for the redirect), a login waiting for an
 * authenticator's enrolment, a signed-in user whose profile the password has unlocked, the
 * support zone's bundles listed, and chains of answers: the log viewer's nodes, a node's files
 * and a file's text; a package list with a further page and a version open; personalization
 * shown; a git form filled and its connection tested, or the integration created. ORACLE_UNDECIDED=1
 * prints the command types each decides that no other case does (what the count loses without it).
 */
interface Built {
  /** The area whose commands wait for it: its cases are drawn from this start. */
  readonly area: string
  /** What the platform answers differently from an ordinary one. */
  readonly api?: Partial<SessionApi>
  readonly ports?: Partial<Ports>
  /** What the user does once start-up has settled, and the state that proves it took. */
  readonly then?: (
    app: ReturnType<typeof createApp>,
    ports: ReturnType<typeof fakePorts>,
  ) => void | Promise<void>
  readonly reached: (state: AppState) => boolean
}
const BUILT: Readonly<Record<string, Built>> = {
  // The link is one of the shared words, so a generated GoToSso names it too.
  'built:ssoOnly': {
    area: 'session',
    api: {
      loginRelatedData: async () => right(related({ ssoProviderLink: 'https://a.test' })),
      autoRedirect: async () => right(true),
    },
    reached: (s) => s.session.loginDataLoaded && s.session.login.autoRedirectLogin,
  },
  'built:mfaEnrolment': {
    area: 'session',
    api: { login: async ({ user: name }) => right(user({ name, mfaStatus: 'ENROLL' })) },
    then: (app) =>
      app.dispatch(
        { type: 'session/SignIn', user: 'a', passwordRef: app.stashSecret('password'), rememberMe: false },
        'script',
      ),
    reached: (s) => s.session.status === 'mfaEnroll',
  },
  'built:profileUnlocked': {
    area: 'session',
    api: {
      current: async () => right(user({ name: 'a' })),
      unlockProfile: async () => right({ unlockedUntil: '2030-01-01T00:00:00.000Z' }),
    },
    then: (app) =>
      app.dispatch({ type: 'session/UnlockProfile', passwordRef: app.stashSecret('password') }, 'script'),
    reached: (s) => s.session.status === 'signedIn' && s.session.profile.unlocked,
  },
  // An admin on the support zone, the platform listing three bundles (ids among the shared
  // words): a finished one, one that carries a console session, one still being built.
  'built:supportBundles': {
    area: 'supportBundles',
    api: { current: async () => right(user({ name: 'admin', admin: true })) },
    ports: {
      supportBundlesApi: fakeBundlePlatform([
        bundle({ id: 'a', name: 'a' }),
        bundle({ id: 'b', name: 'b', sessionEvents: 3 }),
        bundle({ id: 'npm', name: 'npm', status: 'in progress', size: null }),
      ]),
    },
    then: (app) => app.dispatch({ type: 'supportBundles/Open' }, 'script'),
    reached: (s) => (shownBundles(s.supportBundles.list) ?? []).length === 3,
  },
  // An admin's log viewer open on a product's node and file, the topology listed: the viewer's
  // choices wait for its nodes and a node's files, two and three answers deep.
  'built:logViewer': {
    area: 'serviceStatus',
    api: { current: async () => right(user({ name: 'admin', admin: true })) },
    ports: { serviceStatusApi: logPlatform() },
    then: async (app, ports) => {
      app.dispatch({ type: 'serviceStatus/OpenLogViewer' }, 'script')
      app.dispatch({ type: 'serviceStatus/LoadTopology' }, 'script')
      // The viewer reads at once, then at each refresh: virtual time runs what is due now only.
      await timeTo(ports.scheduler as VirtualTimeScheduler, 0)
    },
    reached: (s) =>
      s.serviceStatus.logViewer.tail.lines.length > 0 && s.serviceStatus.topology.status === 'loaded',
  },
  // A package list with a further page, and a version open whose remote could not reach its
  // upstream: the list's next page and the upstream's Retry wait for them.
  'built:packageVersion': {
    area: 'packages',
    api: { current: async () => right(user({ name: 'a' })) },
    ports: { packagesApi: packagesCatalogue() },
    then: async (app) => {
      app.dispatch({ type: 'packages/OpenList', query: defaultPackageQuery }, 'script')
      await reaching(app, (s) => s.packages.list.status === 'loaded')
      app.dispatch({ type: 'packages/OpenPackage', packageId: 'npm://a' }, 'script')
      app.dispatch({ type: 'packages/OpenVersion', packageId: 'npm://a', versionId: '1.0.0' }, 'script')
    },
    reached: (s) =>
      s.packages.list.status === 'loaded' &&
      s.packages.list.data.hasNextPage &&
      s.packages.version.status === 'loaded',
  },
  // A signed-in user the platform has no personalization for: the card is shown, its dialog's
  // steps wait for it.
  'built:personalization': {
    area: 'personalization',
    api: { current: async () => right(user({ name: 'a' })) },
    ports: { personalizationApi: personalizationPlatform() },
    then: (app) => app.dispatch({ type: 'personalization/Load' }, 'script'),
    reached: (s) => s.personalization.card?.status === 'shown',
  },
  // An admin's git form filled and its connection tested: the save waits for the test.
  'built:gitFormTested': {
    area: 'integrations',
    api: { current: async () => right(user({ name: 'admin', admin: true })) },
    ports: { integrationsApi: gitPlatform() },
    then: (app) => {
      fillGitForm(app)
      app.dispatch({ type: 'integrations/TestConnection', tokenRef: app.stashSecret('token') }, 'script')
    },
    reached: (s) => s.integrations.modal.step === 'form' && s.integrations.modal.test === 'tested',
  },
  // The same integration saved: the choice of the service to connect waits for the creation.
  'built:gitIntegrationCreated': {
    area: 'integrations',
    api: { current: async () => right(user({ name: 'admin', admin: true })) },
    ports: { integrationsApi: gitPlatform() },
    then: async (app) => {
      fillGitForm(app)
      app.dispatch({ type: 'integrations/TestConnection', tokenRef: app.stashSecret('token') }, 'script')
      await reaching(
        app,
        (s) => s.integrations.modal.step === 'form' && s.integrations.modal.test === 'tested',
      )
      app.dispatch({ type: 'integrations/SaveIntegration', tokenRef: app.stashSecret('token') }, 'script')
    },
    reached: (s) => s.integrations.modal.step === 'selectService',
  },
  // A platform whose footer names an account portal: the portal's link waits for it.
  'built:accountPortal': {
    area: 'navigation',
    api: { current: async () => right(user({ name: 'a' })) },
    ports: {
      platformApi: platformApi({
        footer: async () => right(footer({ accountPortalUrl: 'https://a.test/portal' })),
      }),
    },
    reached: (s) => s.platform.footer?.accountPortalUrl !== undefined,
  },
  // A signed-in user with the Contact Us form open: its request waits for it.
  'built:contactForm': {
    area: 'contact',
    api: { current: async () => right(user({ name: 'a', email: 'a@a.test' })) },
    then: (app) => app.dispatch({ type: 'navigation/OpenModal', modal: 'contactUs' }, 'script'),
    reached: (s) => s.navigation.openModals.includes('contactUs'),
  },
  // Personalization shown and its every step answered: sending it waits for them.
  'built:personalizationAnswered': {
    area: 'personalization',
    api: { current: async () => right(user({ name: 'a' })) },
    ports: { personalizationApi: personalizationPlatform() },
    then: async (app) => {
      app.dispatch({ type: 'personalization/Load' }, 'script')
      await reaching(app, (s) => s.personalization.card?.status === 'shown')
      app.dispatch({ type: 'personalization/Open' }, 'script')
      for (const change of [
        { step: 'technologies', stepDataObject: { technologies: ['npm'] } },
        { step: 'goal', stepDataObject: { goal: 'store' } },
        { step: 'view', stepDataObject: { artifactOnly: false } },
      ] as const)
        app.dispatch({ type: 'personalization/CompleteStep', change }, 'script')
    },
    reached: (s) => {
      const p = s.personalization.card
      return p?.status === 'shown' && personalizationComplete(p.data)
    },
  },
  // The log viewer open and a service change flagged: a product change waits for the flag.
  'built:logServiceChanged': {
    area: 'serviceStatus',
    api: { current: async () => right(user({ name: 'admin', admin: true })) },
    ports: { serviceStatusApi: logPlatform() },
    then: async (app, ports) => {
      app.dispatch({ type: 'serviceStatus/OpenLogViewer' }, 'script')
      await timeTo(ports.scheduler as VirtualTimeScheduler, 0)
      app.dispatch({ type: 'serviceStatus/FlagLogServiceChange' }, 'script')
    },
    reached: (s) => s.serviceStatus.logViewer.serviceChanged === true,
  },
  // A repository whose root holds more than a page: the tree's next page waits for it.
  'built:artifactsFolder': {
    area: 'artifacts',
    api: { current: async () => right(user({ name: 'a' })) },
    ports: { artifactsApi: artifactsPlatform() },
    then: (app) => app.dispatch({ type: 'artifacts/Open', repoKey: 'npm-local', path: '' }, 'script'),
    reached: (s) => wantsMore(s.artifacts.folders[nodeId('npm-local', '')]),
  },
  // An admin with the integrations catalogue loaded, an entry of which opens a tool to set up.
  'built:integrationsCatalogue': {
    area: 'integrations',
    api: { current: async () => right(user({ name: 'admin', admin: true })) },
    ports: {
      integrationsApi: {
        ...notFaked<IntegrationsApi>(),
        catalogue: async () =>
          right([
            {
              id: 'a',
              label: 'A',
              icon: 'a',
              categories: ['a'],
              vendors: ['a'],
              documentationLink: 'https://a.test',
              configureAction: { type: 'action', actionName: OPEN_TOOL_ACTION, payload: { tool: 'a' } },
            },
          ]),
      },
    },
    then: (app) => app.dispatch({ type: 'integrations/LoadCatalogue' }, 'script'),
    reached: (s) => s.integrations.catalogue.status === 'loaded',
  },
  // A signed-in user who has run a search: choosing it again from the recent searches waits for it.
  'built:recentSearch': {
    area: 'search',
    api: { current: async () => right(user({ name: 'a' })) },
    then: (app) => {
      app.dispatch({ type: 'search/ChangeText', text: 'a' }, 'script')
      app.dispatch({ type: 'search/Run' }, 'script')
    },
    reached: (s) => s.search.recent.length > 0,
  },
  // One package with a version open whose remote could not reach its upstream: few texts to
  // name, so an aimed Retry names the version.
  'built:versionUpstream': {
    area: 'packages',
    api: { current: async () => right(user({ name: 'a' })) },
    ports: { packagesApi: packagesCatalogue(1) },
    then: (app) =>
      app.dispatch({ type: 'packages/OpenVersion', packageId: 'npm://a', versionId: '1.0.0' }, 'script'),
    reached: (s) => s.packages.version.status === 'loaded',
  },
  // The guided flow of a client opened from the quick setup: its steps wait for it.
  'built:clientFlow': {
    area: 'quickSetup',
    api: { current: async () => right(user({ name: 'a' })) },
    then: (app) =>
      app.dispatch({ type: 'quickSetup/SetUpClient', packageType: 'npm', repo: 'npm-local' }, 'script'),
    reached: (s) => s.quickSetup.clientFlow !== undefined,
  },
}
const builtEvents = new Map<string, ReadonlyArray<AppEvent>>()

/** A platform that has no personalization for the user and takes the one sent. */
function personalizationPlatform(): PersonalizationApi {
  return {
    ...notFaked<PersonalizationApi>(),
    personalizationStatus: async () => right({ sent: false }),
    sendPersonalization: async () => right(undefined),
  }
}

/** A local npm repository whose root holds five files, two a page (few texts to name). */
function artifactsPlatform(): ArtifactsApi {
  const children = Array.from({ length: 5 }, (_, i) => ({
    name: `f${i}.tgz`,
    path: `f${i}.tgz`,
    folder: false,
    size: 1,
  }))
  return {
    ...notFaked<ArtifactsApi>(),
    repositories: async () =>
      right([
        {
          key: 'npm-local',
          packageType: 'npm',
          kind: 'local',
          artifactCount: 300,
          defaultDeploymentRepo: null,
        },
      ]),
    children: async (_repoKey, _path, offset, limit) =>
      right({ children: children.slice(offset, offset + Math.min(limit, 2)), total: children.length }),
  }
}

/** A platform of two Artifactory nodes and an Xray node, each with log files. */
function logPlatform() {
  const platform = fakeLogPlatform([
    topologyNode({ nodeId: 'a' }),
    topologyNode({ nodeId: 'b' }),
    topologyNode({ serviceId: 'jfxr@01', serviceType: 'xray', nodeId: 'a' }),
  ])
  platform.append('jfrt', 'a', 'artifactory-request.log', 'GET /a 200\n')
  platform.append('jfrt', 'a', 'artifactory-service.log', 'started\n')
  platform.append('jfrt', 'b', 'artifactory-request.log', 'GET /b 200\n')
  platform.append('jfxr', 'a', 'xray-server.log', 'scanning\n')
  return platform
}

/**
 * More npm packages than a page holds, the first with a version not cached whose remote failed
 * to reach its upstream (the user's Retry asks again).
 */
function packagesCatalogue(count = PAGE_SIZE + 20) {
  const packages = Array.from({ length: count }, (_, i) => makePackage(i === 0 ? 'a' : `p${i}`))
  const first = packages[0]!
  const provenance: Provenance = {
    kind: 'notCached',
    repository: 'npm-remote',
    upstream: 'https://a.test',
    offline: false,
    lastFailure: 'connect ETIMEDOUT',
    lastFailureAt: '2026-01-01T00:00:00.000Z',
    lastSuccessAt: null,
  }
  return fakePackagesApi({
    packages,
    // More versions than a page: the package page's next page of versions waits for them.
    versions: {
      [first.id]: [
        makeVersion(first, '1.0.0', { provenance }),
        ...Array.from({ length: PAGE_SIZE + 20 }, (_, i) => makeVersion(first, `0.0.${i}`)),
      ],
    },
  })
}

/** A git vendor's platform: the connection test passes, a creation gives the integration's key. */
function gitPlatform(): IntegrationsApi {
  return {
    ...notFaked<IntegrationsApi>(),
    testConnection: async () => right({ success: true }),
    create: async () => right('a'),
  }
}

/** An admin opens the GitHub form and fills it as the vendor table asks, token included. */
function fillGitForm(app: ReturnType<typeof createApp>): void {
  app.dispatch({ type: 'integrations/OpenGitModal', vendor: 'github' }, 'script')
  for (const [field, value] of [
    ['userName', 'octo'],
    ['integrationName', 'gh-main'],
    ['url', 'https://api.github.com/'],
  ] as const)
    app.dispatch({ type: 'integrations/EditGitForm', field, value }, 'script')
  app.dispatch({ type: 'integrations/TokenTyped', present: true }, 'script')
}

/** Records a built start: start-up as the platform answers it, then what the user does. */
async function build(name: string, { api, ports, then, reached }: Built): Promise<ReadonlyArray<AppEvent>> {
  const given = fakePorts({ sessionApi: sessionApi(api), platformApi: platformApi(), ...ports })
  const app = createApp({ ports: given, effects: allEffects })
  const events: AppEvent[] = []
  app.events$.subscribe(({ event }) => events.push(event))
  try {
    app.dispatch({ type: 'platform/Start', reason: 'boot' }, 'script')
    await app.settled()
    await then?.(app, given)
    await reaching(app, reached, 60_000).catch((error: unknown) => {
      const last = events.slice(-8).map((e) => e.type)
      throw new Error(`the built start ${name} was not reached; its last events: ${last.join(', ')}`, {
        cause: error,
      })
    })
    await app.settled()
    return events
  } finally {
    app.dispose()
  }
}

// Mostly a few words and small numbers, shared by commands and events, sometimes anything.
const leaves: Leaves = {
  strings: fc.oneof(
    // Also a path, an address and a time to come, which some commands need to be decided at all.
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        '',
        'a',
        'b',
        'npm',
        'npm-local',
        'a/b',
        '/a',
        'https://a.test',
        '2030-01-01',
      ),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 24 }) },
  ),
  numbers: fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: -1, max: 8 }) },
    { weight: 1, arbitrary: fc.integer({ min: -1000, max: 100_000 }) },
    {
      weight: 1,
      arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => (x === 0 ? 0 : x)),
    },
  ),
}

// Every command each area decodes, built from its codec: fields as the codec allows them.
const commandCodecs = areas.flatMap((area) =>
  Object.entries(
    (area as { commands?: Record<string, Parameters<typeof arbitraryFromCodec>[0]> }).commands ?? {},
  ),
)
const areaOf = (type: string): string => type.slice(0, type.indexOf('/'))
const commandArbitraries = commandCodecs.map(
  ([type, codec]) =>
    [
      type,
      arbitraryFromCodec(codec, 0, leaves).map((fields) => ({ ...(fields as object), type }) as AppCommand),
    ] as const,
)
const eventArbitraries = [...new Set(eventSpecs.values())].map((spec) => {
  const data = (spec.codec as unknown as { props: { data: Parameters<typeof arbitraryFromCodec>[0] } }).props
    .data
  return [
    spec.type,
    arbitraryFromCodec(data, 0, leaves).map((d) => ({ type: spec.type, data: d }) as AppEvent),
  ] as const
})
const oneOf = <T>(pairs: ReadonlyArray<readonly [string, fc.Arbitrary<T>]>): fc.Arbitrary<T> =>
  fc.oneof(...pairs.map(([, arbitrary]) => arbitrary))

/**
 * An event as effects would record it, or, `answers`, as the answer to the area's last request:
 * its correlation fields (`requestId`, the log viewer's `selection`) are given, when the case
 * runs, the values the area's last recorded event carried (a generated id names no request).
 */
type Step = CommandStep | EventStep
/** `or`: other events in its stead when it would change nothing: the first that changes its area's state. */
interface EventStep {
  readonly event: AppEvent
  readonly answers?: true
  readonly or?: ReadonlyArray<AppEvent>
}
/**
 * A command; `aimed`, its texts aimed at what its area's events named (`aimCommand`); `or`, other
 * commands in its stead when it would be refused: the first of them all its area decides into
 * events is sent (else the first), a walk that goes on past a step a random command seldom takes.
 */
interface CommandStep {
  readonly command: AppCommand
  readonly aimed?: number
  readonly or?: ReadonlyArray<AppCommand>
  /** Each candidate offered a second time, its fields given the texts its area's events last gave fields of that name. */
  readonly matched?: true
}
const stepsOf = (
  commands: fc.Arbitrary<AppCommand>,
  events: fc.Arbitrary<AppEvent>,
): ReadonlyArray<fc.WeightedArbitrary<Step>> => [
  { weight: 2, arbitrary: commands.map((command) => ({ command })) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(commands, fc.nat({ max: 0x7fffffff }), fc.array(commands, { minLength: 1, maxLength: 12 }))
      .map(([command, aimed, or]) => ({ command, aimed, or })),
  },
  { weight: 1, arbitrary: events.map((event) => ({ event })) },
  { weight: 1, arbitrary: events.map((event) => ({ event, answers: true as const })) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(events, fc.array(events, { minLength: 1, maxLength: 8 }))
      .map(([event, or]) => ({ event, answers: true as const, or })),
  },
]
const anyStep: fc.Arbitrary<Step> = fc.oneof(...stepsOf(oneOf(commandArbitraries), oneOf(eventArbitraries)))

// A case about one area: an area's commands need its own earlier ones (a dialog opened, a page
// loaded), which one in 195 command types drawn at random seldom are. Most of its steps are the
// area's commands and events, some of any area's.
const areasDriven = [...new Set(commandCodecs.map(([type]) => areaOf(type)))]
const areaStep = (area: string): fc.Arbitrary<Step> =>
  fc.oneof(
    {
      weight: 4,
      arbitrary: fc.oneof(
        ...stepsOf(
          oneOf(commandArbitraries.filter(([type]) => areaOf(type) === area)),
          oneOf(eventArbitraries.filter(([type]) => areaOf(type) === area)),
        ),
      ),
    },
    { weight: 1, arbitrary: anyStep },
  )
const startArbitrary = fc.option(fc.constantFrom(...STARTS), { freq: 8, nil: undefined })
const caseOf = (start: (typeof STARTS)[number] | undefined, steps: ReadonlyArray<Step>): Case => ({
  ...start,
  steps,
})
const mixedCase: fc.Arbitrary<Case> = fc
  .tuple(startArbitrary, fc.array(anyStep, { maxLength: 30, size: 'max' }))
  .map(([start, steps]) => caseOf(start, steps))
const areaCase = (area: string): fc.Arbitrary<Case> =>
  fc
    .tuple(startArbitrary, fc.array(areaStep(area), { maxLength: 60, size: 'max' }))
    .map(([start, steps]) => caseOf(start, steps))
/** How many command types an area takes: a case is about an area as often (three at least). */
const commandsOf = (area: string): number =>
  Math.max(3, commandCodecs.filter(([type]) => areaOf(type) === area).length)
/** A case about an area from a start built for it. */
const builtCase = (recorded: string): fc.Arbitrary<Case> =>
  fc
    .array(areaStep(BUILT[recorded]?.area ?? 'session'), { maxLength: 60, size: 'max' })
    .map((steps) => ({ recorded, steps }))
/**
 * A case aimed at one command type, from a given start: its area's steps, and among them steps
 * that offer that type first (a few draws of it, aimed or not, before some of the area's other
 * commands), so that the walk's other steps build its precondition and the step that offers it
 * sends it as soon as it is decided. Its draws also take an e-mail address and an hour's idle
 * time, which a contact request and an idle check need and no shared word or number is.
 */
const targetLeaves: Leaves = {
  strings: fc.oneof(
    { weight: 4, arbitrary: leaves.strings! },
    // An e-mail address, a bundle's service, a tag's manifest.
    { weight: 1, arbitrary: fc.constantFrom('a@a.test', 'xray', 'a/1.0/manifest.json') },
  ),
  numbers: fc.oneof(
    { weight: 4, arbitrary: leaves.numbers! },
    { weight: 1, arbitrary: fc.constant(3_600_000) },
  ),
}
const targetArbitraries = new Map(
  commandCodecs.map(([type, codec]) => [
    type,
    arbitraryFromCodec(codec, 0, targetLeaves).map(
      (fields) => ({ ...(fields as object), type }) as AppCommand,
    ),
  ]),
)
type Start = Pick<Case, 'recorded' | 'until'>
/** Where a case about an area may start: empty, a recorded session, or a start built for the area. */
const startsOf = (area: string): ReadonlyArray<Start> => [
  {},
  ...STARTS,
  ...Object.entries(BUILT)
    .filter(([, built]) => built.area === area)
    .map(([recorded]) => ({ recorded })),
]
const targetCase = (type: string, from: Start): fc.Arbitrary<Case> => {
  const area = areaOf(type)
  const others = oneOf(commandArbitraries.filter(([other]) => areaOf(other) === area))
  const offer: fc.Arbitrary<Step> = fc
    .tuple(
      fc.array(targetArbitraries.get(type)!, { minLength: 1, maxLength: 12 }),
      fc.option(fc.nat({ max: 0x7fffffff }), { nil: undefined }),
      fc.array(others, { maxLength: 6 }),
    )
    .map(([[command, ...more], aimed, rest]) => ({
      command: command!,
      ...(aimed === undefined ? {} : { aimed }),
      or: [...more, ...rest],
      matched: true as const,
    }))
  // The first step offers it: a start built for it holds what it waits for.
  return fc
    .tuple(
      offer,
      fc.array(fc.oneof({ weight: 2, arbitrary: areaStep(area) }, { weight: 1, arbitrary: offer }), {
        maxLength: 60,
        size: 'max',
      }),
    )
    .map(([first, steps]) => ({ ...from, steps: [first, ...steps] }))
}
const anyTargetCase: fc.Arbitrary<Case> = fc
  .constantFrom(...commandCodecs.map(([type]) => type))
  .chain((type) => fc.constantFrom(...startsOf(areaOf(type))).chain((from) => targetCase(type, from)))
/** How many cases aimed at a type the count walks from each start, at most. */
const TARGET_RUNS = 4
const caseArbitrary: fc.Arbitrary<Case> = fc.oneof(
  { weight: 1, arbitrary: mixedCase },
  { weight: 1, arbitrary: anyTargetCase },
  { weight: 1, arbitrary: fc.oneof(...Object.keys(BUILT).map(builtCase)) },
  {
    weight: 3,
    arbitrary: fc.oneof(
      ...areasDriven.map((area) => ({ weight: commandsOf(area), arbitrary: areaCase(area) })),
    ),
  },
)

/** The fields by which an answer names its request. */
const CORRELATION = ['requestId', 'selection'] as const

/** Each area's last correlation values, from the events recorded so far. */
function lastRequests(): {
  readonly note: (event: AppEvent) => void
  readonly aim: (step: { readonly event: AppEvent; readonly answers?: true }) => AppEvent
} {
  const last = new Map<string, Record<string, unknown>>()
  return {
    note(event) {
      const data = (event as { data?: unknown }).data
      if (typeof data !== 'object' || data === null) return
      for (const field of CORRELATION)
        if (typeof (data as Record<string, unknown>)[field] === 'string')
          last.set(areaOf(event.type), {
            ...last.get(areaOf(event.type)),
            [field]: (data as Record<string, unknown>)[field],
          })
    },
    aim({ event, answers }) {
      const data = (event as { data?: unknown }).data
      const known = last.get(areaOf(event.type))
      if (!answers || known === undefined || typeof data !== 'object' || data === null) return event
      const aimed = Object.fromEntries(
        CORRELATION.filter((field) => field in data && field in known).map((field) => [field, known[field]]),
      )
      return { ...event, data: { ...data, ...aimed } } as AppEvent
    },
  }
}

const codecOf = new Map(commandCodecs)

/** The texts anywhere in a value (an event's data), in order. */
function textsIn(value: unknown, into: string[]): void {
  if (typeof value === 'string') into.push(value)
  else if (Array.isArray(value)) for (const item of value) textsIn(item, into)
  else if (typeof value === 'object' && value !== null)
    for (const [key, item] of Object.entries(value)) {
      into.push(key)
      textsIn(item, into)
    }
}

/**
 * A command `aimed` at what its area's events named: some of its texts (chosen by the step's
 * number) are given texts the area's recorded events carried (an item loaded, a file listed, a
 * bundle's id), where the command still decodes with them. A command two answers deep names
 * what the first answer loaded, which shared words alone seldom give.
 */
function aimCommand(command: AppCommand, seed: number, named: ReadonlyArray<string>): AppCommand {
  const codec = codecOf.get(command.type)
  if (named.length === 0 || codec === undefined) return command
  let state = seed >>> 0
  const next = (): number => {
    // A small deterministic generator (xorshift), so a kept case aims the same way again.
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    state >>>= 0
    return state
  }
  const aim = (value: unknown): unknown => {
    if (typeof value === 'string') return next() % 2 === 0 ? named[next() % named.length] : value
    if (Array.isArray(value)) return value.map(aim)
    if (typeof value === 'object' && value !== null)
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, aim(item)]))
    return value
  }
  const aimed = { ...(aim(command) as object), type: command.type }
  return isRight(codec.decode(aimed)) ? (aimed as AppCommand) : command
}

/**
 * A command whose text fields take the texts its area's events last gave fields of the same name
 * (a recent search's `id`, a folder's `repoKey` and `path`), where it still decodes with them.
 */
function matchFields(
  command: AppCommand,
  lastFields: ReadonlyMap<string, Record<string, string>>,
): AppCommand {
  const known = lastFields.get(areaOf(command.type)) ?? {}
  const matched = Object.fromEntries(
    Object.entries(command).map(([field, value]) => [
      field,
      field !== 'type' && typeof value === 'string' && field in known ? known[field] : value,
    ]),
  )
  const codec = codecOf.get(command.type)
  return codec !== undefined && isRight(codec.decode(matched)) ? (matched as AppCommand) : command
}

/**
 * The texts an event's data holds below its top level, by the name of their field, the last
 * one of a name kept; and each object's `id` by the name of the field that holds it as well,
 * `<field>Id`. A command names an item by what an event gave deeper or under another name: a
 * recent search by the `id` of a search ran's `recent`, an open version by its loaded `version`'s
 * `id` (its `versionId`), where the request's own `versionId` is the version's name.
 */
function nestedFields(
  value: unknown,
  holder = '',
  into: Record<string, string> = {},
): Record<string, string> {
  if (Array.isArray(value)) for (const item of value) nestedFields(item, holder, into)
  else if (typeof value === 'object' && value !== null) {
    for (const [field, item] of Object.entries(value)) {
      if (typeof item === 'string' && holder !== '') into[field] = item
      else nestedFields(item, field, into)
    }
    const id = (value as { id?: unknown }).id
    if (typeof id === 'string' && holder !== '') into[`${holder}Id`] = id
  }
  return into
}

/** Whether the command's area, asked now, would decide it into events (not refuse it). */
function decidedIntoEvents(command: AppCommand, state: AppState): boolean {
  const area = areaByKey.get(areaOf(command.type))
  const codec = codecOf.get(command.type)
  if (area === undefined || codec === undefined || !isRight(codec.decode(command))) return false
  const decide = area.decide as (c: AppCommand, s: AppState, m: CommandMeta) => Either<string, unknown[]>
  try {
    const decided = decide(command, state, { now: new Date().toISOString(), id: 'oracle-choice' })
    return isRight(decided) && decided.right.length > 0
  } catch {
    return false
  }
}

/**
 * The areas as the bus runs them, each decision into events told to `decided` (whoever sent the
 * command: the walk, or a policy answering one of its steps).
 */
function observedAreas(decided: (type: string) => void): AppRegistry {
  return createAreaRegistry<AppState, AppEvent, AnyArea>(
    areas.map((area) => {
      const decide = area.decide as (c: AppCommand, s: AppState, m: CommandMeta) => Either<string, unknown[]>
      return {
        ...area,
        decide: (command: AppCommand, state: AppState, meta: CommandMeta) => {
          const answer = decide(command, state, meta)
          if (isRight(answer) && answer.right.length > 0) decided(command.type)
          return answer
        },
      } as AnyArea
    }),
  )
}

/**
 * An app with nothing but injected events for effects, started as the case says; `decided`, its
 * areas observed (`observedAreas`).
 */
function start(recorded: string | undefined, until?: string, decided?: (type: string) => void) {
  const injected = new Subject<AppEvent>()
  const effects = { injected: () => injected }
  const app =
    decided === undefined
      ? createApp({ ports: fakePorts(), effects })
      : createBus({ ports: fakePorts(), effects, areas: observedAreas(decided) })
  const recordedSoFar: Envelope<AppEvent>[] = []
  const requests = lastRequests()
  // The texts each area's recorded events carried, once each, for the commands aimed at them.
  const named = new Map<string, Set<string>>()
  // The text each area's events last gave each field of their data, by the field's name.
  const lastFields = new Map<string, Record<string, string>>()
  // And those its events gave below their top level (`nestedFields`).
  const lastNested = new Map<string, Record<string, string>>()
  app.events$.subscribe((envelope) => {
    recordedSoFar.push(envelope)
    requests.note(envelope.event)
    const texts: string[] = []
    textsIn((envelope.event as { data?: unknown }).data, texts)
    const area = areaOf(envelope.event.type)
    named.set(area, new Set([...(named.get(area) ?? []), ...texts]))
    const data = (envelope.event as { data?: unknown }).data
    if (typeof data === 'object' && data !== null)
      for (const [field, value] of Object.entries(data))
        if (typeof value === 'string') lastFields.set(area, { ...lastFields.get(area), [field]: value })
    lastNested.set(area, { ...lastNested.get(area), ...nestedFields(data) })
  })
  const from = recorded === undefined ? [] : (recordedEvents.get(recorded) ?? builtEvents.get(recorded) ?? [])
  for (const event of from) {
    if (event.type === until) break
    injected.next(event)
  }
  const sent = new Map<string, number>()
  const command = ({ command: first, aimed, or = [], matched }: CommandStep): AppCommand => {
    const offered = [first, ...or].map((c, i) =>
      aimed === undefined ? c : aimCommand(c, aimed + i, [...(named.get(areaOf(c.type)) ?? [])]),
    )
    // Matched by the top level's names first, then by the nested ones: offered after the others,
    // they change a walk only where no earlier candidate was decided.
    const candidates = matched
      ? [
          ...offered,
          ...offered.map((c) => matchFields(c, lastFields)),
          ...offered.map((c) => matchFields(c, lastNested)),
        ]
      : offered
    // Of those decided, the type the case has sent least: the walk goes on to what it has not done.
    const decided = candidates.filter((c) => decidedIntoEvents(c, app.getState()))
    const chosen = decided.reduce<AppCommand | undefined>(
      (best, c) => (best === undefined || (sent.get(c.type) ?? 0) < (sent.get(best.type) ?? 0) ? c : best),
      undefined,
    )
    if (chosen !== undefined) sent.set(chosen.type, (sent.get(chosen.type) ?? 0) + 1)
    return chosen ?? candidates[0]!
  }
  const event = ({ event: first, answers, or = [] }: EventStep): AppEvent => {
    const candidates = [first, ...or].map((e) => requests.aim({ event: e, ...(answers ? { answers } : {}) }))
    const state = app.getState()
    const changes = (e: AppEvent): boolean => {
      const area = areaOf(e.type) as keyof AppState
      return evolve(state, e, { at: new Date().toISOString() })[area] !== state[area]
    }
    return candidates.find(changes) ?? candidates[0]!
  }
  return { app, injected, recorded: recordedSoFar, event, command }
}

/**
 * The bus records an event the log would refuse (no codec, not JSON, refused by its codec) as
 * the rejection of the command that decided it, and a decider that throws as the rejection of
 * its command, so every recorded event decodes whatever a decider or an effect gives; a command a
 * policy asks is decoded as a script's is. Here the commands and events sent all decode, so such
 * a rejection is a bug of whatever decided or asked: its reason, or undefined.
 */
function refusedEvent({ event, source }: Envelope<AppEvent>): string | undefined {
  if (event.type !== 'bus/CommandRejected') return undefined
  const { reason } = event.data as { readonly reason: string }
  if (reason.startsWith('event ') || reason.startsWith('decide threw: ')) return reason
  // A command a policy asked is built by the policy from what was recorded, which all decodes:
  // one no area takes, or its codec refuses (io-ts's "Invalid value …"), is the policy's bug.
  const unreadable =
    reason === 'no area handles this command' ||
    reason === 'no such command' ||
    reason.startsWith('Invalid value')
  return source === 'policy' && unreadable ? reason : undefined
}

/** The agreements, after every step; throws on the first that fails. */
function checkSteps({ recorded: from, until, steps }: Case): void {
  const { app, injected, recorded, event, command } = start(from, until)
  let decodedSoFar = 0
  try {
    for (const step of steps) {
      if ('command' in step) app.dispatch(command(step), 'script')
      else injected.next(event(step))
      const live = app.getState()
      const folded = recorded.reduce<AppState>((s, e) => evolve(s, e.event, { at: e.at }), initialAppState)
      // toEqual's own comparison is slow on the whole state; it runs only to explain a difference.
      if (!isDeepStrictEqual(folded, live)) expect(folded).toEqual(live)
      // Each event once: one checked at an earlier step has not changed since.
      for (const envelope of recorded.slice(decodedSoFar)) {
        const { event } = envelope
        const spec = eventSpecs.get(event.type)
        expect(spec, event.type).toBeDefined()
        expect(isRight(spec!.codec.decode(event)), event.type).toBe(true)
        expect(
          refusedEvent(envelope),
          "an event its codec refuses, a decider that threw, or a policy's command its codec refuses",
        ).toBeUndefined()
      }
      decodedSoFar = recorded.length
      const replayed = replayLog(app.exportLog())
      expect(replayed.errors).toEqual([])
      expect(replayed.hashMatches).toBe(true)
      if (!isDeepStrictEqual(replayed.state, live)) expect(replayed.state).toEqual(live)
    }
  } finally {
    app.dispose()
  }
}

describe('every area: live state, fold, replay and decoding agree after every step', () => {
  beforeAll(async () => {
    for (const [name, built] of Object.entries(BUILT)) builtEvents.set(name, await build(name, built))
  }, 600_000)

  it('covers every command the areas decode', () => {
    const types = new Set(commandCodecs.map(([type]) => type))
    // Every command `npm run codecs` wrote a codec for, whether or not its area was given them.
    const written = readdirSync(new URL('../../domain/', import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => new URL(`../../domain/${entry.name}/commandCodecs.gen.ts`, import.meta.url))
      .filter((file) => existsSync(file))
      .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/^ {2}'([A-Za-z]+\/[A-Za-z]+)':/gm)])
      .map((match) => match[1])
    expect(written.length).toBeGreaterThan(100)
    expect([...types].sort()).toEqual([...new Set(written)].sort())
    // Every area that takes commands is driven (the bus's own area takes none).
    const driven = new Set([...types].map((type) => type.slice(0, type.indexOf('/'))))
    expect([...driven].sort()).toEqual(
      areas
        .filter((a) => Object.keys((a as { commands?: object }).commands ?? {}).length > 0)
        .map((a) => a.key)
        .sort(),
    )
  })

  it("reaches every area's deciders: every command type is decided into events", () => {
    const decided = new Map<string, number>(commandCodecs.map(([type]) => [type, 0]))
    const refused = new Map<string, number>()
    // The command types decided in the cases of each built start, and in the others ('drawn'):
    // those decided only from a start are what the count loses without it.
    const decidedFrom = new Map<string, Set<string>>()
    const walk = ({ recorded: from, until, steps }: Case): void => {
      const origin = from !== undefined && from in BUILT ? from : 'drawn'
      const { app, injected, event, command } = start(from, until, (type) => {
        decided.set(type, (decided.get(type) ?? 0) + 1)
        decidedFrom.set(origin, new Set([...(decidedFrom.get(origin) ?? []), type]))
      })
      let sent = ''
      app.events$.subscribe(({ event }) => {
        if (sent !== '' && event.type === 'bus/CommandRejected') {
          const reason = `${sent}: ${(event.data as { reason: string }).reason}`
          refused.set(reason, (refused.get(reason) ?? 0) + 1)
        }
      })
      for (const step of steps) {
        if ('event' in step) injected.next(event(step))
        else {
          const chosen = command(step)
          sent = chosen.type
          app.dispatch(chosen, 'script')
          sent = ''
        }
      }
      app.dispose()
    }
    // Each area's cases, twice as many as it has command types (three at least): drawn at
    // random, a large area's few cases left most of its commands unreached, and with one case a
    // command the count moved by three whenever an area was added (education: 157 to 154).
    for (const c of [
      ...fc.sample(mixedCase, { numRuns: 30, seed: 37 }),
      ...areasDriven.flatMap((area) =>
        fc.sample(areaCase(area), { numRuns: 2 * commandsOf(area), seed: 37 }),
      ),
      // And the area's from each built start (drawn apart, so the cases above stay as drawn).
      ...Object.entries(BUILT).flatMap(([recorded, { area }]) =>
        fc.sample(builtCase(recorded), { numRuns: commandsOf(area), seed: 37 }),
      ),
    ])
      walk(c)
    // Then, for each type those left undecided, cases aimed at it from each start its area may
    // have, until one decides it (a command a dialog, a page or a chain of answers waits for is
    // offered at every step of a walk that builds them).
    const undecided = (): ReadonlyArray<string> =>
      [...decided].filter(([, n]) => n === 0).map(([type]) => type)
    const aimedAt = new Map<string, number>()
    for (const type of undecided())
      for (const from of startsOf(areaOf(type)))
        for (const c of fc.sample(targetCase(type, from), { numRuns: TARGET_RUNS, seed: 37 })) {
          if ((decided.get(type) ?? 0) > 0) break
          aimedAt.set(type, (aimedAt.get(type) ?? 0) + 1)
          walk(c)
        }
    // ORACLE_UNDECIDED=1 prints how many command types were decided, and those never decided.
    if (process.env.ORACLE_UNDECIDED === '1') {
      const never = undecided()
      console.log(
        `${decided.size - never.length} of ${decided.size} command types decided; never:\n${never
          .map((type) => {
            const why = [...refused].filter(([reason]) => reason.startsWith(`${type}: `))
            return `${type} (${why.map(([reason, n]) => `${n}× ${reason.slice(type.length + 2, type.length + 90)}`).join('; ')})`
          })
          .join('\n')}`,
      )
      console.log(
        `aimed at: ${[...aimedAt].map(([type, n]) => `${type} ${n}${decided.get(type) ? '' : ' (not decided)'}`).join(', ')}`,
      )
      for (const name of Object.keys(BUILT)) {
        const own = [...(decidedFrom.get(name) ?? [])].filter((type) =>
          [...decidedFrom].every(([other, types]) => other === name || !types.has(type)),
        )
        console.log(`decided only from ${name}: ${own.length} (${own.sort().join(', ')})`)
      }
    }
    const areasDecided = new Set([...decided].filter(([, n]) => n > 0).map(([type]) => areaOf(type)))
    expect([...areasDriven].filter((area) => !areasDecided.has(area))).toEqual([])
    // With the starts built for those a platform's answers wait for, the cases aimed at what the
    // drawn ones leave, and fields matched below an event's top level, every one at this seed
    // (197 before the nested fields: a recent search chosen by its id, the open version's Retry).
    expect(
      decided.size - undecided().length,
      `never decided: ${undecided().join(', ')}`,
    ).toBeGreaterThanOrEqual(199)
    // Some 230 cases and those aimed, each step's command tried against its area before it is sent: minutes under load.
  }, 300_000)

  it('for generated commands and events of every area, from the empty or a recorded state', () => {
    // ORACLE_RUNS=5000 hunts longer for a failure to keep. (25 cases whose steps are mostly
    // decided check more events than the 40 did whose commands were mostly refused.)
    const numRuns = Number(process.env.ORACLE_RUNS ?? 25)
    // ORACLE_TARGET=<command type> hunts with the cases aimed at that type only, from each start
    // its area may have: one type in 199 is seldom drawn, and a wrong event it alone records
    // would wait thousands of runs. A failure found so is kept and runs every time like any other.
    const target = process.env.ORACLE_TARGET
    const hunted =
      target === undefined
        ? caseArbitrary
        : fc.constantFrom(...startsOf(areaOf(target))).chain((from) => targetCase(target, from))
    assertKeeping(CASES, hunted, checkSteps, { numRuns })
  }, 300_000)

  it.each(keptCases<Case | ReadonlyArray<Step>>(CASES).map((c) => [c.found, c] as const))(
    'kept case: %s',
    (_found, c) => {
      // A case kept before cases had a start is a list of steps from the empty state.
      checkSteps(Array.isArray(c.value) ? { steps: c.value as ReadonlyArray<Step> } : (c.value as Case))
    },
  )
})
