// Pure helpers over the session slice that other areas (navigation guards, menus) read.
import { isLoginDialogSuppressed } from './rules'
import type { SessionState, UserData } from './types'

/** What these helpers read: the session slice, of the app's state or any state that holds it. */
export interface SessionSlices {
  readonly session: SessionState
}

/** A real user is signed in (not the anonymous user, not half-way through MFA). */
export const isSignedIn = (state: SessionSlices): boolean =>
  state.session.status === 'signedIn' && state.session.user !== null && !state.session.user.anonymous

export const isAdmin = (state: SessionSlices): boolean =>
  isSignedIn(state) && state.session.user?.admin === true

/**
 * The user may administer projects: an admin, or a project administrator (the "Project Admin"
 * role in at least one project).
 */
export const canAdministerProjects = (state: SessionSlices): boolean =>
  isSignedIn(state) && (state.session.user?.admin === true || state.session.user?.projectAdmin === true)

/** The visitor is the anonymous user (or nobody is known to be signed in). */
export const isAnonymous = (state: SessionSlices): boolean => !isSignedIn(state)

/** Anonymous visitors may stay only when the platform allows anonymous access. */
export const anonymousAccessAllowed = (state: SessionSlices): boolean => state.session.login.anonAccessEnabled

/** The signed-in user, or null (the anonymous user is not a user here). */
export const currentUser = (state: SessionSlices): UserData | null =>
  isSignedIn(state) ? state.session.user : null

export const userName = (state: SessionSlices): string => state.session.user?.name ?? 'anonymous'

/** User data is known (signed in or anonymous): start-up got past the user-data step. */
export const isSessionKnown = (state: SessionSlices): boolean => state.session.status !== 'unknown'

export const isSamlSession = (state: SessionSlices): boolean => state.session.user?.realm === 'saml'

/** The login dialog's text is shown unless dismissed and not permanent. */
export function loginDialogContent(state: SessionSlices): string | null {
  const dialog = state.session.login.loginDialogSettingsContent
  if (!dialog || dialog.content.trim() === '') return null
  return isLoginDialogSuppressed(state.session.loginDialogDismissed ? 'true' : null, dialog.permanent)
    ? null
    : dialog.content
}

/** Periodic refreshes (service status, notifications…) run only when this is false. */
export const refreshesPaused = (state: SessionSlices): boolean => state.session.refreshesPaused
