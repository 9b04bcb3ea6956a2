import type { RouteDef, SidebarKind } from './routes'

/** Where the console is: a path relative to the `/ui` base and its query (with `?`, or empty). */
export interface Location {
  readonly path: string
  readonly query: string
}

/** Modals that close on navigation (spec 000 section 4, onboarding). */
export type ClosableModal =
  'repositoryCreation' | 'repositoryCreated' | 'projectsAnimation' | 'contactUs' | 'keyboardShortcuts'

/** The layout of the chrome: sidebars (new) or a top navigation bar (classic); a per-user preference. */
export type NavigationType = 'new' | 'classic'

export interface NavigationState {
  readonly location: Location
  /** The path before the current one; undefined on the first page (the 500 page relies on it). */
  readonly previousPath?: string
  /** Count of accepted navigations (a new value re-renders the router). */
  readonly navigations: number
  /** When the last navigation or activity happened (epoch ms), for the idle check. */
  readonly lastActivityMs?: number
  /** A navigation arrived before the platform's initial data: the guard runs again once it has. */
  readonly guardPending: boolean
  readonly sidebar: SidebarKind
  readonly sidebarCollapsed: boolean
  /** The open top-bar menu, if any. */
  readonly openMenu?: 'user' | 'help' | 'add'
  readonly lastApplicationPath?: string
  readonly lastAdminPath?: string
  /** Whose visits the two paths above are: another user's last visit is never an override. */
  readonly lastUser?: string
  /** The selected project (project context); undefined for all projects. */
  readonly selectedProject?: string
  readonly openModals: ReadonlyArray<ClosableModal>
  /** Why the last navigation was refused, for the log and a test to read. */
  readonly lastDenial?: { readonly path: string; readonly reason: string }
  /** Routes registered by plugins after start-up. */
  readonly pluginRoutes: ReadonlyArray<RouteDef>
  /** Areas whose chunk failed to load: they render nothing. */
  readonly failedChunks: ReadonlyArray<string>
  /** The debug panel (event log export). */
  readonly debugPanelOpen: boolean
}

/**
 * Every key of the state, optional ones as `undefined` (the state hash drops those), so that
 * each state has the same shape. See `editableNavigation`.
 */
export const initialNavigationState: NavigationState = {
  location: { path: '/', query: '' },
  previousPath: undefined,
  navigations: 0,
  lastActivityMs: undefined,
  guardPending: false,
  sidebar: 'application',
  sidebarCollapsed: false,
  openMenu: undefined,
  lastApplicationPath: undefined,
  lastAdminPath: undefined,
  lastUser: undefined,
  selectedProject: undefined,
  openModals: [],
  lastDenial: undefined,
  pluginRoutes: [],
  failedChunks: [],
  debugPanelOpen: false,
}

/** A navigation state being made by `evolve`, not yet shown to anyone. */
export type NavigationDraft = { -readonly [K in keyof NavigationState]: NavigationState[K] }

/**
 * A copy of `nav` to change and return, written out key by key. `evolve` runs for every
 * event, replay included, and V8 (Node 20) spreads an object of this many keys through its
 * slow path: a new hidden class per copy, about 1 KB and ten times the time of this literal.
 * A key added to NavigationState must be added here (the type checks it).
 */
export function editableNavigation(n: NavigationState): NavigationDraft {
  // Every key, the optional ones too: leaving one out is a type error.
  const draft: { -readonly [K in keyof Required<NavigationState>]: NavigationState[K] } = {
    location: n.location,
    previousPath: n.previousPath,
    navigations: n.navigations,
    lastActivityMs: n.lastActivityMs,
    guardPending: n.guardPending,
    sidebar: n.sidebar,
    sidebarCollapsed: n.sidebarCollapsed,
    openMenu: n.openMenu,
    lastApplicationPath: n.lastApplicationPath,
    lastAdminPath: n.lastAdminPath,
    lastUser: n.lastUser,
    selectedProject: n.selectedProject,
    openModals: n.openModals,
    lastDenial: n.lastDenial,
    pluginRoutes: n.pluginRoutes,
    failedChunks: n.failedChunks,
    debugPanelOpen: n.debugPanelOpen,
  }
  return draft
}
