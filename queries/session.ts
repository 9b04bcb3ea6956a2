import type { Selector } from './types'
import type { SessionState, UserData } from '../domain/session'
import {
  canAdministerProjects,
  currentUser,
  isAdmin,
  isSignedIn,
  loginDialogContent,
  refreshesPaused,
} from '../domain/session/selectors'

// Queries of the session area, named `session/Noun`.
const session: Selector<object, SessionState> = (state) => state.session
const user: Selector<object, UserData | null> = (state) => currentUser(state)
const signedIn: Selector<object, boolean> = (state) => isSignedIn(state)
const admin: Selector<object, boolean> = (state) => isAdmin(state)
const loginSettings: Selector<object, SessionState['login']> = (state) => state.session.login
const forms: Selector<object, SessionState['forms']> = (state) => state.session.forms
const dialog: Selector<object, string | null> = (state) => loginDialogContent(state)
const paused: Selector<object, boolean> = (state) => refreshesPaused(state)
const projectsAdmin: Selector<object, boolean> = (state) => canAdministerProjects(state)
const status: Selector<object, SessionState['status']> = (state) => state.session.status

export const sessionQueries = {
  'session/State': session,
  'session/User': user,
  'session/SignedIn': signedIn,
  'session/IsAdmin': admin,
  /** Admins and project administrators: the project pages, project settings, package counts. */
  'session/CanAdministerProjects': projectsAdmin,
  'session/Status': status,
  'session/LoginSettings': loginSettings,
  'session/Forms': forms,
  'session/LoginDialog': dialog,
  'session/RefreshesPaused': paused,
}
