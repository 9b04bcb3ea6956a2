import { left, right, type Either } from 'fp-ts/Either'
import { epochMs, recordedMs, type CommandMeta, type EventMeta, type SliceArea } from '../shared/area'
import type { EventOf } from '../shared/events'
import { isCloudTrial, isTour, shellContextOf, type ShellContext, type ShellSlices } from './context'
import {
  ChunkLoadFailed,
  GuardRequested,
  DebugPanelToggled,
  Deferred,
  Denied,
  LeftForExternal,
  MenuOpened,
  ModalClosed,
  ModalOpened,
  Navigated,
  ProjectSelected,
  Redirected,
  RouteRegistered,
  SessionCheckRequested,
  SidebarToggled,
  navigationEvents,
  type NavigationEvent,
} from './events'
import { adminLanding, applicationLanding, landingFor } from './landing'
import {
  hasContactUsContext,
  locationText,
  parseTarget,
  resolveNavigation,
  type LoginGuard,
} from './pipeline'
import { loginGuard, type LoginGuardCommand, type SessionCommand, type SessionState } from '../session'
import type { Footer, PlatformCommand, ProjectsLoaded } from '../platform'
import type { NavigationCommand } from './commands'
import { guideContextFor, tracksGuideContext } from './guideContext'
import { GuideContextMatched } from '../tour/events'
import type { RouteDef } from './routes'
import { editableNavigation, initialNavigationState, type NavigationState } from './types'
import { navigationCommandCodecs } from './commandCodecs.gen'
import { accountPortalOf, NO_ACCOUNT_PORTAL } from './userRoute'
import { projectToRestore } from './menus'

/**
 * What the navigation area reads of the rest of the state: who the user is and what the
 * instance offers (the shell context), the session the login guard judges, and the platform's
 * footer, which names the account portal.
 */
export interface NavigationContext {
  readonly shell: ShellContext
  readonly session: SessionState
  readonly footer: Footer | null
}

export const navigationContextOf = (state: ShellSlices): NavigationContext => ({
  shell: shellContextOf(state),
  session: state.session,
  footer: state.platform.footer,
})

/** Every event the area decides or evolves: its own and the tour's guide context it matches. */
type AreaEvent = NavigationEvent | EventOf<typeof GuideContextMatched>

/** An idle session that becomes active after this long asks whether it has expired. */
export const IDLE_CHECK_MS = 60_000

type Mode = 'push' | 'replace' | 'pop'
type Decision = Either<string, ReadonlyArray<AreaEvent>>

const queryRecord = (query: string): Record<string, string> => Object.fromEntries(new URLSearchParams(query))

/**
 * The session area's login guard as a pipeline step; the commands it asks for are collected
 * (once each) and recorded, and the navigation area's policy dispatches them.
 */
function sessionGuard(
  nav: NavigationState,
  context: NavigationContext,
  asked: LoginGuardCommand[],
): LoginGuard {
  return (path, query) => {
    const decision = loginGuard(context, path, queryRecord(query))
    for (const command of decision.commands)
      if (!asked.some((c) => JSON.stringify(c) === JSON.stringify(command))) asked.push(command)
    switch (decision.kind) {
      case 'allow':
        return undefined
      case 'redirect':
        return { kind: 'redirect', to: decision.to, reason: 'login guard' }
      case 'landing':
        return {
          kind: 'redirect',
          to: landingFor(context.shell, nav),
          reason: 'signed in: default landing',
        }
      case 'cancel':
        return { kind: 'deny', reason: 'login guard: leaving the console' }
    }
  }
}

function navigate(
  nav: NavigationState,
  context: NavigationContext,
  to: string,
  mode: Mode,
  meta: CommandMeta,
  force = false,
): Decision {
  const asked: LoginGuardCommand[] = []
  const decided = route(nav, context.shell, to, mode, meta, sessionGuard(nav, context, asked), force)
  if (asked.length === 0 || decided._tag === 'Left') return decided
  return right([...decided.right, GuardRequested({ commands: asked.map((c) => ({ ...c })) })])
}

/** Whose project choice is remembered: a signed-in user's only. */
const chooser = (ctx: ShellContext): string | null => (ctx.signedIn ? ctx.userName : null)

function route(
  nav: NavigationState,
  ctx: ShellContext,
  to: string,
  mode: Mode,
  meta: CommandMeta,
  guard: LoginGuard,
  force: boolean,
): Decision {
  const nowMs = epochMs(meta)
  const start = parseTarget(to)
  // Where the address bar goes back to if this is refused (it shows the refused path on back or forward).
  const stayAt = nav.navigations > 0 ? { path: nav.location.path, query: nav.location.query } : null
  if (!start)
    return right([Denied({ path: to, reason: 'unsafe target', notify: false, id: meta.id, stayAt })])
  const first = nav.navigations === 0 || nav.guardPending
  let resolution = resolveNavigation(ctx, nav, start, guard)
  const events: AreaEvent[] = resolution.hops.map((hop) => Redirected(hop))
  if (resolution.kind === 'deny') {
    events.push(
      Denied({
        path: locationText(resolution.location),
        reason: resolution.reason,
        notify: resolution.notify,
        id: meta.id,
        stayAt,
      }),
    )
    // With no page to stay on, the user goes to the fallback instead of a blank screen.
    if (!first || !resolution.fallback) return right(events)
    // The fallback's own redirects follow it, so the log's redirects stay one chain.
    const { fallback } = resolution
    events.push(
      Redirected({
        from: locationText(resolution.location),
        to: locationText(fallback),
        reason: 'fallback after denial',
      }),
    )
    resolution = resolveNavigation(ctx, nav, fallback, guard)
    events.push(...resolution.hops.map((hop) => Redirected(hop)))
    if (resolution.kind === 'deny') return right(events)
  }
  const redirected = events.length > 0
  const effectiveMode: Mode = redirected && mode !== 'push' ? 'replace' : mode
  if (resolution.kind === 'defer') {
    events.push(Deferred({ location: resolution.location, mode: effectiveMode }))
    return right(events)
  }
  const { location, match } = resolution
  const same = locationText(location) === locationText(nav.location)
  if (same && !first && !force) return right(events)
  const route = match.route
  const tracked = route.layout === 'main' && route.area !== 'errors'
  events.push(
    Navigated({
      location,
      routeName: route.name,
      mode: effectiveMode,
      user: ctx.userName,
      ...(tracked ? { sidebar: route.sidebar ?? 'application' } : {}),
    }),
  )
  // The last activity is when the last Navigated was recorded (its envelope's time).
  if (ctx.signedIn && nav.lastActivityMs !== undefined && nowMs - nav.lastActivityMs > IDLE_CHECK_MS)
    events.push(SessionCheckRequested({ idleMs: nowMs - nav.lastActivityMs, user: ctx.userName }))
  if (hasContactUsContext(location.query) && (isCloudTrial(ctx) || isTour(ctx)))
    events.push(ModalOpened({ modal: 'contactUs' }))
  if (nav.selectedProject !== undefined && route.resetsProject)
    events.push(ProjectSelected({ user: chooser(ctx) }))
  // Tour and cloud trial: the guide context is reset by the navigation and matched to its path.
  if (tracksGuideContext(ctx) && tracked)
    events.push(GuideContextMatched({ context: guideContextFor(location.path) }))
  return right(events)
}

function decide(
  command: NavigationCommand,
  nav: NavigationState,
  context: NavigationContext,
  meta: CommandMeta,
): Decision {
  const go = (to: string, mode: Mode, force = false) => navigate(nav, context, to, mode, meta, force)
  switch (command.type) {
    case 'navigation/Navigate':
      return go(command.to, command.replace ? 'replace' : 'push')
    case 'navigation/SyncFromHistory':
      return go(command.to, 'pop')
    case 'navigation/GoToLanding':
      return go(landingFor(context.shell, nav), 'push')
    case 'navigation/GoToAdminLanding':
      return go(adminLanding(context.shell, nav), 'push')
    case 'navigation/GoToApplicationLanding':
      return go(applicationLanding(context.shell, nav), 'push')
    case 'navigation/RecheckGuard':
      return nav.guardPending ? go(locationText(nav.location), 'replace', true) : right([])
    case 'navigation/LeaveForExternal':
      return /^https?:\/\//i.test(command.url)
        ? right([LeftForExternal({ url: command.url })])
        : left('only http(s) addresses can be opened')
    case 'navigation/OpenAccountPortal': {
      const url = accountPortalOf(context.footer)
      return url === undefined ? left(NO_ACCOUNT_PORTAL) : right([LeftForExternal({ url })])
    }
    case 'navigation/ToggleSidebar':
      return right([SidebarToggled({ collapsed: !nav.sidebarCollapsed })])
    case 'navigation/OpenMenu':
      return (nav.openMenu ?? null) === command.menu ? right([]) : right([MenuOpened({ menu: command.menu })])
    case 'navigation/OpenModal':
      return nav.openModals.includes(command.modal)
        ? right([])
        : right([ModalOpened({ modal: command.modal })])
    case 'navigation/CloseModal':
      return nav.openModals.includes(command.modal)
        ? right([ModalClosed({ modal: command.modal })])
        : right([])
    case 'navigation/SelectProject':
      return command.key === nav.selectedProject
        ? right([])
        : right([
            ProjectSelected({
              user: chooser(context.shell),
              ...(command.key === undefined ? {} : { key: command.key }),
            }),
          ])
    case 'navigation/RegisterRoute': {
      if (!command.pattern.startsWith('/')) return left('a route pattern starts with /')
      if (nav.pluginRoutes.some((r) => r.pattern === command.pattern)) return right([])
      return right([
        RouteRegistered({
          name: command.name,
          pattern: command.pattern,
          ...(command.title === undefined ? {} : { title: command.title }),
          ...(command.order === undefined ? {} : { order: command.order }),
        }),
      ])
    }
    case 'navigation/ToggleDebugPanel':
      return right([DebugPanelToggled({ open: !nav.debugPanelOpen })])
    case 'navigation/RecordChunkFailure':
      return nav.failedChunks.includes(command.area)
        ? right([])
        : right([
            ChunkLoadFailed({
              name: command.asset === 'style' ? 'CSS_CHUNK_LOAD_FAILED' : 'ChunkLoadError',
              area: command.area,
              type: command.failure,
              request: command.request,
            }),
          ])
  }
}

const MAX_PLUGIN_ROUTES = 100

/** `nav` with one key changed (see editableNavigation for why not a spread). */
function withField<K extends keyof NavigationState>(
  nav: NavigationState,
  key: K,
  value: NavigationState[K],
): NavigationState {
  const next = editableNavigation(nav)
  next[key] = value
  return next
}

function evolve(nav: NavigationState, event: AreaEvent, meta: EventMeta): NavigationState {
  // Each case edits a fresh copy (editableNavigation) rather than spreading `nav`: see there.
  switch ((event as NavigationEvent).type) {
    case 'navigation/Navigated': {
      const { location, sidebar, user, recordedAtMs } = (event as ReturnType<typeof Navigated>).data
      const sameUser = nav.lastUser === user
      const text = `${location.path}${location.query}`
      const next = editableNavigation(nav)
      next.location = location
      if (nav.navigations > 0 && !nav.guardPending) next.previousPath = nav.location.path
      next.navigations = nav.navigations + 1
      // A v1 event's own time, so an older log folds to the state it hashed.
      next.lastActivityMs = recordedAtMs ?? recordedMs(meta)
      next.guardPending = false
      next.sidebar = sidebar ?? nav.sidebar
      next.openMenu = undefined
      next.openModals = []
      next.lastUser = user
      next.lastApplicationPath =
        sidebar === 'application' ? text : sameUser ? nav.lastApplicationPath : undefined
      next.lastAdminPath =
        sidebar === 'administration' || sidebar === 'projectSettings'
          ? text
          : sameUser
            ? nav.lastAdminPath
            : undefined
      return next
    }
    case 'navigation/Deferred': {
      const next = editableNavigation(nav)
      next.location = (event as ReturnType<typeof Deferred>).data.location
      next.guardPending = true
      return next
    }
    case 'navigation/Denied': {
      const { path, reason } = (event as ReturnType<typeof Denied>).data
      return withField(nav, 'lastDenial', { path, reason })
    }
    case 'navigation/SidebarToggled':
      return withField(nav, 'sidebarCollapsed', (event as ReturnType<typeof SidebarToggled>).data.collapsed)
    case 'navigation/MenuOpened':
      return withField(nav, 'openMenu', (event as ReturnType<typeof MenuOpened>).data.menu ?? undefined)
    case 'navigation/ModalOpened':
      return withField(nav, 'openModals', [
        ...nav.openModals,
        (event as ReturnType<typeof ModalOpened>).data.modal,
      ])
    case 'navigation/ModalClosed': {
      const modal = (event as ReturnType<typeof ModalClosed>).data.modal
      return withField(
        nav,
        'openModals',
        nav.openModals.filter((m) => m !== modal),
      )
    }
    case 'navigation/ProjectSelected':
      return withField(nav, 'selectedProject', (event as ReturnType<typeof ProjectSelected>).data.key)
    case 'navigation/RouteRegistered': {
      const { name, pattern, title, order } = (event as ReturnType<typeof RouteRegistered>).data
      const route: RouteDef = {
        name,
        pattern,
        layout: 'main',
        area: 'plugin',
        sidebar: 'application',
        ...(title === undefined ? {} : { title }),
        ...(order === undefined ? {} : { order }),
      }
      return withField(nav, 'pluginRoutes', [...nav.pluginRoutes, route].slice(-MAX_PLUGIN_ROUTES))
    }
    case 'navigation/ChunkLoadFailed': {
      const next = editableNavigation(nav)
      next.failedChunks = [
        ...nav.failedChunks,
        (event as ReturnType<typeof ChunkLoadFailed>).data.area,
      ].slice(-MAX_PLUGIN_ROUTES)
      return next
    }
    case 'navigation/DebugPanelToggled':
      return withField(nav, 'debugPanelOpen', (event as ReturnType<typeof DebugPanelToggled>).data.open)
    default:
      return nav
  }
}

export const navigationArea: SliceArea<
  'navigation',
  NavigationState,
  NavigationCommand,
  AreaEvent,
  NavigationContext,
  NavigationCommand | SessionCommand | PlatformCommand,
  ShellSlices
> = {
  key: 'navigation',
  commands: navigationCommandCodecs,
  initialState: initialNavigationState,
  events: navigationEvents,
  contextOf: navigationContextOf,
  decide,
  evolve,
  evolvesOn: [],
  policies: (envelope, nav, context): ReadonlyArray<NavigationCommand | SessionCommand | PlatformCommand> => {
    const event = envelope.event
    // A new project context re-initialises the security scanner's user data (spec 000 section 4).
    if (event.type === 'navigation/ProjectSelected') return [{ type: 'platform/RecheckScanner' }]
    // The project the user last chose is chosen again once their projects are known (spec 000 section 2).
    // Policies see every event; this one of the platform's is not among the area's own.
    const loaded = envelope.event as AreaEvent | EventOf<typeof ProjectsLoaded>
    if (loaded.type === 'platform/ProjectsLoaded') {
      const key = projectToRestore(loaded.data.remembered, loaded.data.projects, nav.selectedProject)
      return key !== undefined && context.shell.signedIn ? [{ type: 'navigation/SelectProject', key }] : []
    }
    // The login guard's requests are the session area's commands (their shapes were checked when asked).
    if (event.type === 'navigation/GuardRequested') return event.data.commands
    // A navigation that waited for the start-up data is guarded again as soon as it has settled.
    return nav.guardPending && !event.type.startsWith('navigation/') && context.shell.startupSettled
      ? [{ type: 'navigation/RecheckGuard' }]
      : []
  },
}
