import type { RouteDef, SidebarKind } from './routes'

/** Where the console is: a path relative to the `/ui` base and its query (with `?`, or empty). */
export interface Location {
  readonly path: string
  readonly query: string
}

/** Modals that close on navigation (spec 000 section 4, onboarding). */
export type ClosableModal =
  'repositoryCreation' | 'repositoryCreated' | 'projectsAnimation' | 'contactUs' | 'keyboardShortcuts'

export interface SetMeUpState {
  readonly visible: boolean
  readonly packageType?: string
  readonly availableRepos: ReadonlyArray<string>
  readonly getActiveNode: boolean
}

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
  /** The overlay quick-setup wizard (when quick setup is not a route). */
  readonly quickSetupVisible: boolean
  readonly setMeUp: SetMeUpState
  readonly singlePackageSelection: boolean
  readonly predefinedPackageType?: string
  /** Why the last navigation was refused, for the log and a test to read. */
  readonly lastDenial?: { readonly path: string; readonly reason: string }
  /** Routes registered by plugins after start-up. */
  readonly pluginRoutes: ReadonlyArray<RouteDef>
  /** Areas whose chunk failed to load: they render nothing. */
  readonly failedChunks: ReadonlyArray<string>
  /** The debug panel (event log export). */
  readonly debugPanelOpen: boolean
  readonly navigationType: NavigationType
  /** The navigation tour, while it runs: the step shown. */
  readonly tour?: { readonly step: number }
  /** When this user last finished the tour (kept in local storage by an effect). */
  readonly tourCompleted?: { readonly user: string; readonly at: string }
  /** Tour and cloud-trial instances: the part of the product the current path belongs to. */
  readonly guideContext?: string
}

export const initialNavigationState: NavigationState = {
  location: { path: '/', query: '' },
  navigations: 0,
  guardPending: false,
  sidebar: 'application',
  sidebarCollapsed: false,
  openModals: [],
  quickSetupVisible: false,
  setMeUp: { visible: false, availableRepos: [], getActiveNode: true },
  singlePackageSelection: false,
  pluginRoutes: [],
  failedChunks: [],
  debugPanelOpen: false,
  navigationType: 'new',
}
