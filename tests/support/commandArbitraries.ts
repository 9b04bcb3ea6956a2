/**
 * Generators of commands for the bus property test and the benchmarks: every area's
 * commands, with values a user, the router or a script could send (paths from the hostile
 * corpora among them). Add an area's commands here when the area gains some.
 */
import fc from 'fast-check'
import type { AppCommand } from '../../domain/app'
import { PackageQuery } from '../../domain/packages/types'
import type { NotificationsCommand } from '../../domain/notifications'
import { notificationsCommandCodecs } from '../../domain/notifications/commandCodecs.gen'
import { SEARCH_TYPE_IDS } from '../../domain/search/searchTypes'
import { arbitraryFromCodec } from './arbitraryFromCodec'

const c = <C extends AppCommand>(command: C): AppCommand => command

// A command no area handles: the bus must record its rejection.
const unknownCommand = fc
  .constantFrom('nowhere/DoThing', 'session', '', 'search/')
  .map((type) => ({ type }) as unknown as AppCommand)

const text = fc.string({ maxLength: 30 })
const ref = fc.constantFrom('secret-1', 'secret-unknown')
const path = fc.oneof(
  fc.constantFrom(
    '/',
    '/home',
    '/login',
    '/logout',
    '/packages',
    '/packages/npm%3A%2F%2Freact',
    '/packages/npm%3A%2F%2Freact/18.2.0',
    '/admin',
    '/admin/projects/list',
    '/admin/mission_control/topology',
    '/404',
    '/search/packages?q=react',
    '//evil.example',
    '/\\evil.example',
    'https://evil.example/',
    '/%2F%2Fevil.example',
  ),
  text.map((s) => `/${s}`),
)

const session = fc.oneof(
  fc.constant(c({ type: 'session/LoadLoginData' })),
  fc
    .record({ user: text, passwordRef: ref, rememberMe: fc.boolean() })
    .map((r) => c({ type: 'session/SignIn', ...r })),
  fc.constant(c({ type: 'session/LoadMfaEnrollment' })),
  ref.map((otpRef) => c({ type: 'session/VerifyOtp', otpRef })),
  fc.constantFrom('logout', 'sso', undefined).map((reason) => c({ type: 'session/SignOut', reason })),
  text.map((user) => c({ type: 'session/RequestPasswordReset', user })),
  ref.map((keyRef) => c({ type: 'session/ValidateResetKey', keyRef })),
  path.map((p) => c({ type: 'session/SavePathAfterLogin', path: p })),
  fc.constant(c({ type: 'session/RedirectAfterLogin' })),
  fc.constant(c({ type: 'session/ClearPathAfterLogin' })),
  fc.constant(c({ type: 'session/DismissLoginDialog' })),
  fc.constant(c({ type: 'session/ForgetLoginDialogDismissal' })),
  fc.constant(c({ type: 'session/AutoRedirectToSso' })),
  fc.integer({ min: 0, max: 200_000 }).map((idleMs) => c({ type: 'session/CheckSession', idleMs })),
  fc.constant(c({ type: 'session/ResetIdentity' })),
)

const platform = fc.oneof(
  fc.constantFrom('boot', 'login', undefined).map((reason) => c({ type: 'platform/Start', reason })),
  fc.constant(c({ type: 'platform/RecheckScanner' })),
)

const navigation = fc.oneof(
  path.map((to) => c({ type: 'navigation/Navigate', to })),
  path.map((to) => c({ type: 'navigation/SyncFromHistory', to })),
  fc.constant(c({ type: 'navigation/GoToLanding' })),
  fc.constant(c({ type: 'navigation/GoToAdminLanding' })),
  fc.constant(c({ type: 'navigation/GoToApplicationLanding' })),
  fc.constant(c({ type: 'navigation/RecheckGuard' })),
  fc.constant(c({ type: 'navigation/ToggleSidebar' })),
  fc.constantFrom('user', 'help', 'add', null).map((menu) => c({ type: 'navigation/OpenMenu', menu })),
  fc
    .constantFrom('repositoryCreation', 'repositoryCreated', 'projectsAnimation', 'contactUs')
    .chain((modal) =>
      fc.constantFrom(
        c({ type: 'navigation/OpenModal', modal }),
        c({ type: 'navigation/CloseModal', modal }),
      ),
    ),
  fc.option(text, { nil: undefined }).map((key) => c({ type: 'navigation/SelectProject', key })),
  fc.constant(c({ type: 'navigation/ToggleDebugPanel' })),
)

const notifications = fc.oneof(
  arbitraryFromCodec(notificationsCommandCodecs['notifications/Show']).map((r) =>
    c({
      type: 'notifications/Show',
      ...(r as Omit<NotificationsCommand & { type: 'notifications/Show' }, 'type'>),
    }),
  ),
  fc.constantFrom('id-1', 'id-2', 'id-9').map((id) => c({ type: 'notifications/Dismiss', id })),
)

const search = fc.oneof(
  text.map((t) => c({ type: 'search/ChangeText', text: t })),
  fc.constantFrom(...SEARCH_TYPE_IDS).map((searchType) => c({ type: 'search/ChangeType', searchType })),
  fc.constant(c({ type: 'search/Run' })),
  fc.constantFrom('id-1', 'id-3').map((id) => c({ type: 'search/SelectRecent', id })),
  fc.record({ path, query: text }).map((r) => c({ type: 'search/SyncWithUrl', ...r })),
)

const packageQuery = arbitraryFromCodec(PackageQuery) as fc.Arbitrary<PackageQuery>
const packageId = fc.constantFrom('npm://react', 'npm://@types/node', 'debian://bash', 'npm://no-such')
const packages = fc.oneof(
  fc.option(packageQuery, { nil: null }).map((query) => c({ type: 'packages/OpenList', query })),
  fc.constant(c({ type: 'packages/LoadMore' })),
  fc.constant(c({ type: 'packages/RetryList' })),
  packageId.map((id) => c({ type: 'packages/OpenPackage', packageId: id })),
  fc
    .record({ packageId, versionId: fc.constantFrom('18.2.0', '1.0.0') })
    .map((r) => c({ type: 'packages/OpenVersion', ...r })),
)

const serviceStatus = fc.oneof(
  fc.constantFrom(
    c({ type: 'serviceStatus/LoadTopology' }),
    c({ type: 'serviceStatus/OpenLogViewer' }),
    c({ type: 'serviceStatus/CloseLogViewer' }),
    c({ type: 'serviceStatus/PauseLog' }),
    c({ type: 'serviceStatus/ResumeLog' }),
    c({ type: 'serviceStatus/RefreshLogNow' }),
  ),
  fc
    .constantFrom('jfrt', 'jfxr', 'nope')
    .map((product) => c({ type: 'serviceStatus/ChooseLogProduct', product })),
  fc.constantFrom('node-1', 'node-2').map((nodeId) => c({ type: 'serviceStatus/ChooseLogNode', nodeId })),
  fc
    .constantFrom('artifactory-request.log', '../x')
    .map((file) => c({ type: 'serviceStatus/ChooseLogFile', file })),
  fc.boolean().map((visible) => c({ type: 'serviceStatus/SetLogVisibility', visible })),
  fc
    .record({ content: fc.constantFrom('', 'INFO up\n'), fileSize: fc.nat(40) })
    .map(({ content, fileSize }) =>
      c({
        type: 'serviceStatus/TakeLogChunk',
        selection: 'id-1',
        from: 0,
        content,
        fileSize,
        lastUpdate: 't1',
      }),
    ),
)

const bundleRequest = fc.record({
  name: fc.oneof(fc.constantFrom('nightly', 'bad name', ''), text),
  description: text,
  service: fc.constantFrom('artifactory', 'xray', 'pipelines'),
  threadDumpCount: fc.constantFrom(1, 2.5, 11, -1),
  threadDumpInterval: fc.constantFrom(0, 10, Number.NaN),
})
const supportBundles = fc.oneof(
  fc.constantFrom(
    c({ type: 'supportBundles/Open' }),
    c({ type: 'supportBundles/Close' }),
    c({ type: 'supportBundles/Reload' }),
    c({ type: 'supportBundles/CheckRetention' }),
    c({ type: 'supportBundles/ClearPlaceholders' }),
  ),
  bundleRequest.map((request) => c({ type: 'supportBundles/Create', request })),
  fc.constantFrom('b-1', 'pending-id-1').map((id) => c({ type: 'supportBundles/Delete', id })),
  fc.constantFrom('b-1', 'nope').map((id) => c({ type: 'supportBundles/Download', id })),
)

// Quick setup (its own area) and set-me-up (the onboarding area's).
const onboarding = fc.oneof(
  fc.constantFrom(
    c({ type: 'quickSetup/Open' }),
    c({ type: 'quickSetup/Close' }),
    c({ type: 'setMeUp/Hide' }),
    c({ type: 'setMeUp/LoadClientBaseUrl' }),
  ),
  fc
    .option(fc.constantFrom('npm', 'Docker', 'generic'), { nil: undefined })
    .map((packageType) => c({ type: 'setMeUp/Show', ...(packageType ? { packageType } : {}) })),
)

export const commandArbitrary: fc.Arbitrary<AppCommand> = fc.oneof(
  { weight: 1, arbitrary: unknownCommand },
  { weight: 3, arbitrary: session },
  { weight: 1, arbitrary: platform },
  { weight: 4, arbitrary: navigation },
  { weight: 1, arbitrary: notifications },
  { weight: 3, arbitrary: search },
  { weight: 3, arbitrary: packages },
  { weight: 2, arbitrary: serviceStatus },
  { weight: 2, arbitrary: supportBundles },
  { weight: 1, arbitrary: onboarding },
)
